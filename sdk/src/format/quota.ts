import type { Translate } from '../plugin';
import { formatFileSize } from './file-size';
import type { FormatFileSizeOptions } from './file-size';
import { englishTranslate } from './translate';

/** Above this percentage the quota progress bar shows its error style (product §9). */
export const QUOTA_WARNING_PERCENT = 80;

/** Whether the quota bar shows its error style: used share above 80 percent. */
export function isQuotaWarning(relative: number): boolean {
  return relative > QUOTA_WARNING_PERCENT;
}

/** The quota bar's value: the used percentage capped to 0–100 (product §9 "capped at 100"). */
export function quotaBarValue(relative: number): number {
  if (!Number.isFinite(relative)) {
    return 0;
  }
  return Math.min(100, Math.max(0, relative));
}

/**
 * Whether the storage-full warning shows: free space became 0 while a quota
 * (above 0) is set (product §4 "Storage full warning").
 */
export function isStorageFull(stats: { free: number; quota: number }): boolean {
  return stats.free === 0 && stats.quota > 0;
}

/** Options of {@link quotaLabel}. */
export interface QuotaLabelOptions {
  /** Translation function; the spec's English strings are the keys. */
  t?: Translate;
  /** How the byte counts are formatted (see {@link formatFileSize}). */
  format?: FormatFileSizeOptions;
}

/**
 * The navigation footer's quota text (product §9): '{used} of {quota} used', or
 * '{used} used' when the quota is unlimited (negative).
 */
export function quotaLabel(stats: { used: number; quota: number }, options: QuotaLabelOptions = {}): string {
  const { t = englishTranslate, format } = options;
  const used = formatFileSize(stats.used, format);
  if (stats.quota < 0) {
    return t('{used} used', { used });
  }
  return t('{used} of {quota} used', { used, quota: formatFileSize(stats.quota, format) });
}
