import { createReadStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import type { ContentStat, OpenedFile } from '../content-store';
import type { BackendContext, ContentBackend, ContentBackendFactory, FileContent, PlannedWrite } from '../backend';
import type { FileRow } from '../../metadata/tables';
import type { MetadataStore } from '../../metadata/metadata-store';
import type { WantedRange } from '../../model/types';
import type { ObjectStore, StoredObject } from './object-store';
import type { RevealResult } from './file-reservations';
import { ancestorsOf, newRow, now } from '../../metadata/cache-rows';
import { parentPath } from '../../model/paths';
import { fail } from '../../../errors';
import { recordFile } from '../record-file';
import { crcPassThrough } from '../crc32';
import { LocalContentStore } from '../local/local-content-store';
import { ObjectFiles } from './object-files';
import { ObjectTreeOperations } from './object-tree';
import { ObjectUploadStore } from './object-uploads';
import { CacheOnly } from './cache-only';

/**
 * The object backend (README.md, "The content mode"): every file's bytes one object
 * `urn:oid:<fileid>` in `store`, the file cache the whole truth of the tree ({@link CacheOnly}:
 * no disk checks, no user root on disk), each tree operation one transaction on rows with the
 * objects copied or deleted around it ({@link ObjectTreeOperations}), chunks of uploads as
 * objects ({@link ObjectUploadStore}). The data directory holds only temporary files.
 */
export function objectContent(store: ObjectStore): ContentBackendFactory {
  return (context) => new ObjectBackend(context, store);
}

/** The object backend; exported for the tests of the objects themselves (`objects.sweep`). */
export class ObjectBackend implements ContentBackend {
  readonly sync: CacheOnly;
  readonly operations: ObjectTreeOperations;
  readonly uploads: ObjectUploadStore;
  /** The files' objects, their reservations and sweeps. */
  readonly objects: ObjectFiles;
  private readonly metadata: MetadataStore;
  /** The data directory's temporary area. */
  private readonly temporary: LocalContentStore;

  constructor(context: BackendContext, store: ObjectStore) {
    this.metadata = context.metadata;
    this.objects = new ObjectFiles(store, context.db, context.metadata);
    this.sync = new CacheOnly(context.metadata);
    this.operations = new ObjectTreeOperations(context.metadata, this.objects, context.db);
    this.uploads = new ObjectUploadStore({ db: context.db, objects: store });
    this.temporary = new LocalContentStore(context.dataDir, { tag: context.tag });
  }

  async ensureRoot(): Promise<void> {
    // No root on disk: the root row (CacheOnly.rootRow) is the whole of it.
  }

  async deleteUser(uid: string): Promise<void> {
    // Rows first, then their objects: no row ever points at a missing object.
    const files = await this.metadata.userFileIds(uid);
    await this.metadata.deleteUser(uid);
    await this.objects.remove(files);
    await this.objects.removeUploads(uid);
  }

  /** Opens the object of the row's id, fetching only the range a GET wants (`If-Match` per further range). */
  async open(uid: string, path: string, wanted?: WantedRange): Promise<OpenedFile> {
    const row = await this.sync.refreshNode(uid, path);
    if (!row) fail('not-found', 'File not found');
    if (row.type !== 'file') fail('bad-request', 'Not a file');
    return this.objects.store.open(this.objects.key(row.fileid), wanted);
  }

  /**
   * Writes the object of the file's id (an existing file's: the same key, which S3 replaces
   * whole, a failed put leaving the old one; a new file's: a reserved id, out of every view
   * until its object is there), then updates the row, or reveals it and propagates its size
   * in one transaction.
   */
  async place(write: PlannedWrite, content: FileContent): Promise<FileRow> {
    const { uid, target, parent, existing, maxBytes, checksum } = write;
    const objects = this.objects;
    const fileid = existing ? existing.fileid : await objects.reservations.reserve(uid);
    let stored: StoredObject;
    let crc32: number | null;
    try {
      ({ stored, crc32 } = await this.put(objects.key(fileid), content, write, maxBytes));
    } catch (error) {
      if (!existing) await objects.reservations.release(uid, fileid).catch(() => undefined);
      throw error;
    }
    const mtime = write.mtime ?? Date.now() / 1000;
    const stat: ContentStat = { type: 'file', size: stored.size, mtimeUs: Math.round(mtime * 1e6) };
    let row: FileRow;
    if (existing) row = await recordFile(this.metadata, uid, target, parent, stat, existing, checksum, crc32);
    else {
      const time = now();
      const fresh = { ...newRow(uid, target, parent.fileid, stat, time), checksum, crc32 };
      let revealed: RevealResult;
      try {
        revealed = await this.metadata.transaction(async (store) => {
          // The folder may have gone (or been replaced) while the bytes were on their way.
          if ((await store.get(uid, parentPath(target)))?.fileid !== parent.fileid) fail('conflict', 'The parent folder does not exist');
          const result = await objects.reservations.reveal(store, fileid, fresh);
          if (result.revealed) await store.propagate(uid, ancestorsOf(target), stat.size, time);
          else if (result.existing.type === 'folder') fail('conflict', 'A folder exists at this path');
          return result;
        });
      } catch (error) {
        await objects.reservations.release(uid, fileid).catch(() => undefined);
        await objects.remove([fileid]).catch(() => undefined);
        throw error;
      }
      if (revealed.revealed) row = revealed.row;
      else {
        // Another writer recorded a file here first: the last writer's bytes win, on that file's id.
        await objects.store.copy(objects.key(fileid), objects.key(revealed.existing.fileid));
        await objects.reservations.release(uid, fileid);
        await objects.remove([fileid]);
        row = await recordFile(this.metadata, uid, target, parent, stat, revealed.existing, checksum, crc32);
      }
    }
    if (content.kind === 'file') await unlink(content.path);
    return row;
  }

  /**
   * Puts the bytes at `key`; with the CRC-32 of what was streamed, computed on the way (null for
   * stored parts, which the store puts together without this process seeing their bytes).
   */
  private async put(key: string, content: FileContent, write: PlannedWrite, maxBytes: number): Promise<{ stored: StoredObject; crc32: number | null }> {
    const { store } = this.objects;
    if (content.kind === 'parts') return { stored: await store.assemble(key, content.parts), crc32: null };
    const passing = crcPassThrough(content.kind === 'stream' ? content.source : createReadStream(content.path));
    const expectedLength = content.kind === 'file' ? content.size : write.expectedLength;
    const stored = await store.put(key, passing.source, { ...(expectedLength !== undefined ? { expectedLength } : {}), maxBytes });
    const crc32 = passing.crc.complete && passing.crc.bytes === stored.size ? passing.crc.value >>> 0 : null;
    return { stored, crc32 };
  }

  /**
   * The object under a new id of `toKey`'s tree: a copy inside the object store (S3 copies it
   * server-side; no byte passes through this process), revealed once it is there.
   */
  async keep(_uid: string, row: FileRow, toKey: string, to: string, toParent: FileRow): Promise<FileRow> {
    const objects = this.objects;
    const fileid = await objects.reservations.reserve(toKey);
    try {
      const stored = await objects.store.copy(objects.key(row.fileid), objects.key(fileid));
      const stat: ContentStat = { type: 'file', size: stored.size, mtimeUs: row.mtime * 1e6 };
      const fresh = { ...newRow(toKey, to, toParent.fileid, stat, now()), checksum: row.checksum };
      const revealed = await this.metadata.transaction(async (store) => {
        const result = await objects.reservations.reveal(store, fileid, fresh);
        if (result.revealed) await store.propagate(toKey, ancestorsOf(to), stat.size, now());
        return result;
      });
      if (!revealed.revealed) fail('precondition-failed', 'The destination node already exists');
      return revealed.row;
    } catch (error) {
      await objects.reservations.release(toKey, fileid).catch(() => undefined);
      await objects.remove([fileid]).catch(() => undefined);
      throw error;
    }
  }

  async mkdir(): Promise<ContentStat> {
    return { type: 'folder', size: 0, mtimeUs: Date.now() * 1000 };
  }

  /** Objects have no time of their own: the cache's is the file's. */
  async setMtime(_uid: string, _path: string, mtime: number): Promise<{ mtimeUs: number; undo(): Promise<void> }> {
    return { mtimeUs: Math.round(mtime * 1e6), undo: async () => undefined };
  }

  sweepTemporary(running: ReadonlySet<string>): Promise<number> {
    return this.temporary.sweepTemporary(running);
  }

  /** Objects no row points at (a crash between a delete's commit and its object removal, a write cut short). */
  async sweepOrphans(): Promise<number> {
    const swept = await this.objects.sweep();
    return swept.objects + swept.uploads + swept.reservations;
  }

  localPath(uid: string, path: string): string {
    return this.temporary.localPath(uid, path);
  }

  async close(): Promise<void> {
    this.objects.store.destroy();
  }
}
