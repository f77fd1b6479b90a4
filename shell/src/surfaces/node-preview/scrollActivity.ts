/**
 * Whether the file list is being scrolled, for work a row can put off while
 * it may only fly past (its preview request). A module value rather than
 * React state: flipping it must not re-render every row.
 */

/** How long after the last scroll event the list counts as still scrolling. */
export const SCROLL_QUIET_MS = 120;

let quietAt = 0;

/** Notes a scroll event of the list. */
export function noteListScroll(now = performance.now()): void {
  quietAt = now + SCROLL_QUIET_MS;
}

/** Milliseconds until the list counts as at rest (0 when it is). */
export function msUntilListQuiet(now = performance.now()): number {
  return Math.max(0, quietAt - now);
}
