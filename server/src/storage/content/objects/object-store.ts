import type { Readable } from 'node:stream';
import type { OpenedFile } from '../content-store';
import type { StreamLimits } from '../batched-writer';
import type { Piece } from './multipart-plan';
import type { WantedRange } from '../../model/types';

/** One stored object. */
export interface StoredObject {
  size: number;
  /** The store's entity tag of this version (never empty: read back when the store answered none). */
  etag: string;
}

/** An object found by {@link ObjectStore.list}. */
export interface ListedObject {
  key: string;
  size: number;
  lastModified: Date;
}

/** A multipart upload found by {@link ObjectStore.listUploads} (begun and neither completed nor aborted). */
export interface PendingUpload {
  key: string;
  uploadId: string;
  initiated: Date;
}

/**
 * Flat, whole-object storage of bytes by key (S3 and what speaks its protocol): no folders,
 * no rename, no append. Every write is atomic: a key shows its old object or the complete new
 * one, never a part (see server/src/storage/content/objects/README.md for how files map onto it).
 */
export interface ObjectStore {
  /** Creates the bucket (or whatever holds the objects) when missing. */
  ensureReady(): Promise<void>;
  /**
   * Without creating anything: null when the bucket is there and these keys may use it, else
   * what is wrong, as a sentence (missing bucket, no permission, no service at the endpoint).
   */
  problem(): Promise<string | null>;
  /**
   * Streams `source` into the object at `key`, replacing it only once every byte has arrived
   * within `limits` (`insufficient-storage` beyond `maxBytes`, `bad-request` when
   * `expectedLength` is not met); a failed put leaves the key as it was.
   */
  put(key: string, source: AsyncIterable<Buffer> | Readable, limits: StreamLimits): Promise<StoredObject>;
  /** The object's size and etag, or null when there is none. */
  head(key: string): Promise<StoredObject | null>;
  /**
   * Opens the current version for reading (`not-found` when missing): every stream of it (the
   * whole object or a range) reads that version, and fails with `conflict` once it has been
   * replaced or deleted, rather than mixing two versions. With `wanted`, the store fetches only
   * that range at first: streaming exactly the range it covers then reads nothing more.
   */
  open(key: string, wanted?: WantedRange): Promise<OpenedFile>;
  /** Copies an object inside the store (no byte passes through the server). */
  copy(from: string, to: string): Promise<StoredObject>;
  /**
   * Writes the concatenation of stored `pieces` (a chunked upload's chunks) to `key`, through
   * a multipart upload whose parts respect the store's minimum part size; atomic like
   * {@link put}. The pieces stay (the caller deletes them once the result is recorded).
   */
  assemble(key: string, pieces: readonly Piece[]): Promise<StoredObject>;
  /** Deletes objects; missing ones are no error. */
  delete(keys: readonly string[]): Promise<void>;
  /** Every object whose key starts with `prefix`, in key order. */
  list(prefix: string): AsyncIterable<ListedObject>;
  /** Multipart uploads under `prefix` that were begun and never completed nor aborted. */
  listUploads(prefix: string): AsyncIterable<PendingUpload>;
  /** Drops an unfinished multipart upload and its parts. */
  abortUpload(upload: PendingUpload): Promise<void>;
  /** Lets go of the connections (the store is not used after). */
  destroy(): void;
}

/** The key prefix of file contents: `urn:oid:<fileid>`, as Nextcloud's primary object storage names them. */
export const FILE_KEY_PREFIX = 'urn:oid:';

/** The key of a file's content: by file id, so a rename or move changes no object. */
export function fileObjectKey(fileid: number): string {
  if (!Number.isSafeInteger(fileid) || fileid <= 0) throw new RangeError(`Invalid file id ${fileid}`);
  return `${FILE_KEY_PREFIX}${fileid}`;
}

/** The file id an object key stands for, or null for any other key. */
export function fileIdOfKey(key: string): number | null {
  if (!key.startsWith(FILE_KEY_PREFIX)) return null;
  const digits = key.slice(FILE_KEY_PREFIX.length);
  if (!/^[1-9]\d{0,15}$/.test(digits)) return null;
  const fileid = Number(digits);
  return Number.isSafeInteger(fileid) ? fileid : null;
}
