import { describe, it, expect } from '@jest/globals';
import { filterWithinBudget } from './time-budget';
import { StorageError } from '../errors';

/** A test of items that takes 1 ms each on its own clock, counting the items it saw. */
function slowTest(): { keep: () => boolean; clock: () => number; tested: () => number } {
  let now = 0;
  let tested = 0;
  return {
    keep: () => {
      tested += 1;
      now += 1;
      return true;
    },
    clock: () => now,
    tested: () => tested,
  };
}

const numbers = (count: number): number[] => Array.from({ length: count }, (_, i) => i);

describe('filterWithinBudget', () => {
  it('keeps the items that pass, in order', async () => {
    const items = numbers(1000);
    expect(await filterWithinBudget(items, (n) => n % 7 === 0)).toEqual(items.filter((n) => n % 7 === 0));
  });

  it('lets other work run between slices', async () => {
    // A slice ends after 20 ms, here 21 tests.
    const test = slowTest();
    const run = filterWithinBudget(numbers(2000), test.keep, 60_000, test.clock);
    const testedWhenOthersRan = await new Promise<number>((done) => setImmediate(() => done(test.tested())));
    expect(await run).toHaveLength(2000);
    expect(testedWhenOthersRan).toBeLessThan(100);
  });

  it('fails with unavailable (503) soon after the budget is spent, not at the end of the list', async () => {
    const test = slowTest();
    const error = await filterWithinBudget(numbers(100_000), test.keep, 5000, test.clock).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect((error as StorageError).kind).toBe('unavailable');
    expect((error as StorageError).message).toBe('The search took longer than 5 s; narrow it down');
    expect(test.tested()).toBeLessThanOrEqual(5001);
  });
});
