import { progressPercent } from './progress';

/**
 * Estimates upload speed and time left from progress reports (product §9:
 * "Progress is a rounded percentage; the rate estimator has history time
 * constant default 2.5 and range 0 to 1").
 *
 * We read that as: the speed is smoothed with a time constant of 2.5 seconds
 * of upload history, and progress is kept as a fraction in the range 0 to 1
 * (shown as a rounded percentage). It behaves like Nextcloud's upload ETA:
 * nothing is estimated until 2.5 s of running time have been observed (time
 * left is `Infinity` meanwhile, which reads 'estimating time left'); paused
 * time does not count; updates while not running are ignored.
 *
 * The state is a plain, serialisable record (Redux-friendly); every function
 * returns a new record. Times are passed in (ms since the epoch), so the
 * estimator is deterministic in tests.
 */

/** Seconds of history the speed is smoothed over, by default. */
export const RATE_HISTORY_TIME_CONSTANT_S = 2.5;

/** Whether the estimator is counting time. */
export type RateEstimateStatus = 'idle' | 'running' | 'paused';

/** The estimator's state. */
export interface RateEstimate {
  /** idle until started, running, or paused. */
  readonly status: RateEstimateStatus;
  /** Bytes done. */
  readonly done: number;
  /** Bytes expected in total. */
  readonly total: number;
  /** Fraction done, in the range 0 to 1. */
  readonly progress: number;
  /** Smoothing time constant in seconds. */
  readonly timeConstant: number;
  /** When running time was last accounted (ms since the epoch); -1 before the first start. */
  readonly lastTime: number;
  /** Running seconds observed so far. */
  readonly elapsed: number;
  /** Smoothed speed in bytes per second; -1 while not yet estimated. */
  readonly speed: number;
  /** Estimated seconds left (whole); `Infinity` while estimating. */
  readonly timeLeft: number;
}

/** Options of {@link createRateEstimate}. */
export interface RateEstimateOptions {
  /** Smoothing time constant in seconds; default 2.5. A negative or non-finite value gives the default. */
  timeConstant?: number;
  /** Bytes expected in total. */
  total?: number;
}

/** A fresh, idle estimator. */
export function createRateEstimate(options: RateEstimateOptions = {}): RateEstimate {
  const { timeConstant = RATE_HISTORY_TIME_CONSTANT_S, total = 0 } = options;
  return {
    status: 'idle',
    done: 0,
    total: total > 0 ? total : 0,
    progress: 0,
    timeConstant: Number.isFinite(timeConstant) && timeConstant >= 0 ? timeConstant : RATE_HISTORY_TIME_CONSTANT_S,
    lastTime: -1,
    elapsed: 0,
    speed: -1,
    timeLeft: Infinity,
  };
}

/** Starts or resumes counting time. */
export function resumeEstimate(state: RateEstimate, now: number): RateEstimate {
  return state.status === 'running' ? state : { ...state, status: 'running', lastTime: now };
}

/** Stops counting time: the pause does not lower the speed. */
export function pauseEstimate(state: RateEstimate, now: number): RateEstimate {
  if (state.status !== 'running') {
    return state;
  }
  return { ...state, status: 'paused', elapsed: state.elapsed + Math.max(0, now - state.lastTime) / 1000, lastTime: now };
}

/** Back to a fresh, idle estimator, keeping the time constant. */
export function resetEstimate(state: RateEstimate): RateEstimate {
  return createRateEstimate({ timeConstant: state.timeConstant });
}

/**
 * Records progress: `done` bytes of `total` (when given and above 0) at `now`.
 *
 * The first speed is the average over the observed history once it is at
 * least one time constant long; after that each report moves the speed
 * towards the latest rate by `1 - e^(-dt / timeConstant)`, an exponential
 * moving average that copes with irregular report intervals.
 *
 * The wait of one time constant (2.5 s by default) before any estimate is
 * deliberate, as in Nextcloud's upload ETA: the first seconds of an upload
 * (connection set-up, TCP slow start, the first request's overhead) say
 * little about its speed, and an estimate made from them jumps around.
 * Until then, and whenever the speed falls to zero (a stalled upload), time
 * left is `Infinity` ('estimating time left') rather than a stale number.
 */
export function updateEstimate(state: RateEstimate, done: number, now: number, total?: number): RateEstimate {
  if (state.status !== 'running') {
    return state;
  }
  const newTotal = total !== undefined && total > 0 ? total : state.total;
  const deltaTime = Math.max(0, now - state.lastTime) / 1000;
  const elapsed = state.elapsed + deltaTime;
  const deltaDone = done - state.done;

  let speed = state.speed;
  if (elapsed > 0 && elapsed >= state.timeConstant) {
    if (speed < 0) {
      speed = done / elapsed;
    } else if (deltaTime > 0) {
      const latest = Math.max(0, deltaDone) / deltaTime;
      const weight = state.timeConstant > 0 ? 1 - Math.exp(-deltaTime / state.timeConstant) : 1;
      speed += weight * (latest - speed);
    }
  }

  let timeLeft: number;
  if (newTotal > 0 && done >= newTotal) {
    timeLeft = 0;
  } else if (speed > 0) {
    timeLeft = Math.round(Math.max(0, newTotal - done) / speed);
  } else {
    timeLeft = Infinity;
  }

  return {
    ...state,
    done,
    total: newTotal,
    progress: newTotal > 0 ? Math.min(1, Math.max(0, done / newTotal)) : 0,
    lastTime: now,
    elapsed,
    speed,
    timeLeft,
  };
}

/** The estimate's progress as a rounded percentage, 0 to 100. */
export function estimatePercent(state: RateEstimate): number {
  return state.total > 0 ? progressPercent(state.done, state.total) : 0;
}
