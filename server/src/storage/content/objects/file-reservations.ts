import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { MetadataStore, NewFileRow } from '../../metadata/metadata-store';
import { newEtag } from '../../metadata/metadata-store';
import type { FileRow, StorageTables } from '../../metadata/tables';

/**
 * The storage key of a user's reserved rows: `<uid>~` is no uid (`~` is in none) and no area
 * (an area's key has a name after the `~`, areas.ts), so the user's listings, searches,
 * favorites, usage and `getById` never meet these rows, and deleting the user removes them
 * (`deleteUser` removes every `<uid>~…` key).
 */
export function reservationKey(uid: string): string {
  return `${uid}~`;
}

/** What {@link FileReservations.reveal} did. */
export type RevealResult = { revealed: true; row: FileRow } | { revealed: false; existing: FileRow };

/**
 * File ids before bytes, for content keyed by file id (`urn:oid:<fileid>`, objects/README.md):
 * a new file's row is inserted hidden ({@link reserve}), its object written under that id, then
 * the row is given its place, size and etag ({@link reveal}) in the transaction that records
 * the file. A write that fails drops the row ({@link release}); a crash leaves a hidden row,
 * which the sweep releases once it is old ({@link staleBefore}), and then its object, which no
 * row points at any more, goes with the orphan sweep (`sweepObjects`, told by {@link existing}).
 * Nextcloud's object storage does the same with its `.part` cache entries.
 */
export class FileReservations {
  private readonly db: Kysely<StorageTables>;

  /** @param db the shared database; @param metadata the file cache on it */
  constructor(
    db: Kysely<unknown>,
    private readonly metadata: MetadataStore,
  ) {
    this.db = db as unknown as Kysely<StorageTables>;
  }

  /** A new file id for a file of `uid` being written; its row is out of every view until revealed. */
  async reserve(uid: string): Promise<number> {
    const name = randomUUID();
    const time = Math.floor(Date.now() / 1000);
    const row = await this.metadata.insert({
      uid: reservationKey(uid),
      path: `/${name}`,
      parent: null,
      name,
      type: 'file',
      size: 0,
      mtime: time,
      disk_mtime: 0,
      etag: newEtag(),
      mime: 'application/octet-stream',
      upload_time: time,
      creation_time: time,
      checksum: null,
      crc32: null,
    });
    return row.fileid;
  }

  /**
   * Turns the reserved row into the file described by `row` (its user, path, parent, size…).
   * Run it with the store of the transaction that records the file. When a file exists at that
   * path already (another writer got there first), nothing changes and that file is returned:
   * the caller then writes its bytes over that file's id (last writer wins) and releases its
   * reservation, so no path ever has two rows.
   */
  async reveal(store: MetadataStore, fileid: number, row: NewFileRow): Promise<RevealResult> {
    const existing = await store.get(row.uid, row.path);
    if (existing) return { revealed: false, existing };
    await store.update(fileid, row);
    return { revealed: true, row: { ...row, fileid, favorite: 0 } };
  }

  /** Drops a reservation that was not revealed (the write failed, or went to an existing file). */
  async release(uid: string, fileid: number): Promise<void> {
    await this.db.deleteFrom('filecache').where('uid', '=', reservationKey(uid)).where('fileid', '=', fileid).execute();
  }

  /** Reservations made before `cutoff` (seconds since the epoch): writes that a crash cut short. */
  async staleBefore(cutoff: number): Promise<{ uid: string; fileid: number }[]> {
    const rows = await this.db
      .selectFrom('filecache')
      .select(['uid', 'fileid'])
      .where('parent', 'is', null)
      .where('uid', 'like', '%~')
      .where('creation_time', '<', cutoff)
      .execute();
    return rows.map((row) => ({ uid: row.uid.slice(0, -1), fileid: row.fileid }));
  }

  /** Which of `fileids` have a row, revealed or reserved (what the orphan sweep must keep). */
  async existing(fileids: readonly number[]): Promise<Set<number>> {
    if (fileids.length === 0) return new Set();
    const rows = await this.db.selectFrom('filecache').select('fileid').where('fileid', 'in', [...fileids]).execute();
    return new Set(rows.map((row) => row.fileid));
  }
}
