import { describe, expect, it } from '@jest/globals';
import { Coalescer } from './coalescer';

describe('the coalescer', () => {
  it('runs the work once for callers of one key at the same time, and again afterwards', async () => {
    const coalescer = new Coalescer<number>();
    let runs = 0;
    const work = async (): Promise<number> => {
      runs += 1;
      await new Promise((done) => setTimeout(done, 10));
      return runs;
    };
    expect(await Promise.all([coalescer.run('k', work), coalescer.run('k', work), coalescer.run('k', work)])).toEqual([1, 1, 1]);
    expect(await coalescer.run('k', work)).toBe(2);
    expect(coalescer.size).toBe(0);
  });

  it('aborts the work only when every caller has gone', async () => {
    const coalescer = new Coalescer<string>();
    let workSignal: AbortSignal | undefined;
    const work = (signal: AbortSignal): Promise<string> =>
      new Promise((done, fail) => {
        workSignal = signal;
        signal.addEventListener('abort', () => fail(signal.reason));
      });
    const one = new AbortController();
    const two = new AbortController();
    const first = coalescer.run('k', work, one.signal);
    const second = coalescer.run('k', work, two.signal);
    one.abort(new Error('one gone'));
    await expect(first).rejects.toThrow('one gone');
    expect(workSignal?.aborted).toBe(false);
    two.abort(new Error('two gone'));
    await expect(second).rejects.toThrow('two gone');
    expect(workSignal?.aborted).toBe(true);
    expect(coalescer.size).toBe(0);
  });
});
