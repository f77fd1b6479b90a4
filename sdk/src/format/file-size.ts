/**
 * Human-readable file sizes (product §9: "Size units binary B to PB base 1024
 * (decimal base 1000 optional); one decimal for values, zero decimals below
 * MB").
 *
 * Like Nextcloud, a binary (base 1024) size is labelled with the familiar
 * `KB`, `MB`, … units by default, as Windows does; the IEC labels (`KiB`, …)
 * are available on request.
 */

/** Unit labels from bytes to petabytes, as shown by default. */
export const FILE_SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** IEC 80000-13 unit labels, used with `binaryPrefixes`. */
export const FILE_SIZE_UNITS_IEC = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'] as const;

/** Index of MB in the unit lists: from here on a value gets one decimal. */
const FIRST_UNIT_WITH_DECIMAL = 2;

/** Options of {@link formatFileSize}. */
export interface FormatFileSizeOptions {
  /** Base 1024 when true (the default), base 1000 when false. */
  binary?: boolean;
  /** Label binary sizes `KiB`, `MiB`, …; ignored with base 1000. Default false. */
  binaryPrefixes?: boolean;
  /** Show sizes under 1 KB as '< 1 KB' (and 0 as '0 KB'), as Nextcloud's list does. Default false. */
  skipSmallSizes?: boolean;
  /** BCP 47 locale for the number; default the runtime's locale. */
  locale?: string | string[];
}

/**
 * Whether a size is unknown: the row then shows 'Pending' (product §2: "Size
 * unknown or negative shows 'Pending'"). The label itself is the shell's.
 */
export function isPendingSize(size: number | null | undefined): boolean {
  return typeof size !== 'number' || Number.isNaN(size) || size < 0;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** One cached formatter per locale and digit count: sizes are formatted per row. */
function numberFormat(locale: string | string[] | undefined, fractionDigits: number): Intl.NumberFormat {
  const cacheKey = `${JSON.stringify(locale ?? null)}|${fractionDigits}`;
  let format = numberFormats.get(cacheKey);
  if (format === undefined) {
    // No grouping: values stay under 1024 (only PB can pass it), and '1,023 B' reads oddly.
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: 0,
      maximumFractionDigits: fractionDigits,
      useGrouping: false,
    });
    numberFormats.set(cacheKey, format);
  }
  return format;
}

/**
 * Formats a size in bytes, for example `formatFileSize(1536 * 1024)` gives
 * '1.5 MB'.
 *
 * Bytes and kilobytes show no decimals; from MB up the value shows at most one
 * decimal, and a trailing '.0' is dropped ('1 MB', not '1.0 MB') as in
 * Nextcloud. A value that rounds up to the next unit is shown in that unit
 * ('1 MB' rather than '1024 KB'). Sizes past 1024 PB stay in PB.
 * A negative or non-finite size formats as 0: check {@link isPendingSize} first.
 */
export function formatFileSize(size: number, options: FormatFileSizeOptions = {}): string {
  const { binary = true, binaryPrefixes = false, skipSmallSizes = false, locale } = options;
  const base = binary ? 1024 : 1000;
  const units = binary && binaryPrefixes ? FILE_SIZE_UNITS_IEC : FILE_SIZE_UNITS;
  const bytes = Number.isFinite(size) && size > 0 ? size : 0;
  const lastUnit = units.length - 1;

  let unit = bytes > 0 ? Math.min(lastUnit, Math.floor(Math.log(bytes) / Math.log(base))) : 0;
  // Float logarithms can land one unit low or high right at a power of the base.
  if (unit < lastUnit && bytes >= base ** (unit + 1)) unit += 1;
  if (unit > 0 && bytes < base ** unit) unit -= 1;

  if (skipSmallSizes && unit === 0) {
    return `${bytes > 0 ? '< 1' : '0'} ${units[1]}`;
  }

  let digits = unit < FIRST_UNIT_WITH_DECIMAL ? 0 : 1;
  let value = bytes / base ** unit;
  const factor = 10 ** digits;
  if (unit < lastUnit && Math.round(value * factor) / factor >= base) {
    unit += 1;
    value = bytes / base ** unit;
    digits = unit < FIRST_UNIT_WITH_DECIMAL ? 0 : 1;
  }
  return `${numberFormat(locale, digits).format(value)} ${units[unit]}`;
}

/** Options of {@link parseFileSize}. */
export interface ParseFileSizeOptions {
  /**
   * Read `KB`, `MB`, … as powers of 1024 (the default, matching what
   * {@link formatFileSize} prints); false reads them as powers of 1000.
   * `KiB`, `MiB`, … are always powers of 1024.
   */
  binary?: boolean;
}

const UNIT_EXPONENTS: Record<string, number> = { '': 0, k: 1, m: 2, g: 3, t: 4, p: 5 };

/**
 * Reads a human-written size such as '1.5 MB', '2 KiB', '10kb' or '1,5 MB'
 * into bytes (rounded). Returns null for anything else. `b` and `B` both mean
 * bytes.
 */
export function parseFileSize(text: string, options: ParseFileSizeOptions = {}): number | null {
  const { binary = true } = options;
  const normalised = text.toLowerCase().replace(/\s+/g, '').replace(',', '.');
  const match = /^(\d+(?:\.\d*)?|\.\d+)([kmgtp]?)(i?)b?$/.exec(normalised);
  if (match === null) {
    return null;
  }
  const [, amount = '', unit = '', iec = ''] = match;
  if (iec !== '' && unit === '') {
    return null;
  }
  const base = iec !== '' || binary ? 1024 : 1000;
  return Math.round(Number.parseFloat(amount) * base ** (UNIT_EXPONENTS[unit] ?? 0));
}
