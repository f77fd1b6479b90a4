const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600e3],
  ['month', 30 * 24 * 3600e3],
  ['week', 7 * 24 * 3600e3],
  ['day', 24 * 3600e3],
  ['hour', 3600e3],
  ['minute', 60e3],
];

const formats = new Map<string, Intl.RelativeTimeFormat>();

/**
 * A modification time relative to now ('3 days ago', 'in 2 hours') in
 * `locale` (the interface language, not the browser's default); under a
 * minute it reads 'now' in the locale's words.
 */
export function formatRelativeTime(time: number, now: number, locale: string): string {
  let format = formats.get(locale);
  if (format === undefined) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    formats.set(locale, format);
  }
  const diff = time - now;
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return format.format(Math.round(diff / ms), unit);
  }
  return format.format(0, 'second');
}
