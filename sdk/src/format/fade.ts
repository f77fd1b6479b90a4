/**
 * How strongly the size and modified-time cells stand out (product §9:
 * "Modified-time fade window 26784e5 ms (about 31 days); size fade scales up
 * to 10 MiB").
 *
 * Both follow the shape of Nextcloud's files list: the result is the
 * percentage (0 to 100) of the main text colour to mix with the low-contrast
 * text colour, for example
 * `color-mix(in srgb, var(--color-main-text) ${percent}%, var(--color-text-maxcontrast))`.
 * `null` means "no emphasis": render the cell in its plain low-contrast style.
 */

/** Modified-time fade window in milliseconds: 31 days. */
export const MTIME_FADE_WINDOW_MS = 26784e5;

/** Size at which the size cell reaches full emphasis: 10 MiB. */
export const SIZE_FADE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Emphasis of a modified time: 100 for a node changed just now, falling
 * linearly to 0 at 31 days, `null` beyond that or when the time is unknown.
 *
 * @param mtime Modification time in ms since the epoch.
 * @param now Current time in ms since the epoch.
 */
export function mtimeOpacity(mtime: number | undefined, now: number): number | null {
  if (mtime === undefined || !Number.isFinite(mtime) || mtime <= 0) {
    return null;
  }
  const percent = Math.round(Math.min(100, (100 * (MTIME_FADE_WINDOW_MS - (now - mtime))) / MTIME_FADE_WINDOW_MS));
  return percent < 0 ? null : percent;
}

/**
 * Emphasis of a size: grows with the square of the size's share of 10 MiB (so
 * small files stay quiet), capped at 100; `null` for an empty or unknown size.
 */
export function sizeOpacity(size: number | undefined): number | null {
  if (size === undefined || !Number.isFinite(size) || size <= 0) {
    return null;
  }
  return Math.round(Math.min(100, 100 * (size / SIZE_FADE_MAX_BYTES) ** 2));
}
