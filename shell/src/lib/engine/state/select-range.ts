/**
 * The selection after a shift-click (product §4 "Selection"): everything between
 * the last selected index and the clicked one, both included, added to the
 * current selection. Without a last index only the clicked node is added.
 * Indices outside the list are clamped; sources appear once, the current
 * selection first, then the range in list order.
 *
 * @param order Sources in displayed order.
 * @param lastIndex Index of the last selected row, or null.
 * @param currentIndex Index of the shift-clicked row.
 * @param current The current selection.
 */
export function selectRange(
  order: readonly string[],
  lastIndex: number | null,
  currentIndex: number,
  current: readonly string[],
): string[] {
  if (order.length === 0) {
    return [...new Set(current)];
  }
  const clamp = (index: number) => Math.min(order.length - 1, Math.max(0, index));
  const from = clamp(lastIndex ?? currentIndex);
  const to = clamp(currentIndex);
  const range = order.slice(Math.min(from, to), Math.max(from, to) + 1);
  return [...new Set([...current, ...range])];
}
