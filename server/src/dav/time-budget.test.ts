import { describe, it, expect } from '@jest/globals';
import { filterWithinBudget } from './time-budget';
import { StorageError } from '../storage/errors';

describe('filterWithinBudget', () => {
  it('keeps the items that pass, in order', async () => {
    const items = Array.from({ length: 1000 }, (_, i) => i);
    expect(await filterWithinBudget(items, (n) => n % 7 === 0)).toEqual(items.filter((n) => n % 7 === 0));
  });

  it('lets other work run between slices', async () => {
    let now = 0;
    let tested = 0;
    // Every test takes 1 ms on this clock: a slice ends at the first look at the clock after 20 ms (64 tests).
    const keep = (): boolean => {
      tested += 1;
      now += 1;
      return true;
    };
    const run = filterWithinBudget(Array.from({ length: 2000 }, (_, i) => i), keep, 60_000, () => now);
    const testedWhenOthersRan = await new Promise<number>((done) => setImmediate(() => done(tested)));
    expect(await run).toHaveLength(2000);
    expect(testedWhenOthersRan).toBeLessThan(1000);
  });

  it('fails with unavailable (503) soon after the budget is spent, not at the end of the list', async () => {
    let now = 0;
    let tested = 0;
    const keep = (): boolean => {
      tested += 1;
      now += 1;
      return true;
    };
    const error = await filterWithinBudget(Array.from({ length: 100_000 }, (_, i) => i), keep, 5000, () => now).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect((error as StorageError).kind).toBe('unavailable');
    expect((error as StorageError).message).toBe('The search took longer than 5 s; narrow it down');
    expect(tested).toBeLessThanOrEqual(5000 + 64);
  });
});
