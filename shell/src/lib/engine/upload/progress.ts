/**
 * Progress as a rounded percentage (product §9), capped at 100 and never below
 * 0. An empty total counts as done.
 */
export function progressPercent(uploaded: number, total: number): number {
  if (!(total > 0)) {
    return 100;
  }
  const percent = Math.round((100 * uploaded) / total);
  return Number.isFinite(percent) ? Math.min(100, Math.max(0, percent)) : 0;
}
