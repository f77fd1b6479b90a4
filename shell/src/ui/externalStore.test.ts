import { describe, expect, it } from '@jest/globals';
import { createExternalStore } from './externalStore';

describe('the external store', () => {
  it('holds its value, tells each subscriber of a set, and stops telling one that unsubscribed', () => {
    const store = createExternalStore<{ n: number } | null>(null);
    const seen: (number | null)[] = [];
    const stop = store.subscribe(() => seen.push(store.get()?.n ?? null));
    const value = { n: 1 };
    store.set(value);
    expect(store.get()).toBe(value);
    stop();
    store.set(null);
    expect(seen).toEqual([1]);
    expect(store.get()).toBeNull();
  });
});
