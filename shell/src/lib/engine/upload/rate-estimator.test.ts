import { describe, expect, it } from '@jest/globals';
import {
  RATE_HISTORY_TIME_CONSTANT_S,
  createRateEstimate,
  estimatePercent,
  pauseEstimate,
  resetEstimate,
  resumeEstimate,
  updateEstimate,
} from './rate-estimator';
import type { RateEstimate } from './rate-estimator';

const T0 = 1_000_000;
const MB = 1_000_000;

/** Feeds a steady rate: `bytesPerSecond` for `seconds`, one report a second. */
function steady(state: RateEstimate, from: number, seconds: number, bytesPerSecond: number): RateEstimate {
  let next = state;
  for (let s = 1; s <= seconds; s += 1) {
    next = updateEstimate(next, next.done + bytesPerSecond, from + s * 1000);
  }
  return next;
}

describe('rate estimator', () => {
  it('has a history time constant of 2.5 s by default', () => {
    expect(RATE_HISTORY_TIME_CONSTANT_S).toBe(2.5);
    expect(createRateEstimate().timeConstant).toBe(2.5);
    expect(createRateEstimate({ timeConstant: -1 }).timeConstant).toBe(2.5);
    expect(createRateEstimate({ timeConstant: 0 }).timeConstant).toBe(0);
  });

  it('ignores progress until started', () => {
    const idle = createRateEstimate({ total: 100 * MB });
    expect(updateEstimate(idle, 10 * MB, T0)).toBe(idle);
  });

  it('keeps time left infinite until 2.5 s of history exist', () => {
    let state = resumeEstimate(createRateEstimate({ total: 100 * MB }), T0);
    state = steady(state, T0, 2, MB);
    expect(state.speed).toBe(-1);
    expect(state.timeLeft).toBe(Infinity);
    state = updateEstimate(state, 3 * MB, T0 + 3000);
    expect(state.speed).toBeCloseTo(MB);
    expect(state.timeLeft).toBe(97);
  });

  it("goes back to infinite time left ('estimating time left') when the speed falls to zero, rather than keeping a stale value", () => {
    // Without smoothing, one report without progress takes the speed straight to zero.
    let state = resumeEstimate(createRateEstimate({ total: 10 * MB, timeConstant: 0 }), T0);
    state = updateEstimate(state, 2 * MB, T0 + 1000);
    expect(state.timeLeft).toBe(4);
    state = updateEstimate(state, 2 * MB, T0 + 2000);
    expect(state.speed).toBe(0);
    expect(state.timeLeft).toBe(Infinity);
    state = updateEstimate(state, 4 * MB, T0 + 3000);
    expect(state.timeLeft).toBe(3);
  });

  it('keeps progress in the range 0 to 1 and reports a rounded percentage', () => {
    let state = resumeEstimate(createRateEstimate({ total: 3 * MB }), T0);
    state = updateEstimate(state, MB, T0 + 1000);
    expect(state.progress).toBeCloseTo(1 / 3);
    expect(estimatePercent(state)).toBe(33);
    state = updateEstimate(state, 4 * MB, T0 + 2000);
    expect(state.progress).toBe(1);
    expect(estimatePercent(state)).toBe(100);
    expect(state.timeLeft).toBe(0);
  });

  it('smooths a speed change over the time constant', () => {
    let state = resumeEstimate(createRateEstimate({ total: 1000 * MB }), T0);
    state = steady(state, T0, 10, MB);
    expect(state.speed).toBeCloseTo(MB);
    state = updateEstimate(state, state.done + 3 * MB, T0 + 11_000);
    // One second of a tripled rate moves the estimate part of the way only.
    expect(state.speed).toBeGreaterThan(MB);
    expect(state.speed).toBeLessThan(2 * MB);
    state = steady(state, T0 + 11_000, 30, 3 * MB);
    expect(state.speed).toBeCloseTo(3 * MB, -3);
  });

  it('does not count paused time', () => {
    let state = resumeEstimate(createRateEstimate({ total: 100 * MB }), T0);
    state = steady(state, T0, 5, MB);
    state = pauseEstimate(state, T0 + 5000);
    expect(state.status).toBe('paused');
    expect(updateEstimate(state, 50 * MB, T0 + 60_000)).toBe(state);
    state = resumeEstimate(state, T0 + 60_000);
    state = updateEstimate(state, 6 * MB, T0 + 61_000);
    expect(state.elapsed).toBeCloseTo(6);
    expect(state.speed).toBeCloseTo(MB);
  });

  it('learns a new total from an update and resets to idle', () => {
    let state = resumeEstimate(createRateEstimate({ timeConstant: 1 }), T0);
    state = updateEstimate(state, 0, T0, 10 * MB);
    expect(state.total).toBe(10 * MB);
    state = resetEstimate(state);
    expect(state).toEqual(createRateEstimate({ timeConstant: 1 }));
  });
});
