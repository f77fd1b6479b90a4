import type { Kysely } from 'kysely';
import type { MetadataStore, NewFileRow } from '../../metadata/metadata-store';
import type { FileRow } from '../../metadata/tables';
import type { RecoveryReport, TreeOperationSet } from '../backend';
import type { ObjectFiles } from './object-files';
import { commitDelete, commitMove, commitTransfer, destinationParent, dropReplaced } from '../tree-rows';
import { LockStore } from '../../dav-state/locks';
import { PropertyStore } from '../../dav-state/properties';
import { newEtag } from '../../metadata/metadata-store';
import { ancestorsOf, now } from '../../metadata/cache-rows';
import { fail } from '../../../errors';
import { baseName } from '../../model/paths';
import { FOLDER_MIME } from '../../model/types';
import { mimeFor } from '../../model/mime';
import { qualifiedPath } from '../../model/areas';
import { recordFinished } from '../../metadata/finished-operations';

/** Objects copied at the same time by one COPY. */
const COPY_CONCURRENCY = 8;

/** The ids of the files among rows (what has an object). */
const fileIds = (rows: readonly FileRow[]): number[] => rows.filter((row) => row.type === 'file').map((row) => row.fileid);

/**
 * COPY, MOVE, DELETE and moves between a user's tree and the user's areas when content is on
 * object storage (objects/README.md): the tree is the file cache alone, so a move or a
 * transfer is one transaction on rows; a delete commits its rows, then deletes the objects (a
 * crash between leaves objects the sweep removes, never a row without its object); a copy
 * reserves an id per copied file, copies each object inside the store, then inserts the
 * copy's rows in one transaction. Each operation is one transaction, so nothing is journaled:
 * a crash leaves the old state or the new one, and at worst objects for the sweep.
 */
export class ObjectTreeOperations implements TreeOperationSet {
  private readonly locks: LockStore;

  /** @param metadata the file cache; @param objects the files' objects; @param db the shared handle (locks) */
  constructor(
    private readonly metadata: MetadataStore,
    private readonly objects: ObjectFiles,
    db: Kysely<unknown>,
  ) {
    this.locks = new LockStore(db);
  }

  /** Copies `from` to `to` (with `shallow`, a folder alone), replacing `replaced` once the copy is complete. */
  async copy(uid: string, from: string, to: string, options: { replaced: FileRow | null; shallow: boolean; quota: number }): Promise<FileRow> {
    const tree = await this.metadata.subtree(uid, from);
    const top = tree[0];
    if (!top || top.path !== from) fail('not-found', 'File not found');
    // A folder's rows before those of what it holds, whatever the database's collation.
    const rows = options.shallow ? [top] : tree.sort((a, b) => depth(a.path) - depth(b.path));
    const size = options.shallow && top.type === 'folder' ? 0 : top.size;
    const reserved = new Map<number, number>();
    const { store, reservations } = this.objects;
    const giveBack = async (): Promise<void> => {
      await this.objects.remove([...reserved.values()]).catch(() => undefined);
      for (const fileid of reserved.values()) await reservations.release(uid, fileid).catch(() => undefined);
    };
    let replacedIds: number[] = [];
    let copied: FileRow;
    try {
      const files = rows.filter((row) => row.type === 'file');
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < files.length) {
          const source = files[next] as FileRow;
          next += 1;
          const fileid = await reservations.reserve(uid);
          reserved.set(source.fileid, fileid);
          await store.copy(this.objects.key(source.fileid), this.objects.key(fileid));
        }
      };
      await Promise.all(Array.from({ length: Math.min(COPY_CONCURRENCY, files.length) }, worker));
      copied = await this.metadata.transaction(async (tx, db) => {
        if (options.quota >= 0) {
          const used = (await tx.get(uid, '/'))?.size ?? 0;
          if (used - (options.replaced?.size ?? 0) + size > options.quota) fail('insufficient-storage', 'Insufficient space in the user storage');
        }
        const parent = await destinationParent(tx, uid, to);
        const time = now();
        // Whatever is at `to` now goes (the node checked, or one that appeared since): its objects after the commit.
        replacedIds = fileIds(await tx.subtree(uid, to));
        await dropReplaced(tx, uid, to, null, time);
        const ids = new Map<number, number>();
        let first: FileRow | null = null;
        for (const row of rows) {
          const path = to + row.path.slice(from.length);
          const name = baseName(path);
          const folder = row.type === 'folder';
          const fresh: NewFileRow = {
            uid,
            path,
            parent: row === top ? parent.fileid : (ids.get(row.parent ?? -1) ?? fail('conflict', 'The copied tree changed')),
            name,
            type: row.type,
            size: folder && options.shallow ? 0 : row.size,
            mtime: row.mtime,
            disk_mtime: row.disk_mtime,
            etag: newEtag(),
            mime: folder ? FOLDER_MIME : mimeFor(name),
            upload_time: time,
            creation_time: time,
            checksum: folder ? null : row.checksum,
            // A copy of an object holds the same bytes.
            crc32: folder ? null : row.crc32,
          };
          const fileid = reserved.get(row.fileid);
          let placed: FileRow;
          if (fileid === undefined) placed = await tx.insert(fresh);
          else {
            await tx.update(fileid, fresh);
            placed = { ...fresh, fileid, favorite: 0 };
          }
          ids.set(row.fileid, placed.fileid);
          first ??= placed;
        }
        await tx.propagate(uid, ancestorsOf(to), size, time);
        // Every copied node keeps its dead properties (a shallow copy has only its top node to match).
        await new PropertyStore(db).copy(uid, from, to, true);
        const placed = first ?? fail('not-found', 'File not found');
        // The request's receipt, in the same commit (finished-operations.ts).
        await recordFinished(db, placed);
        return placed;
      });
    } catch (error) {
      await giveBack();
      throw error;
    }
    await this.objects.remove(replacedIds);
    return copied;
  }

  /** Moves the node `row` to `to` (rows only: objects are keyed by file id); whatever is at `to` then (`_replaced`, as checked) goes. */
  async move(uid: string, row: FileRow, to: string, _replaced: FileRow | null): Promise<FileRow> {
    const { moved, dropped } = await this.metadata.transaction(async (tx, db) => {
      // Whatever is at `to` now goes (the node checked, or one that appeared since), unless it is the moved node itself.
      const there = await tx.get(uid, to);
      const dropped = there && there.fileid !== row.fileid ? fileIds(await tx.subtree(uid, to)) : [];
      const moved = await commitMove(tx, { uid, destination: to, fileid: row.fileid });
      await recordFinished(db, moved);
      return { moved, dropped };
    });
    await this.objects.remove(dropped);
    await this.locks.removeTree(uid, row.path);
    return moved ?? fail('not-found', 'Moved node vanished');
  }

  /** Moves the node `row` from the tree `fromUid` to `to` in the tree `toUid` (rows only). */
  async transfer(fromUid: string, row: FileRow, toUid: string, to: string): Promise<FileRow> {
    const moved = await this.metadata.transaction(async (tx, db) => {
      const transferred = await commitTransfer(tx, { uid: fromUid, destination: qualifiedPath(toUid, to), fileid: row.fileid });
      await recordFinished(db, transferred);
      return transferred;
    });
    await this.locks.removeTree(fromUid, row.path);
    return moved ?? fail('not-found', 'Moved node vanished');
  }

  /** Deletes the node `row` and everything below it: the rows (committed), then their objects. */
  async remove(uid: string, row: FileRow): Promise<void> {
    const dropped = await this.metadata.transaction(async (tx, db) => {
      const ids = fileIds(await tx.subtree(uid, row.path));
      await commitDelete(tx, { uid, source: row.path });
      await recordFinished(db, null);
      return ids;
    });
    await this.objects.remove(dropped);
  }

  /** Nothing is journaled in this mode: nothing to settle. */
  async recover(_running?: ReadonlySet<string>): Promise<RecoveryReport> {
    return { completed: 0, undone: 0, failed: [] };
  }

  /** Removals are awaited by the operation itself. */
  async idle(): Promise<void> {}
}

function depth(path: string): number {
  let count = 0;
  for (const char of path) if (char === '/') count += 1;
  return count;
}
