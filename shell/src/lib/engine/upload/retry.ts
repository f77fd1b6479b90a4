/**
 * Retry policy of upload requests (product §9 "Retries"): up to 5 retries with
 * exponential backoff from 1000 ms, honouring a Retry-After header, on
 * network errors and on 429 or 5xx answers to idempotent methods. Creating
 * the chunk workspace uses the same defaults.
 */

/** Retries after the first try, by default. */
export const DEFAULT_RETRY_ATTEMPTS = 5;

/** Wait before the first retry; each further retry waits twice as long. */
export const RETRY_BASE_DELAY_MS = 1000;

/**
 * Methods that may be repeated without changing the result beyond the first
 * success, so a 429 or 5xx answer can be retried. Network errors are retried
 * for every method (the request may never have arrived).
 */
export const IDEMPOTENT_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'PROPFIND', 'TRACE'];

/**
 * Milliseconds a Retry-After header asks to wait: either delay-seconds
 * ('120') or an HTTP date (never negative). Undefined when absent or invalid.
 *
 * @param now Current time in ms since the epoch, for the date form.
 */
export function parseRetryAfter(header: string | null | undefined, now: number = Date.now()): number | undefined {
  if (header === null || header === undefined) {
    return undefined;
  }
  const text = header.trim();
  if (/^\d+$/.test(text)) {
    return Number(text) * 1000;
  }
  // An HTTP date always names its month; this keeps '-5' from reading as a year.
  const date = /[a-z]/i.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * How long to wait before retry number `attempt` (1 for the first retry):
 * 1000 ms, 2000 ms, 4000 ms, … or longer when the server's Retry-After asks
 * for more.
 *
 * @param attempt The retry about to be made, counted from 1.
 * @param retryAfterHeader The failed response's Retry-After header, if any.
 * @param now Current time in ms since the epoch, for an HTTP-date header.
 */
export function retryDelay(attempt: number, retryAfterHeader?: string | null, now: number = Date.now()): number {
  const exponent = Math.max(0, Math.floor(attempt) - 1);
  const backoff = RETRY_BASE_DELAY_MS * 2 ** exponent;
  const requested = parseRetryAfter(retryAfterHeader, now);
  return requested === undefined ? backoff : Math.max(backoff, requested);
}

/** What is known about a failed request. */
export interface RequestFailure {
  /** HTTP method, any case. */
  method: string;
  /** Response status; absent or 0 when no response came. */
  status?: number;
  /** The request failed without a response (connection refused, reset, offline). */
  networkError?: boolean;
  /** The user or the app cancelled it: never retried. */
  aborted?: boolean;
}

/** Whether a failed request may be tried again (see the module comment). */
export function isRetryable(failure: RequestFailure): boolean {
  if (failure.aborted === true) {
    return false;
  }
  if (failure.networkError === true) {
    return true;
  }
  const status = failure.status ?? 0;
  const retryableStatus = status === 429 || (status >= 500 && status <= 599);
  return retryableStatus && IDEMPOTENT_METHODS.includes(failure.method.toUpperCase());
}

/**
 * Whether to retry after `retriesDone` retries have already failed.
 *
 * @param maxRetries Retries allowed after the first try; default 5.
 */
export function shouldRetry(failure: RequestFailure, retriesDone: number, maxRetries: number = DEFAULT_RETRY_ATTEMPTS): boolean {
  return retriesDone < maxRetries && isRetryable(failure);
}
