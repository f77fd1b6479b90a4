import { describe, expect, it } from '@jest/globals';
import { attemptVerdict, ipThrottleVerdict, stricterVerdict, throttleVerdict } from './throttle';

const limits = { maxFailures: 5, maxFailuresPerIp: 50, window: 900, delayMs: 100 };

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

describe('the per-address throttle rule (any user name)', () => {
  it('slows one step per maxFailuresPerIp / maxFailures failures', () => {
    expect(ipThrottleVerdict(9, 990, 1000, limits)).toEqual({ blocked: false, delayMs: 0 });
    expect(ipThrottleVerdict(10, 990, 1000, limits)).toEqual({ blocked: false, delayMs: 100 });
    expect(ipThrottleVerdict(30, 990, 1000, limits)).toEqual({ blocked: false, delayMs: 400 });
  });
  it('blocks at maxFailuresPerIp', () => {
    expect(ipThrottleVerdict(50, 400, 1000, limits)).toEqual({ blocked: true, retryAfter: 300 });
  });
  it('takes the stricter of the per-name and per-address verdicts', () => {
    expect(stricterVerdict({ blocked: false, delayMs: 100 }, { blocked: false, delayMs: 400 })).toEqual({ blocked: false, delayMs: 400 });
    expect(stricterVerdict({ blocked: false, delayMs: 100 }, { blocked: true, retryAfter: 5 })).toEqual({ blocked: true, retryAfter: 5 });
    expect(stricterVerdict({ blocked: true, retryAfter: 9 }, { blocked: true, retryAfter: 5 })).toEqual({ blocked: true, retryAfter: 9 });
  });
});

describe('the verdict for one attempt', () => {
  const quiet = { pairAttempts: 0, pairOldest: null, ipAttempts: 0, ipOldest: null, knownGood: false };
  it('applies the address rule to a login not known at that address', () => {
    expect(attemptVerdict({ ...quiet, ipAttempts: 50, ipOldest: 400 }, 1000, limits)).toEqual({ blocked: true, retryAfter: 300 });
    expect(attemptVerdict({ ...quiet, ipAttempts: 30, ipOldest: 990 }, 1000, limits)).toEqual({ blocked: false, delayMs: 400 });
  });
  it('spares a login known at that address the other logins\' failures, not its own', () => {
    expect(attemptVerdict({ ...quiet, ipAttempts: 500, ipOldest: 400, knownGood: true }, 1000, limits)).toEqual({ blocked: false, delayMs: 0 });
    expect(attemptVerdict({ ...quiet, pairAttempts: 5, pairOldest: 400, ipAttempts: 500, ipOldest: 400, knownGood: true }, 1000, limits)).toEqual({ blocked: true, retryAfter: 300 });
  });
});
