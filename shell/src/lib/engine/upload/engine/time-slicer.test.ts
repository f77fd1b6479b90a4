import { describe, expect, it } from '@jest/globals';
import { createTimeSlicer, yieldToMain } from './time-slicer';

describe('createTimeSlicer', () => {
  it('yields to the browser only once a slice has run its time, then starts a new slice', async () => {
    let now = 0;
    let yields = 0;
    const slicer = createTimeSlicer(12, () => now, async () => {
      yields += 1;
    });
    now = 11;
    await slicer.maybeYield();
    expect(yields).toBe(0);
    now = 12;
    await slicer.maybeYield();
    expect(yields).toBe(1);
    now = 20;
    await slicer.maybeYield();
    expect(yields).toBe(1);
    now = 24;
    await slicer.maybeYield();
    expect(yields).toBe(2);
  });

  it('yieldToMain resolves in a later task', async () => {
    let later = false;
    const done = yieldToMain().then(() => later);
    later = true;
    expect(await done).toBe(true);
  });
});
