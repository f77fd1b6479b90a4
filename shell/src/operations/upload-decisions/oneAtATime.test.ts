import { describe, expect, it } from '@jest/globals';
import { oneAtATime } from './oneAtATime';

describe('oneAtATime', () => {
  it('starts an ask only once the one before has settled, in order, a failed one included', async () => {
    const inTurn = oneAtATime();
    const log: string[] = [];
    let finishFirst: () => void = () => undefined;
    const first = inTurn(
      () =>
        new Promise<string>((_, reject) => {
          log.push('first asked');
          finishFirst = () => reject(new Error('dialog code could not load'));
        }),
    );
    const second = inTurn(() => {
      log.push('second asked');
      return Promise.resolve('two');
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(log).toEqual(['first asked']);
    finishFirst();
    await expect(first).rejects.toThrow('dialog code could not load');
    await expect(second).resolves.toBe('two');
    expect(log).toEqual(['first asked', 'second asked']);
  });
});
