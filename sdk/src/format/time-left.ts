import type { Translate } from '../plugin';
import { englishTranslate } from './translate';

/** Under this many seconds the upload shows 'a few seconds left' (product §9). */
export const TIME_LEFT_FEW_SECONDS_S = 10;

/** From this many seconds on the time left shows as hh:mm:ss (product §9). */
export const TIME_LEFT_CLOCK_FROM_S = 60;

/** Options of {@link formatTimeLeft}. */
export interface FormatTimeLeftOptions {
  /** The queue is paused: say so instead of an estimate. */
  paused?: boolean;
  /** Translation function; the spec's English strings are the keys. */
  t?: Translate;
}

/** Two-digit clock field. */
function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * The upload's time-left text (product §4 "Time-left text"):
 * 'paused'; 'estimating time left' while the estimate is infinite (or not a
 * number); 'a few seconds left' under 10 s; '{seconds} seconds left' from 10
 * to under 60 s; '{time} left' with `time` as hh:mm:ss from 60 s on.
 *
 * @param seconds Estimated seconds left, `Infinity` while estimating; rounded
 *   to whole seconds.
 */
export function formatTimeLeft(seconds: number, options: FormatTimeLeftOptions = {}): string {
  const { paused = false, t = englishTranslate } = options;
  if (paused) {
    return t('paused');
  }
  if (!Number.isFinite(seconds)) {
    return t('estimating time left');
  }
  const whole = Math.max(0, Math.round(seconds));
  if (whole < TIME_LEFT_FEW_SECONDS_S) {
    return t('a few seconds left');
  }
  if (whole < TIME_LEFT_CLOCK_FROM_S) {
    return t('{seconds} seconds left', { seconds: whole });
  }
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const time = `${pad(hours)}:${pad(minutes)}:${pad(whole % 60)}`;
  return t('{time} left', { time });
}
