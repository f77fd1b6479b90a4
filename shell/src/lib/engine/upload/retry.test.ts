import { describe, expect, it } from '@jest/globals';
import { DEFAULT_RETRY_ATTEMPTS, RETRY_BASE_DELAY_MS, isRetryable, parseRetryAfter, retryDelay, shouldRetry } from './retry';

const NOW = Date.parse('Wed, 21 Oct 2026 07:28:00 GMT');

describe('retryDelay', () => {
  it('backs off exponentially from 1000 ms', () => {
    expect(RETRY_BASE_DELAY_MS).toBe(1000);
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelay(attempt))).toEqual([1000, 2000, 4000, 8000, 16000]);
  });
  it('honours a longer Retry-After in seconds', () => {
    expect(retryDelay(1, '30', NOW)).toBe(30000);
  });
  it('honours a Retry-After HTTP date', () => {
    expect(retryDelay(1, 'Wed, 21 Oct 2026 07:28:10 GMT', NOW)).toBe(10000);
  });
  it('keeps the backoff when Retry-After asks for less or is invalid', () => {
    expect(retryDelay(3, '1', NOW)).toBe(4000);
    expect(retryDelay(2, 'soon', NOW)).toBe(2000);
    expect(retryDelay(2, 'Wed, 21 Oct 2026 07:00:00 GMT', NOW)).toBe(2000);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and dates, and nothing else', () => {
    expect(parseRetryAfter('0', NOW)).toBe(0);
    expect(parseRetryAfter(' 5 ', NOW)).toBe(5000);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:27:00 GMT', NOW)).toBe(0);
    expect(parseRetryAfter('-5', NOW)).toBeUndefined();
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
  });
});

describe('isRetryable', () => {
  it('retries network errors for any method', () => {
    expect(isRetryable({ method: 'POST', networkError: true })).toBe(true);
    expect(isRetryable({ method: 'MKCOL', networkError: true })).toBe(true);
  });
  it('retries 429 and 5xx for idempotent methods', () => {
    expect(isRetryable({ method: 'PUT', status: 429 })).toBe(true);
    expect(isRetryable({ method: 'put', status: 503 })).toBe(true);
    expect(isRetryable({ method: 'GET', status: 500 })).toBe(true);
    expect(isRetryable({ method: 'DELETE', status: 599 })).toBe(true);
  });
  it('does not retry 429 or 5xx for non-idempotent methods', () => {
    expect(isRetryable({ method: 'POST', status: 503 })).toBe(false);
    expect(isRetryable({ method: 'MOVE', status: 500 })).toBe(false);
  });
  it('does not retry client errors or cancelled requests', () => {
    expect(isRetryable({ method: 'PUT', status: 404 })).toBe(false);
    expect(isRetryable({ method: 'PUT', status: 507 })).toBe(true);
    expect(isRetryable({ method: 'PUT', networkError: true, aborted: true })).toBe(false);
  });
});

describe('shouldRetry', () => {
  it('allows 5 retries by default', () => {
    expect(DEFAULT_RETRY_ATTEMPTS).toBe(5);
    const failure = { method: 'PUT', status: 502 };
    expect(shouldRetry(failure, 4)).toBe(true);
    expect(shouldRetry(failure, 5)).toBe(false);
    expect(shouldRetry(failure, 1, 1)).toBe(false);
  });
});
