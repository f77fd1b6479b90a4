import type { Kysely } from 'kysely';
import type { Readable } from 'node:stream';
import type { ContentChild, ContentStat, OpenedFile } from './content-store';
import type { ChecksumEntry } from './checksums';
import type { ListedRow, MetadataStore } from '../metadata/metadata-store';
import type { FileRow, JournalRow } from '../metadata/tables';
import type { NodeEvents } from '../model/node-events';
import type { WantedRange } from '../model/types';
import type { UploadSession } from '../uploads/upload-sessions';
import type { ChunkAnnouncement } from '../uploads/chunk-names';

/**
 * Where the bytes of users' files live, and everything that depends on it: the content
 * backend. `FileService` keeps the file cache, the checks and the node events, and asks its
 * backend for the rest, without knowing which one runs. Two exist, chosen once when the
 * services open (open-services.ts): `local/` (plain files under the data directory, checked
 * against the cache on every look, tree operations journaled) and `objects/` (one object per
 * file id on S3-compatible storage, the cache the whole truth, one transaction per operation).
 */
export interface ContentBackend {
  /** Keeps the file cache in line with what is stored (the disk checks; nothing to check with objects). */
  readonly sync: CacheSync;
  /** COPY, MOVE, DELETE and moves between trees, each leaving the old state or the new one after a crash. */
  readonly operations: TreeOperationSet;
  /** The chunked uploads' workspace. */
  readonly uploads: ChunkStore;
  /** Makes room for a user's tree (their root folder on disk). */
  ensureRoot(uid: string): Promise<void>;
  /** Removes every byte and every row of the user's (files, areas, pending uploads). */
  deleteUser(uid: string): Promise<void>;
  /** Opens a file for reading: one version's size and bytes; `wanted` is the range about to be read. */
  open(uid: string, path: string, wanted?: WantedRange): Promise<OpenedFile>;
  /** Stores a file's bytes and records the file in the cache (a write the file service has checked). */
  place(write: PlannedWrite, content: FileContent): Promise<FileRow>;
  /**
   * Keeps the content the file `row` of `uid`'s tree has now as a new file `to` of the tree
   * `toKey` (an area; its parent folder `toParent` exists, nothing is at `to`), without
   * copying the bytes where the store allows it (a hard link on disk), before that content
   * is replaced: the kept file is whole before the write starts, so a crash leaves both.
   */
  keep(uid: string, row: FileRow, toKey: string, to: string, toParent: FileRow): Promise<FileRow>;
  /** Makes room for a new folder (the parent exists, nothing is at `path`). */
  mkdir(uid: string, path: string): Promise<ContentStat>;
  /** Sets a node's modification time (seconds) where the bytes are; `undo` puts the old one back. */
  setMtime(uid: string, path: string, mtime: number): Promise<{ mtimeUs: number; undo(): Promise<void> }>;
  /** Removes the data directory's temporary entries no running process holds; returns how many. */
  sweepTemporary(running: ReadonlySet<string>): Promise<number>;
  /** Removes stored content no file points at any more (0 where nothing can be left over); returns how many. */
  sweepOrphans(): Promise<number>;
  /** The local file-system path of a node, refused outside the user root. */
  localPath(uid: string, path: string): string;
  /** Lets go of connections (call last). */
  close(): Promise<void>;
}

/** What a backend is made of: the pieces of the file service it works with. */
export interface BackendContext {
  /** The shared database (locks, dead properties, sessions, reservations). */
  db: Kysely<unknown>;
  /** The data directory. */
  dataDir: string;
  /** The file cache. */
  metadata: MetadataStore;
  /** The node events the disk checks fire for changes made behind the server's back. */
  events: NodeEvents;
  /** This process's tag in temporary names and the journal. */
  tag: string;
}

/** Makes a backend; given to `FileService`, chosen once at start-up (`localContent`, `objectContent`). */
export type ContentBackendFactory = (context: BackendContext) => ContentBackend;

/** The file cache kept in line with the stored content. */
export interface CacheSync {
  /** Keeps the disk checks away from `paths` while an operation changes them. */
  hold(uid: string, ...paths: string[]): Disposable;
  /** The user's (or area's) root row, created when missing. */
  rootRow(uid: string): Promise<FileRow>;
  /** The node's row, checked against the stored content, or null. */
  refreshNode(uid: string, path: string): Promise<FileRow | null>;
  /** A folder's children as stored (null: nothing to compare, or the folder is gone). */
  listOnDisk(uid: string, path: string): Promise<ContentChild[] | null>;
  /** Brings a listing in line with what is stored; null when it matched. */
  checkListing(uid: string, folder: FileRow, cached: ListedRow[], disk: ContentChild[]): Promise<FileRow[] | null>;
  /** Checks a whole tree unless done in the last `maxAgeSeconds`; true when a walk ran. */
  refreshTree(uid: string, path: string, maxAgeSeconds: number): Promise<boolean>;
}

/** What {@link TreeOperationSet.recover} did at start-up. */
export interface RecoveryReport {
  /** Operations found done on disk, whose database side was completed. */
  completed: number;
  /** Operations found not done on disk, undone. */
  undone: number;
  /** Operations that could not be settled (their journal rows are dropped; the disk checks take over). */
  failed: { operation: JournalRow; error: unknown }[];
}

/** The tree operations of a backend (the file service has run every check before). */
export interface TreeOperationSet {
  /** Copies `from` to `to` (with `shallow`, a folder alone), replacing `replaced` once the copy is complete. */
  copy(uid: string, from: string, to: string, options: { replaced: FileRow | null; shallow: boolean; quota: number }): Promise<FileRow>;
  /** Moves the node `row` to `to`, replacing `replaced`. */
  move(uid: string, row: FileRow, to: string, replaced: FileRow | null): Promise<FileRow>;
  /** Moves the node `row` of `fromUid`'s tree to `to` in `toUid`'s tree (a user's tree and an area). */
  transfer(fromUid: string, row: FileRow, toUid: string, to: string): Promise<FileRow>;
  /** Deletes the node `row` with everything inside. */
  remove(uid: string, row: FileRow): Promise<void>;
  /** Settles what a crash cut short; `running`: the tags of the live processes, whose operations stay. */
  recover(running?: ReadonlySet<string>): Promise<RecoveryReport>;
  /** Resolves once no operation is under way. */
  idle(): Promise<void>;
}

/** The bytes of a file write. */
export type FileContent =
  /** A stream (a PUT's body). */
  | { readonly kind: 'stream'; readonly source: AsyncIterable<Buffer> | Readable }
  /** A finished file of `size` bytes in the data directory (an assembled upload), consumed once stored; `crc32` when known. */
  | { readonly kind: 'file'; readonly path: string; readonly size: number; readonly crc32?: number }
  /** Objects of the backend's own store put together in order (an upload's chunk objects). */
  | { readonly kind: 'parts'; readonly parts: readonly { readonly key: string; readonly size: number }[] };

/** A file write that passed the file service's checks. */
export interface PlannedWrite {
  uid: string;
  /** The normalised path of the file. */
  target: string;
  /** Its parent folder's row. */
  parent: FileRow;
  /** The file there now, or null. */
  existing: FileRow | null;
  /** Bytes it may take (-1: no limit). */
  maxBytes: number;
  /** Modification time to set (seconds). */
  mtime?: number;
  /** When given, exactly this many bytes must arrive. */
  expectedLength?: number;
  /** The verified `OC-Checksum` to store, or null. */
  checksum: string | null;
}

/** A stored chunk of an upload. */
export interface Chunk {
  name: string;
  size: number;
}

/**
 * The workspace of chunked uploads (Nextcloud's chunking v1 and v2): sessions in the shared
 * database, chunks where the backend keeps them.
 */
export interface ChunkStore {
  /** The session, or null when no such upload exists. */
  get(uid: string, id: string): Promise<UploadSession | null>;
  /** The user's uploads. */
  list(uid: string): Promise<UploadSession[]>;
  /** Creates an upload; `method-not-allowed` when it exists. */
  create(uid: string, id: string, destination: string | null): Promise<UploadSession>;
  /** Stores one chunk, replacing a retried one whole (`insufficient-storage` beyond `maxBytes`). */
  putChunk(uid: string, id: string, name: string, source: AsyncIterable<Buffer>, maxBytes: number, announced?: ChunkAnnouncement): Promise<Chunk>;
  /** The chunks stored so far. */
  chunks(uid: string, id: string): Promise<Chunk[]>;
  /** Starts putting the upload's chunks together (end it with {@link UploadAssembly.end} or {@link remove}). */
  startAssembly(uid: string, id: string): Promise<UploadAssembly>;
  /** Removes an upload and its chunks. */
  remove(uid: string, id: string): Promise<void>;
  /** The user's pending bytes: those of upload `id` (without its chunk `except`) and those of the others. */
  pendingUsage(uid: string, id: string | null, except?: string): Promise<{ own: number; others: number }>;
  /** Removes uploads without activity for `maxAgeSeconds`; returns how many. */
  sweep(maxAgeSeconds?: number): Promise<number>;
}

/** An upload's chunks about to become a file (MOVE `.file`). */
export interface UploadAssembly {
  /** The chunks' total size. */
  readonly size: number;
  /**
   * True once chunks are being consumed by the write: a write failing after that cannot be
   * retried, and the upload must go (the client starts over).
   */
  readonly consumed: boolean;
  /** The file's bytes for `FileService.place`, checked against `checksums` (`bad-request` on a mismatch). */
  content(checksums?: ChecksumEntry[]): Promise<FileContent>;
  /** Ends an assembly: chunks may be written again as before. */
  end(): void;
}
