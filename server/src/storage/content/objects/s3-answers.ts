import type { Readable } from 'node:stream';
import { StorageError } from '../../../errors';
import type { ByteRange, WantedRange } from '../../model/types';

// How S3ObjectStore reads the store's answers: ranges, bodies, and the failures that mean the
// store did not answer.

/** The client's answer to a stalled store: try again after this many seconds (`Retry-After`). */
export const STALLED_RETRY_AFTER_S = 30;

/** Errors of a request that got no answer in time or could not reach the store (after the SDK's retries). */
const UNREACHABLE = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeoutException', 'ETIMEDOUT', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * How long an object's body may go without a byte once its answer has come: the bytes are read
 * as fast as the client takes them, and a client that pauses (a video player, a slow link)
 * would otherwise have its download cut after the store's timeout.
 */
const BODY_IDLE_MS = 5 * 60 * 1000;

/** Gives a GET's body {@link BODY_IDLE_MS} of silence rather than the timeout of the request (the SDK's listener stays). */
export function patientBody(body: Readable): Readable {
  (body as Readable & { socket?: { setTimeout?: (ms: number) => unknown } }).socket?.setTimeout?.(BODY_IDLE_MS);
  return body;
}

/** The `Range` header of a GET for a wanted range. */
export function rangeHeader(wanted: WantedRange): string {
  if ('suffix' in wanted) return `bytes=-${wanted.suffix}`;
  return `bytes=${wanted.start}-${wanted.end ?? ''}`;
}

/** The bytes a 206 answer holds and the object's size, from its `Content-Range` (`bytes 0-99/1000`). */
export function contentRange(value: string | undefined): { range: ByteRange; size: number } | null {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(value?.trim() ?? '');
  if (!match) return null;
  return { range: { start: Number(match[1]), end: Number(match[2]) }, size: Number(match[3]) };
}

/**
 * The failure of a request that timed out or reached no store on every try, as a StorageError
 * `unavailable` (503, `Retry-After`) whose message names the call and its key (`what`) for the log;
 * null for any other failure (an answer of the store's, which the caller reads).
 */
export function unreachable(error: unknown, what: string, attempts: number, timeoutMs: number): StorageError | null {
  if (error instanceof StorageError) return null;
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  // The code, or as the message tells it: the SDK rewraps an error of another realm (a test's VM) as a bare Error.
  const code = (error as { code?: unknown } | null)?.code ?? /\b(E[A-Z_]+)\b/.exec(String(message))?.[1];
  const timedOut = name === 'TimeoutError' || code === 'ETIMEDOUT' || name === 'RequestTimeout' || name === 'RequestTimeoutException';
  if (!timedOut && !UNREACHABLE.has(String(code)) && !UNREACHABLE.has(String(name))) return null;
  const why = timedOut ? `did not answer ${what} within ${timeoutMs / 1000} s` : `could not be reached for ${what} (${String(code ?? name)})`;
  const failure = new StorageError('unavailable', `The object store ${why}, ${attempts} ${attempts === 1 ? 'try' : 'tries'}; try again later`, STALLED_RETRY_AFTER_S);
  failure.cause = error;
  return failure;
}

/** The HTTP status of an S3 error, when it is one. */
export function status(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}
