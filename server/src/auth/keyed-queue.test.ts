import { describe, expect, it } from '@jest/globals';
import { KeyedQueue } from './keyed-queue';

describe('the keyed queue', () => {
  it('lets holders of one key run one at a time, in arrival order, and other keys at once', async () => {
    const queue = new KeyedQueue();
    const order: string[] = [];
    const first = await queue.acquire('a');
    const second = queue.acquire('a').then((release) => {
      order.push('second');
      return release;
    });
    const third = queue.acquire('a').then((release) => {
      order.push('third');
      release();
    });
    const other = await queue.acquire('b');
    order.push('other');
    other();
    await Promise.resolve();
    expect(order).toEqual(['other']);
    first();
    (await second)();
    await third;
    expect(order).toEqual(['other', 'second', 'third']);
    expect(queue.size).toBe(0);
  });

  it('drops a waiter whose signal aborts, and passes the key on to the next', async () => {
    const queue = new KeyedQueue();
    const first = await queue.acquire('a');
    const gone = new AbortController();
    const leaving = queue.acquire('a', gone.signal);
    const next = queue.acquire('a');
    gone.abort(new Error('client gone'));
    await expect(leaving).rejects.toThrow('client gone');
    first();
    first(); // a second release does nothing
    (await next)();
    expect(queue.size).toBe(0);
  });
});
