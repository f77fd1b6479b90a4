import { describe, expect, it } from '@jest/globals';
import { FailureReportLimiter } from './plugin-failure-limiter';

describe('FailureReportLimiter', () => {
  it('logs a report once per window, counts per user and for everyone, and starts afresh with the next window', () => {
    let now = 1_000;
    const limiter = new FailureReportLimiter({ windowMs: 60_000, perUser: 2, total: 3 }, () => now);
    expect([limiter.admit('ann', 'a'), limiter.admit('ann', 'a'), limiter.admit('ann', 'b'), limiter.admit('ann', 'c')]).toEqual(['log', 'repeat', 'log', 'too-many']);
    expect([limiter.admit('bob', 'a'), limiter.admit('cyd', 'a')]).toEqual(['log', 'too-many']);
    now += 30_000;
    expect(limiter.retryAfterSeconds()).toBe(30);
    now += 30_000;
    expect([limiter.admit('ann', 'c'), limiter.admit('cyd', 'a')]).toEqual(['log', 'log']);
  });
});
