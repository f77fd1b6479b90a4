/**
 * What went wrong, in storage terms. The WebDAV layer maps each kind to one
 * HTTP status and Sabre exception name in a single table (`dav/errors.ts`),
 * so every method answers the same failure the same way.
 */
export type StorageErrorKind =
  | 'bad-request'
  | 'unauthorized'
  | 'too-many-requests'
  | 'invalid-path'
  | 'forbidden'
  | 'not-found'
  | 'method-not-allowed'
  | 'conflict'
  | 'precondition-failed'
  | 'unsupported-media-type'
  | 'range-not-satisfiable'
  | 'locked'
  | 'failed-dependency'
  | 'not-implemented'
  | 'bad-gateway'
  | 'unavailable'
  | 'insufficient-storage';

/** A typed failure raised by the storage or WebDAV layers. */
export class StorageError extends Error {
  /**
   * @param kind what kind of failure, mapped to a status by the DAV layer
   * @param message the human-readable reason, sent to clients as `s:message`
   * @param retryAfter seconds after which trying again may succeed (`Retry-After`; a store that stalled)
   */
  constructor(
    readonly kind: StorageErrorKind,
    message: string,
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

/** Shorthand for throwing a typed storage failure. */
export function fail(kind: StorageErrorKind, message: string): never {
  throw new StorageError(kind, message);
}
