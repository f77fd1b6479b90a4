import { statfs } from 'node:fs/promises';

/** Nextcloud's marker for an unlimited quota in storage statistics (`SPACE_UNLIMITED`). */
export const SPACE_UNLIMITED = -3;

/** Storage statistics as the files app reads them (product §3: used, quota, free, relative). */
export interface StorageStats {
  used: number;
  /** Bytes, or {@link SPACE_UNLIMITED} (negative) when unlimited. */
  quota: number;
  free: number;
  total: number;
  /** Percent of the total in use, two decimals. */
  relative: number;
}

/**
 * Computes the statistics: with a quota the total is the quota and free what is left of it
 * (never more than the disk has); without one, the total is what is used plus the free disk.
 */
export function computeStats(used: number, quota: number, diskFree: number): StorageStats {
  const percent = (part: number, whole: number): number => (whole > 0 ? Math.round((part / whole) * 10000) / 100 : part > 0 ? 100 : 0);
  if (quota < 0) {
    const total = used + diskFree;
    return { used, quota: SPACE_UNLIMITED, free: diskFree, total, relative: percent(used, total) };
  }
  const free = Math.max(0, Math.min(quota - used, diskFree));
  return { used, quota, free, total: quota, relative: Math.min(100, percent(used, quota)) };
}

/** Free bytes on the disk holding `dir` (0 when it cannot be read). */
export async function diskFree(dir: string): Promise<number> {
  try {
    const info = await statfs(dir);
    return Number(info.bavail) * Number(info.bsize);
  } catch {
    return 0;
  }
}
