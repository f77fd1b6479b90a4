/**
 * The selection after a batch action (product §4 "Batch action"): all results
 * null (the action said nothing) → clear; some failed (false) → keep only the
 * failed nodes selected, so the user can retry them; all succeeded → clear.
 *
 * @param selected The sources the action ran on.
 * @param results One result per source, in the same order (`execBatch`'s answer).
 */
export function batchResultSelection(selected: readonly string[], results: readonly (boolean | null)[]): string[] {
  if (results.every((result) => result === null)) {
    return [];
  }
  if (results.some((result) => result === false)) {
    return selected.filter((_, index) => results[index] === false);
  }
  return [];
}
