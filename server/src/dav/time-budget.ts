import { setImmediate as nextTurn } from 'node:timers/promises';
import { fail } from '../errors';

/** How long a SEARCH may spend testing nodes against its conditions. */
export const SEARCH_TIME_LIMIT_MS = 10_000;
/** How long the test of nodes runs before it lets other requests have the event loop. */
const SLICE_MS = 20;

/**
 * The items that pass `keep`, tested in slices of about {@link SLICE_MS} with the event loop
 * given back in between, so a costly search delays other requests by a slice at most; past
 * `limitMs` in all the search fails (503) rather than run on.
 */
export async function filterWithinBudget<T>(items: readonly T[], keep: (item: T) => boolean, limitMs = SEARCH_TIME_LIMIT_MS, clock: () => number = Date.now): Promise<T[]> {
  const kept: T[] = [];
  const started = clock();
  let sliceStarted = started;
  for (let i = 0; i < items.length; i += 1) {
    // A look at the clock per item (tens of nanoseconds) keeps the slices short even when one
    // item takes milliseconds to test.
    const time = clock();
    if (time - started > limitMs) fail('unavailable', `The search took longer than ${limitMs / 1000} s; narrow it down`);
    if (time - sliceStarted > SLICE_MS) {
      await nextTurn();
      sliceStarted = clock();
    }
    const item = items[i] as T;
    if (keep(item)) kept.push(item);
  }
  return kept;
}
