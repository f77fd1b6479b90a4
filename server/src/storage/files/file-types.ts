import type { FileEntry } from '../model/types';

/** Options of a file write. */
export interface FileWriteOptions {
  /** The user's quota in bytes (-1 = unlimited); the write fails with 507 beyond it. */
  quota: number;
  /** Modification time to set (seconds), e.g. from `X-OC-Mtime`. */
  mtime?: number;
  /** When given, exactly this many bytes must arrive. */
  expectedLength?: number;
  /** The verified `OC-Checksum` of the content, stored for `oc:checksums`; absent clears the stored one. */
  checksum?: string;
  /** Who writes: the tree's user when absent, a share's recipient, '' for a public link's visitor (told to `replacing` listeners). */
  by?: string;
}

/** What `FileService.changeNode` may change. */
export interface NodeChanges {
  /** The favorite mark of {@link favoriteOf} (favorites are each user's own). */
  favorite?: boolean;
  /** Whose mark {@link favorite} is: the tree's user when absent, or a user who sees the node through a share. */
  favoriteOf?: string;
  /** Modification time in seconds. */
  mtime?: number;
}

/** A folder's children read page by page from one state of the cache (`FileService.streamListing`). */
export interface StreamedListing {
  /** How many children the pages hold in all. */
  readonly total: number;
  /** The children, a page at a time; read to the end, the read of the cache is closed. */
  pages(): AsyncGenerator<FileEntry[], void, undefined>;
  /** Ends the read early (the client went away). Idempotent. */
  close(): Promise<void>;
  /** After the last page: null when the disk matched what the pages held, else the children brought in line with the disk (new etags up to the root). */
  current(): Promise<FileEntry[] | null>;
}

/** The result of a write. */
export interface FileWriteResult {
  entry: FileEntry;
  /** True when the file did not exist before. */
  created: boolean;
}
