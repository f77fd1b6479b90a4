import { describe, expect, it, jest } from '@jest/globals';
import { TIME_LEFT_CLOCK_FROM_S, TIME_LEFT_FEW_SECONDS_S, formatTimeLeft } from './time-left';

describe('formatTimeLeft', () => {
  it('has the thresholds 10 s and 60 s', () => {
    expect(TIME_LEFT_FEW_SECONDS_S).toBe(10);
    expect(TIME_LEFT_CLOCK_FROM_S).toBe(60);
  });
  it("says 'paused' when paused, whatever the estimate", () => {
    expect(formatTimeLeft(5, { paused: true })).toBe('paused');
    expect(formatTimeLeft(Infinity, { paused: true })).toBe('paused');
  });
  it("says 'estimating time left' while the estimate is infinite", () => {
    expect(formatTimeLeft(Infinity)).toBe('estimating time left');
    expect(formatTimeLeft(Number.NaN)).toBe('estimating time left');
  });
  it("says 'a few seconds left' under 10 s", () => {
    expect(formatTimeLeft(0)).toBe('a few seconds left');
    expect(formatTimeLeft(9)).toBe('a few seconds left');
  });
  it("says '{seconds} seconds left' from 10 to 59 s", () => {
    expect(formatTimeLeft(10)).toBe('10 seconds left');
    expect(formatTimeLeft(59)).toBe('59 seconds left');
  });
  it("says '{time} left' as hh:mm:ss from 60 s", () => {
    expect(formatTimeLeft(60)).toBe('00:01:00 left');
    expect(formatTimeLeft(3661)).toBe('01:01:01 left');
    expect(formatTimeLeft(100 * 3600 + 5)).toBe('100:00:05 left');
  });
  it('goes through the given translate function with the English key', () => {
    const t = jest.fn((key: string, vars?: Record<string, string | number>) => `[${key}|${JSON.stringify(vars ?? {})}]`);
    expect(formatTimeLeft(42, { t })).toBe('[{seconds} seconds left|{"seconds":42}]');
    expect(formatTimeLeft(75, { t })).toBe('[{time} left|{"time":"00:01:15"}]');
    expect(t).toHaveBeenCalledTimes(2);
  });
});
