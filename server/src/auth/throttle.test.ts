import { describe, expect, it } from '@jest/globals';
import { throttleVerdict } from './throttle';

const limits = { maxFailures: 5, window: 900, delayMs: 100 };

describe('the sign-in throttle rule', () => {
  it('lets the first attempt through at once', () => {
    expect(throttleVerdict(0, null, 1000, limits)).toEqual({ blocked: false, delayMs: 0 });
  });
  it('doubles the delay with each failure', () => {
    expect(throttleVerdict(1, 990, 1000, limits)).toEqual({ blocked: false, delayMs: 100 });
    expect(throttleVerdict(3, 990, 1000, limits)).toEqual({ blocked: false, delayMs: 400 });
  });
  it('caps the delay at 25 seconds', () => {
    expect(throttleVerdict(20, 990, 1000, { ...limits, maxFailures: 50 })).toEqual({ blocked: false, delayMs: 25000 });
  });
  it('blocks at the limit until the oldest failure leaves the window', () => {
    expect(throttleVerdict(5, 400, 1000, limits)).toEqual({ blocked: true, retryAfter: 300 });
    expect(throttleVerdict(5, 100, 1000, limits)).toEqual({ blocked: true, retryAfter: 1 });
  });
});
