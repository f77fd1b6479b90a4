import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ContentStore, OpenedFile } from '../content/content-store';
import type { ChunkStore, ContentBackend, ContentBackendFactory, FileContent, RecoveryReport } from '../content/backend';
import type { FileRow } from '../metadata/tables';
import type { MetadataStore, NewFileRow } from '../metadata/metadata-store';
import type { SearchQuery } from '../metadata/search-query';
import type { FileEntry, WantedRange } from '../model/types';
import { localContent } from '../content/local/local-backend';
import { InstanceRegistry, newInstanceTag } from '../metadata/instances';
import { crashPoint } from '../content/local/crash-points';
import { SqlMetadataStore, newEtag } from '../metadata/metadata-store';
import { fail } from '../../errors';
import { baseName, isWithin, normalizePath, parentPath } from '../model/paths';
import { assertAllowedFilename } from '../model/filename-rules';
import { NodeEvents } from '../model/node-events';
import { ancestorsOf, newRow, now, toEntry } from '../metadata/cache-rows';
import { streamedListing } from './streamed-listing';

export { toEntry } from '../metadata/cache-rows';
export type { RecoveryReport } from '../content/backend';
export type { FileContent } from '../content/backend';
export type { FileWriteOptions, FileWriteResult, NodeChanges, StreamedListing } from './file-types';
import type { FileWriteOptions, FileWriteResult, NodeChanges, StreamedListing } from './file-types';

/**
 * Users' files: metadata in the file cache ({@link MetadataStore}), content in a
 * {@link ContentBackend} chosen once when the services open: plain files under the data
 * directory (the default; the cache is checked against the disk on every stat and every
 * listing, and whole trees now and then, so changes made behind the server's back are
 * noticed) or one object per file id on object storage (the cache the whole truth). The
 * service runs the checks, keeps the cache and fires the node events; which backend holds the
 * bytes it does not know.
 */
export class FileService {
  /** The file cache. */
  readonly metadata: MetadataStore;
  /** The database handle, shared with locks, properties and uploads. */
  readonly db: Kysely<unknown>;
  /** The data directory. */
  readonly dataDir: string;
  /** Where the bytes are (for the tests of a backend itself: nothing else needs to know). */
  readonly backend: ContentBackend;

  /**
   * @param options the shared database and the data directory; `backend` the content backend
   * (`localContent()`, the default, or `objectContent(store)`: ../content/backend.ts); `content` a
   * disk layer for the default backend (tests).
   */
  constructor(options: { db: Kysely<unknown>; dataDir: string; metadata?: MetadataStore; backend?: ContentBackendFactory; content?: ContentStore }) {
    this.db = options.db;
    this.dataDir = options.dataDir;
    this.instances = new InstanceRegistry(options.db, newInstanceTag());
    this.metadata = options.metadata ?? new SqlMetadataStore(options.db);
    const backend = options.backend ?? localContent(options.content);
    this.backend = backend({ db: this.db, dataDir: this.dataDir, metadata: this.metadata, events: this.events, tag: this.instances.tag });
    this.sync = this.backend.sync;
    this.operations = this.backend.operations;
  }

  /** The server processes sharing the database (and this one's tag in temporary names and the journal). */
  private readonly instances: InstanceRegistry;

  /** Lets go of what this process holds in the shared database (call before closing it). */
  async close(): Promise<void> {
    await this.operations.idle();
    await this.instances.close();
    await this.backend.close();
  }

  /** The chunked uploads' workspace, where the backend keeps chunks. */
  get uploads(): ChunkStore {
    return this.backend.uploads;
  }

  /** Keeps the cache in line with what is stored. */
  private readonly sync: ContentBackend['sync'];
  /** COPY, MOVE, DELETE and transfers, each leaving the old state or the new one after a crash. */
  private readonly operations: ContentBackend['operations'];

  /**
   * Finishes or undoes every COPY and MOVE a crash cut short, then removes temporary
   * leftovers (partial uploads, unfinished copies). Run at start-up, before any request: a
   * listing in between would take a half-moved tree for new files.
   */
  async recoverInterrupted(): Promise<RecoveryReport & { swept: number }> {
    // Another server process on the same database and data dir is busy with its own.
    const running = await this.instances.alive();
    const report = await this.operations.recover(running);
    return { ...report, swept: await this.backend.sweepTemporary(running) };
  }

  /**
   * Removes temporary files no running request holds, and stored content no file points at;
   * returns how many (run periodically). With several server processes it also settles the
   * interrupted operations of one that died.
   */
  async sweepTemporary(): Promise<number> {
    const running = await this.instances.alive();
    await this.operations.recover(running);
    const swept = await this.backend.sweepTemporary(running);
    return swept + (await this.backend.sweepOrphans());
  }

  /** Node events (created, changed, deleting/deleted, moved) fired by the changes made through this service. */
  readonly events = new NodeEvents();

  /** Creates the user's root folder (on disk and in the cache) when missing. */
  async ensureUserRoot(uid: string): Promise<void> {
    // Called on every WebDAV request: cheap once the root is known to exist.
    if (this.ensuredRoots.has(uid)) return;
    await this.backend.ensureRoot(uid);
    await this.sync.rootRow(uid);
    this.ensuredRoots.add(uid);
  }

  private readonly ensuredRoots = new Set<string>();

  /** Removes the user's files, pending uploads, locks and metadata. */
  async deleteUserData(uid: string): Promise<void> {
    this.ensuredRoots.delete(uid);
    await this.backend.deleteUser(uid);
  }

  /** Bytes the user's files take. */
  async getUsage(uid: string): Promise<{ used: number }> {
    const root = await this.sync.rootRow(uid);
    return { used: Math.max(0, root.size) };
  }

  /** The node with this id in the user's storage, or null. */
  async getById(uid: string, fileid: number): Promise<FileEntry | null> {
    const row = await this.metadata.getById(uid, fileid);
    if (!row) return null;
    return this.stat(uid, row.path);
  }

  /** The node at `path` (checked against the disk), or null when missing. */
  async stat(uid: string, path: string): Promise<FileEntry | null> {
    const row = await this.sync.refreshNode(uid, normalizePath(path));
    return row ? toEntry(row) : null;
  }

  /**
   * The children of a folder, checked against the disk: every child is lstat'ed, so files
   * added, removed, replaced or edited in place behind the server's back show at once (with
   * new etags up to the root).
   */
  async list(uid: string, path: string): Promise<FileEntry[]> {
    const { cached, current } = await this.listing(uid, path);
    return (await current) ?? cached;
  }

  /**
   * The children of a folder as cached, at once, and the check of them against the disk,
   * which runs meanwhile: `current` is null when the disk matched the cache (the hot path of
   * a 10,000-entry PROPFIND, which renders `cached` while the disk is read), else the
   * children brought in line with the disk (the folder and its ancestors then have new
   * etags).
   */
  async listing(uid: string, path: string): Promise<{ cached: FileEntry[]; current: Promise<FileEntry[] | null> }> {
    const streamed = await this.streamListing(uid, path);
    const cached: FileEntry[] = [];
    for await (const page of streamed.pages()) for (const entry of page) cached.push(entry);
    const current = streamed.current();
    current.catch(() => undefined);
    return { cached, current };
  }

  /**
   * The children of a folder as cached, page by page from one state of the cache (see
   * `listing-pages`), so a big folder's first rows can be sent before the last are read; the
   * disk is read meanwhile. Read the pages to the end (or {@link StreamedListing.close} them),
   * then {@link StreamedListing.current} checks what they held against the disk.
   */
  async streamListing(uid: string, path: string): Promise<StreamedListing> {
    const row = await this.sync.refreshNode(uid, normalizePath(path));
    if (!row) fail('not-found', 'Folder not found');
    if (row.type !== 'folder') fail('bad-request', 'Not a folder');
    const disk = this.sync.listOnDisk(uid, row.path);
    // Awaited by `current`; until then (or when the client leaves first) a failure must not count as unhandled.
    disk.catch(() => undefined);
    const source = await this.metadata.listingPages(row.fileid);
    return streamedListing(row, source, async (rows) => {
      const children = await disk;
      // Renamed or deleted while listed: the state it had is the answer; the next look drops it.
      if (children === null) return null;
      const fresh = await this.sync.checkListing(uid, row, rows, children);
      return fresh ? fresh.map(toEntry) : null;
    });
  }

  /**
   * Checks the whole tree below `path` against the disk, unless it (or a folder above it)
   * was checked in the last `maxAgeSeconds`: files changed deep down then change the etag of
   * every folder above them, the root included, which is how sync clients find changes.
   * Folder sizes are recomputed from their children on the way. Concurrent calls for the
   * same tree share one walk. Returns true when a walk ran.
   */
  async refreshTree(uid: string, path: string, maxAgeSeconds: number): Promise<boolean> {
    return this.sync.refreshTree(uid, normalizePath(path), maxAgeSeconds);
  }

  /**
   * Opens a file for reading: one version's size and bytes, whatever replaces it meanwhile.
   * `wanted`: the range the caller is about to stream, fetched alone from object storage.
   */
  async openRead(uid: string, path: string, wanted?: WantedRange): Promise<OpenedFile> {
    return this.backend.open(uid, normalizePath(path), wanted);
  }

  /** The file-system path of a node, refused outside the user root (for previews). */
  localPath(uid: string, path: string): string {
    return this.backend.localPath(uid, normalizePath(path));
  }

  /**
   * Streams `source` into the file at `path` (atomic: the old file stays whole until the new
   * one is complete). The parent folder must exist.
   */
  async write(uid: string, path: string, source: AsyncIterable<Buffer> | Readable, options: FileWriteOptions): Promise<FileWriteResult> {
    return this.put(uid, path, { kind: 'stream', source }, options);
  }

  /**
   * Puts `content` at `path` (a stream, a finished file in the data directory such as an
   * assembled upload, or stored parts: `UploadAssembly.content`), under the checks of
   * {@link write}: the parent, no folder in the way, the quota against `expectedLength` up
   * front. Atomic: a failed or refused write leaves the old file. A file's content is consumed
   * only when every check passes.
   */
  async put(uid: string, path: string, content: FileContent, options: FileWriteOptions): Promise<FileWriteResult> {
    const expected = content.kind === 'file' ? { expectedLength: content.size } : {};
    const { target, parent, existing, maxBytes } = await this.checkWrite(uid, path, { ...options, ...expected });
    using _held = this.sync.hold(uid, target);
    // A listener (versions) keeps the content about to go; failing, it fails the write.
    if (existing) {
      await this.events.replacing(uid, toEntry(existing), { by: options.by ?? uid });
      crashPoint('put:after-replacing');
    }
    const row = await this.backend.place(
      {
        uid,
        target,
        parent,
        existing,
        maxBytes,
        ...(options.mtime !== undefined ? { mtime: options.mtime } : {}),
        ...(options.expectedLength !== undefined ? { expectedLength: options.expectedLength } : expected),
        checksum: options.checksum ?? null,
      },
      content,
    );
    const entry = toEntry(row);
    await this.events.emit(existing ? 'changed' : 'created', uid, entry);
    return { entry, created: existing === null };
  }

  /** The checks before a file write: the normalised path, its parent, the file there now and the bytes it may take. */
  private async checkWrite(uid: string, path: string, options: FileWriteOptions): Promise<{ target: string; parent: FileRow; existing: FileRow | null; maxBytes: number }> {
    const target = normalizePath(path);
    if (target === '/') fail('method-not-allowed', 'Cannot write the root folder');
    assertAllowedFilename(baseName(target));
    const parent = await this.requireFolder(uid, parentPath(target));
    const existing = await this.sync.refreshNode(uid, target);
    if (existing?.type === 'folder') fail('method-not-allowed', 'A folder exists at this path');
    const maxBytes = options.quota < 0 ? -1 : Math.max(0, options.quota - (await this.getUsage(uid)).used + (existing?.size ?? 0));
    if (options.expectedLength !== undefined && maxBytes >= 0 && options.expectedLength > maxBytes) {
      fail('insufficient-storage', 'Insufficient space in the user storage');
    }
    return { target, parent, existing, maxBytes };
  }

  /** Creates a folder; the parent must exist and nothing may be at `path`. */
  async mkdir(uid: string, path: string): Promise<FileEntry> {
    path = normalizePath(path);
    if (path === '/') fail('method-not-allowed', 'The resource you tried to create already exists');
    assertAllowedFilename(baseName(path));
    const parent = await this.requireFolder(uid, parentPath(path));
    if (await this.sync.refreshNode(uid, path)) fail('method-not-allowed', 'The resource you tried to create already exists');
    using _held = this.sync.hold(uid, path);
    const stat = await this.backend.mkdir(uid, path);
    const row = await this.metadata.insert(newRow(uid, path, parent.fileid, stat, now()));
    await this.metadata.propagate(uid, ancestorsOf(path), 0, now());
    const entry = toEntry(row);
    await this.events.emit('created', uid, entry);
    return entry;
  }

  /**
   * Deletes a file or a folder with everything inside. A plugin (a trash bin) may take the
   * delete over, unless `final` says the caller wants it gone for good (Nextcloud's
   * `X-NC-Skip-Trashbin`). `by` is who deletes (the owner when not given; a share's recipient
   * deletes the owner's node) and `byPath` the node's path as they see it (`path` when not given). A delete the server does itself is journaled (see {@link purge}).
   */
  async delete(uid: string, path: string, options: { final?: boolean; by?: string; byPath?: string } = {}): Promise<void> {
    path = normalizePath(path);
    if (path === '/') fail('forbidden', 'The root folder cannot be deleted');
    const row = await this.sync.refreshNode(uid, path);
    if (!row) fail('not-found', 'File not found');
    await this.requireFolder(uid, parentPath(path));
    const entry = toEntry(row);
    // A plugin (a trash bin) may take the delete over; then the node is its to put away.
    if (options.final || !(await this.events.takeOverDelete(uid, entry, { deletedBy: options.by ?? uid, path: options.byPath ?? path }))) await this.removeRow(uid, row);
    await this.events.emit('deleted', uid, entry);
  }

  /**
   * Keeps the content the file at `path` of `uid`'s tree has now as a new file `to` of the
   * tree `toKey` (one of the user's areas), without copying the bytes where the backend can
   * (a hard link on disk; a copy inside the object store on S3). Fires no node event. The kept
   * file is complete before this returns, so a write that replaces the content next can never
   * leave a kept file pointing at nothing.
   */
  async keep(uid: string, path: string, toKey: string, to: string): Promise<FileEntry> {
    path = normalizePath(path);
    to = normalizePath(to);
    await this.ensureUserRoot(toKey);
    const row = await this.sync.refreshNode(uid, path);
    if (!row) fail('not-found', 'File not found');
    if (row.type !== 'file') fail('bad-request', 'Not a file');
    assertAllowedFilename(baseName(to));
    const parent = await this.requireFolder(toKey, parentPath(to), 'conflict');
    if (await this.sync.refreshNode(toKey, to)) fail('precondition-failed', 'The destination node already exists');
    using _held = this.sync.hold(toKey, to);
    const kept = toEntry(await this.backend.keep(uid, row, toKey, to, parent));
    crashPoint('keep:after-content');
    return kept;
  }

  /**
   * Deletes a node for good without telling anyone (no node events, no plugin may take it
   * over): for a tree no listener watches, such as a user's area (areas.ts). `/` empties the
   * whole tree at once and leaves its root.
   */
  async purge(uid: string, path: string): Promise<void> {
    path = normalizePath(path);
    const row = await this.sync.refreshNode(uid, path);
    if (!row) fail('not-found', 'File not found');
    await this.removeRow(uid, row);
  }

  /** The journaled removal: a crash leaves the node whole or gone (tree-operations.ts). */
  private async removeRow(uid: string, row: FileRow): Promise<void> {
    using _held = this.sync.hold(uid, row.path);
    await this.operations.remove(uid, row);
  }

  /**
   * Moves a node from the tree `fromUid` to `to` in the tree `toUid`, where one of them is a
   * user's tree and the other one of that user's areas (storage keys, areas.ts): the node
   * keeps its file id, content, favorite mark and dead properties. The parent of `to` must
   * be a folder and nothing may be at `to`. Fires no node event: the caller tells what it
   * means (a delete taken over, a restore).
   */
  async transfer(fromUid: string, from: string, toUid: string, to: string): Promise<FileEntry> {
    from = normalizePath(from);
    to = normalizePath(to);
    if (from === '/' || to === '/') fail('forbidden', 'A root folder cannot be moved');
    await this.ensureUserRoot(fromUid);
    await this.ensureUserRoot(toUid);
    const row = await this.sync.refreshNode(fromUid, from);
    if (!row) fail('not-found', 'File not found');
    assertAllowedFilename(baseName(to));
    await this.requireFolder(toUid, parentPath(to), 'conflict');
    if (await this.sync.refreshNode(toUid, to)) fail('precondition-failed', 'The destination node already exists');
    using _heldFrom = this.sync.hold(fromUid, from);
    using _heldTo = this.sync.hold(toUid, to);
    return toEntry(await this.operations.transfer(fromUid, row, toUid, to));
  }

  /**
   * Copies a node of the tree `fromUid` to `to` in the tree `toUid` (storage keys: an item of
   * one user's area into another user's same area), as two journaled steps: a complete copy
   * staged at the root of the source's tree, then its {@link transfer}. A crash leaves at
   * most the staged copy behind, never a part of one at `to`. Fires no node event.
   */
  async copyBetween(fromUid: string, from: string, toUid: string, to: string): Promise<FileEntry> {
    from = normalizePath(from);
    await this.ensureUserRoot(fromUid);
    if (!(await this.sync.refreshNode(fromUid, from))) fail('not-found', 'File not found');
    const staged = `/.copy-${randomUUID()}`;
    {
      using _held = this.sync.hold(fromUid, staged);
      await this.operations.copy(fromUid, from, staged, { replaced: null, shallow: false, quota: -1 });
    }
    try {
      return await this.transfer(fromUid, staged, toUid, to);
    } catch (error) {
      await this.purge(fromUid, staged);
      throw error;
    }
  }

  /**
   * Renames/moves a node (keeping its file id, so its favorite mark and dead properties
   * follow). A node at `to` is refused, or with `replace` replaced, but only once every
   * check has passed, so a refused move changes nothing, and an interrupted one is finished
   * or undone at the next start.
   */
  async move(uid: string, from: string, to: string, options: { replace?: boolean; by?: string } = {}): Promise<FileEntry> {
    from = normalizePath(from);
    to = normalizePath(to);
    const row = await this.sync.refreshNode(uid, from);
    if (!row) fail('not-found', 'File not found');
    if (isWithin(to, from)) fail('forbidden', 'Cannot move a node into itself');
    assertAllowedFilename(baseName(to));
    await this.requireFolder(uid, parentPath(to), 'conflict');
    const existing = await this.sync.refreshNode(uid, to);
    if (existing && !options.replace) fail('precondition-failed', 'The destination node already exists');
    if (existing && isWithin(from, to)) fail('forbidden', 'Cannot replace a folder with a node inside it');
    await this.requireFolder(uid, parentPath(from));
    using _held = this.sync.hold(uid, from, to);
    if (existing?.type === 'file' && row.type === 'file') await this.events.replacing(uid, toEntry(existing), { by: options.by ?? uid });
    const entry = toEntry(await this.operations.move(uid, row, to, existing));
    if (existing?.type === 'file' && row.type === 'file') await this.events.superseded(uid, toEntry(existing), entry);
    // A node the move replaced is gone (inside the journaled operation: no plugin can take it over).
    if (existing) await this.events.emit('deleted', uid, toEntry(existing));
    await this.events.moved(uid, entry, from);
    return entry;
  }

  /**
   * Copies a node (a folder with everything inside, or with `shallow` without its content)
   * with its dead properties. A node at `to` is refused, or with `replace` replaced, but only
   * once every check has passed, the quota included (counting the bytes the replaced node
   * frees), and the copy is complete: a refused or interrupted copy changes nothing.
   */
  async copy(uid: string, from: string, to: string, quota: number, options: { replace?: boolean; shallow?: boolean; by?: string } = {}): Promise<FileEntry> {
    from = normalizePath(from);
    to = normalizePath(to);
    const row = await this.sync.refreshNode(uid, from);
    if (!row) fail('not-found', 'File not found');
    if (isWithin(to, from)) fail('forbidden', 'Cannot copy a node into itself');
    assertAllowedFilename(baseName(to));
    await this.requireFolder(uid, parentPath(to), 'conflict');
    const existing = await this.sync.refreshNode(uid, to);
    if (existing && !options.replace) fail('precondition-failed', 'The destination node already exists');
    const shallow = options.shallow === true && row.type === 'folder';
    const size = shallow ? 0 : row.size;
    if (quota >= 0 && (await this.getUsage(uid)).used - (existing?.size ?? 0) + size > quota) fail('insufficient-storage', 'Insufficient space in the user storage');
    using _held = this.sync.hold(uid, to);
    const overFile = existing?.type === 'file' && row.type === 'file';
    if (overFile) await this.events.replacing(uid, toEntry(existing), { by: options.by ?? uid });
    const copied = await this.operations.copy(uid, from, to, { replaced: existing, shallow, quota });
    const entry = toEntry({ ...copied, checksum: copied.type === 'file' ? row.checksum : null });
    if (overFile) await this.events.superseded(uid, toEntry(existing), entry);
    // A node the copy replaced is gone (inside the journaled operation: no plugin can take it over).
    if (existing) await this.events.emit('deleted', uid, toEntry(existing));
    await this.events.emit('created', uid, entry);
    return entry;
  }

  /**
   * Changes a node's favorite mark and/or modification time (seconds), and runs `alsoInTransaction`
   * (dead properties) in the same database transaction: all of it happens or none (the disk
   * mtime, set first, is put back when the transaction fails).
   */
  async changeNode(uid: string, path: string, changes: NodeChanges, alsoInTransaction?: (db: Kysely<unknown>) => Promise<void>): Promise<FileEntry> {
    path = normalizePath(path);
    const row = await this.sync.refreshNode(uid, path);
    if (!row) fail('not-found', 'File not found');
    const update: Partial<NewFileRow> = {};
    const markedBy = changes.favoriteOf ?? uid;
    let undo: (() => Promise<void>) | undefined;
    if (changes.mtime !== undefined) {
      const set = await this.backend.setMtime(uid, path, changes.mtime);
      undo = set.undo;
      update.mtime = changes.mtime;
      update.etag = newEtag();
      update.disk_mtime = set.mtimeUs;
    }
    try {
      await this.metadata.transaction(async (store, db) => {
        await store.update(row.fileid, update);
        if (changes.favorite !== undefined) await store.markFavorite(markedBy, row.fileid, changes.favorite);
        if (changes.mtime !== undefined) await store.propagate(uid, ancestorsOf(path), 0, now());
        if (alsoInTransaction) await alsoInTransaction(db);
      });
    } catch (error) {
      await undo?.();
      throw error;
    }
    const ownMark = changes.favorite !== undefined && markedBy === uid;
    const entry = toEntry({ ...row, ...update, ...(ownMark ? { favorite: changes.favorite ? 1 : 0 } : {}) });
    // What everyone who sees the node sees (its mtime, dead properties): the change feed tells
    // them. A favorite mark is its user's own: only that user's feed hears of it (a mark made
    // through a share is told by the share's view, at the user's path).
    if (changes.mtime !== undefined || alsoInTransaction) await this.events.emit('propertiesChanged', uid, entry);
    if (ownMark) await this.events.emit('favoriteChanged', uid, entry);
    return entry;
  }

  /** The ids of every node `uid` marked as a favorite (their own and, through shares, others'). */
  favoriteIds(uid: string): Promise<number[]> {
    return this.metadata.favoriteIds(uid);
  }

  /** The user's favorites (checked against the disk). */
  async favorites(uid: string): Promise<FileEntry[]> {
    const rows = await this.metadata.favorites(uid);
    const entries: FileEntry[] = [];
    for (const row of rows) {
      const fresh = await this.sync.refreshNode(uid, row.path);
      if (fresh) entries.push(toEntry(fresh));
    }
    return entries;
  }

  /** Nodes below `scope` matching a search, ordered and cut by the database (not checked against the disk: a search answers from the cache). */
  async search(uid: string, scope: string, query: SearchQuery): Promise<FileEntry[]> {
    return (await this.metadata.search(uid, normalizePath(scope), query)).map(toEntry);
  }

  // ----- steps shared by the operations -------------------------------------

  private async requireFolder(uid: string, path: string, missing: 'conflict' | 'not-found' = 'conflict'): Promise<FileRow> {
    const row = await this.sync.refreshNode(uid, path);
    if (!row) fail(missing, 'Parent node does not exist');
    if (row.type !== 'folder') fail('conflict', 'Parent node is not a folder');
    return row;
  }
}
