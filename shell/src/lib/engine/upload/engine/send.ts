import { isRetryable, retryDelay } from '../retry';
import type { Priority, RequestPool } from './pool';
import { abortError, isAbortError } from './transport';
import type { TransportRequest, TransportResponse, UploadTransport } from './types';

/** What every request of one engine shares. */
export interface SendContext {
  transport: UploadTransport;
  pool: RequestPool;
  /** Retries after the first try. */
  retries: number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  now: () => number;
}

/** How to send one request. */
export interface SendOptions {
  /** Its place in the pool's line. */
  priority: Priority;
  /** Cancels it, waiting, running or between retries. */
  signal: AbortSignal;
  /**
   * Retry a 429 or 5xx answer even though the method is not idempotent: for
   * the workspace MKCOL, whose random name makes a repeat harmless (product §9:
   * workspace creation is retried). Otherwise the idempotent methods of
   * product §9 (PUT, DELETE, PROPFIND) decide. Network errors are retried
   * either way.
   */
  retryStatus?: boolean;
  /**
   * A pause interrupts the request (the uploads' PUTs): it is aborted, its progress made void
   * (`onRetry` with attempt 0), and it goes back in line to be sent again on resume, not
   * counted as a try.
   */
  interruptible?: boolean;
  /** Called when a try gets its pool slot and goes out. */
  onStart?: () => void;
  /** Called before each retry (progress of the failed try is void). */
  onRetry?: (attempt: number, delayMs: number) => void;
}

/** The outcome of {@link send}: an answer (possibly an error status), or none after every retry. */
export type SendOutcome =
  | { kind: 'answer'; response: TransportResponse; attempts: number }
  | { kind: 'no-answer'; error: unknown; attempts: number };

/**
 * Sends a request through the pool with the retries of product §9: up to
 * `retries` more tries, waiting 1000 ms, 2000 ms, 4000 ms… or what the
 * answer's Retry-After asks when longer, on network errors and (when
 * `retryStatus`) on 429 and 5xx. The wait holds no pool slot.
 *
 * @throws AbortError when the signal aborts.
 */
export async function send(context: SendContext, request: TransportRequest, options: SendOptions): Promise<SendOutcome> {
  const { signal } = options;
  for (let attempt = 1; ; attempt++) {
    if (signal.aborted) throw abortError();
    let outcome: SendOutcome;
    let interruptSignal: AbortSignal | undefined;
    let interrupted = false;
    try {
      const response = await context.pool.run(
        options.priority,
        (interrupt) => {
          interruptSignal = interrupt;
          options.onStart?.();
          if (options.interruptible !== true) return context.transport({ ...request, signal });
          const both = eitherSignal(signal, interrupt);
          return context.transport({ ...request, signal: both.signal }).finally(both.stop);
        },
        signal,
        options.interruptible === true,
      );
      outcome = { kind: 'answer', response, attempts: attempt };
    } catch (error) {
      if (signal.aborted) throw abortError();
      // Paused while under way: the request goes again when the queue resumes.
      interrupted = options.interruptible === true && interruptSignal?.aborted === true;
      if (!interrupted && isAbortError(error)) throw abortError();
      outcome = { kind: 'no-answer', error, attempts: attempt };
    }
    if (interrupted) {
      options.onRetry?.(0, 0);
      attempt -= 1;
      continue;
    }
    if (outcome.kind === 'answer' && outcome.response.status < 400) return outcome;
    if (attempt > context.retries || !mayRetry(request.method, outcome, options.retryStatus)) return outcome;
    const retryAfter = outcome.kind === 'answer' ? outcome.response.headers['retry-after'] : undefined;
    const delay = retryDelay(attempt, retryAfter, context.now());
    options.onRetry?.(attempt, delay);
    await context.sleep(delay, signal);
  }
}

/**
 * Whether a failed try may be repeated: network errors always; 429 and 5xx
 * for idempotent methods (or when `retryStatus` says so), except 507, which
 * waiting does not cure (the item fails at once: 'Not enough free space').
 */
function mayRetry(method: string, outcome: SendOutcome, retryStatus: boolean | undefined): boolean {
  if (outcome.kind === 'no-answer') return isRetryable({ method, networkError: true });
  const status = outcome.response.status;
  if (status === 507) return false;
  if (retryStatus === true) return status === 429 || (status >= 500 && status <= 599);
  return isRetryable({ method, status });
}

/** A signal that aborts when either of two does; `stop` removes its listeners. */
function eitherSignal(a: AbortSignal, b: AbortSignal): { signal: AbortSignal; stop: () => void } {
  const controller = new AbortController();
  const abort = (): void => controller.abort();
  if (a.aborted || b.aborted) controller.abort();
  a.addEventListener('abort', abort, { once: true });
  b.addEventListener('abort', abort, { once: true });
  return {
    signal: controller.signal,
    stop: () => {
      a.removeEventListener('abort', abort);
      b.removeEventListener('abort', abort);
    },
  };
}

/** Waits `ms` on the real clock; rejects with an AbortError when the signal aborts. */
export function realSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
