import type { Readable } from 'node:stream';
import type { ByteRange, ContentChild, ContentStat } from '../model/types';

export type { ContentChild, ContentStat } from '../model/types';

/** Options of an atomic write. */
export interface WriteOptions {
  /** Refuse (with `insufficient-storage`) once more than this many bytes arrive; -1 = no limit. */
  maxBytes: number;
  /** Set this modification time (seconds) on the written file. */
  mtime?: number;
  /** When given, the write fails with `bad-request` unless exactly this many bytes arrive. */
  expectedLength?: number;
}

/** A file opened by {@link ContentStore.open}: read it with {@link stream} or give it back with {@link close}. */
export interface OpenedFile {
  /** Bytes in the opened version. */
  size: number;
  /** Its bytes, optionally only an inclusive range; the file is closed when the stream ends or is destroyed. */
  stream(range?: ByteRange): Readable;
  /** Closes the file without reading it. */
  close(): Promise<void>;
}

/** A copy built out of sight ({@link ContentStore.stageCopy}), ready to be placed. */
export interface StagedCopy {
  /** The temporary name it is kept under, until placed or discarded. */
  name: string;
  /** Bytes of its files. */
  size: number;
}

/**
 * Where file content lives: plain files under a directory now, an object
 * store later. Paths are normalised user paths ('/a/b.txt'); implementations
 * must guarantee that nothing resolves outside the user's root.
 */
export interface ContentStore {
  /** Creates the user's root when missing. */
  ensureRoot(uid: string): Promise<void>;
  /** Removes every byte the user owns (root, pending uploads). */
  removeUser(uid: string): Promise<void>;
  /** The node at `path`, or null when missing (or not a regular file/folder). */
  stat(uid: string, path: string): Promise<ContentStat | null>;
  /** The regular files and folders directly inside a folder. */
  list(uid: string, path: string): Promise<ContentChild[]>;
  /**
   * Opens a file for reading: its size and bytes are those of this one version,
   * whatever replaces the file at `path` meanwhile.
   */
  open(uid: string, path: string): Promise<OpenedFile>;
  /** Streams `source` to a temporary file and renames it over `path` when complete. */
  write(uid: string, path: string, source: AsyncIterable<Buffer> | Readable, options: WriteOptions): Promise<ContentStat>;
  /**
   * Moves a finished file into place at `path`, atomically (renamed over an
   * existing file). `file` is a local path inside the server's data directory,
   * on the same file system as the user roots; it is consumed.
   */
  install(uid: string, path: string, file: string, options: { mtime?: number }): Promise<ContentStat>;
  /** Creates one folder; the parent must exist. */
  mkdir(uid: string, path: string): Promise<ContentStat>;
  /** Removes a file or a folder with everything inside. */
  remove(uid: string, path: string): Promise<void>;
  /** Renames a node; `to` must not exist. */
  move(uid: string, from: string, to: string): Promise<void>;
  /**
   * Renames a node from one root to another (a user's tree and one of the user's areas, by
   * storage key, see areas.ts), atomically; `to` must not exist.
   */
  transfer(fromUid: string, from: string, toUid: string, to: string): Promise<void>;
  /** Moves a whole root (an area emptied at once) under the reserved temporary `name` and leaves an empty root. */
  setAsideRoot(uid: string, name: string): Promise<void>;
  /**
   * Copies a file or a folder tree (with `shallow`, a folder without its content) to a
   * temporary place out of sight of the user's tree: nothing there changes until
   * {@link place}. The name stays reserved until placed or {@link discard}ed.
   */
  stageCopy(uid: string, from: string, options: { shallow: boolean }): Promise<StagedCopy>;
  /** Reserves a temporary name for {@link setAside}, and names read back from the journal (`hold`). */
  reserveTemporary(kind: string): Promise<string>;
  /** Marks a temporary name found in the operation journal as held by the running recovery. */
  holdTemporary(name: string): void;
  /** Moves the node at `path` out of the user's tree, under the reserved temporary `name`. */
  setAside(uid: string, path: string, name: string): Promise<void>;
  /** Renames a temporary node (staged or set aside) to `path`, which must not exist; the name is released. */
  place(uid: string, name: string, path: string): Promise<void>;
  /** True when something is kept under the temporary name. */
  hasTemporary(name: string): Promise<boolean>;
  /** Removes what is kept under a temporary name and releases it. */
  discard(name: string): Promise<void>;
  /**
   * Removes every temporary entry no running operation holds (crash leftovers); returns how
   * many. `running`: tags of the live server processes sharing the store, whose entries stay.
   */
  sweepTemporary(running?: ReadonlySet<string>): Promise<number>;
  /** Sets a node's modification time (seconds). */
  setMtime(uid: string, path: string, mtime: number): Promise<ContentStat>;
  /** The local file-system path of a node (local stores only), refused outside the root. */
  localPath(uid: string, path: string): string;
}
