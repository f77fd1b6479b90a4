import type { Kysely } from 'kysely';
import type { MetadataStore } from '../../metadata/metadata-store';
import type { ObjectStore } from './object-store';
import { CHUNK_KEY_PREFIX } from './object-uploads';
import { FileReservations } from './file-reservations';
import { fileObjectKey } from './object-store';
import { sweepObjects } from './object-sweep';
import type { ObjectSweepReport } from './object-sweep';
import { checkSegment } from '../../model/paths';

/** How old a reservation, an orphan object or an unfinished multipart upload must be before a sweep removes it. */
export const OBJECT_GRACE_SECONDS = 60 * 60;

/**
 * The content of files as objects keyed by file id (the `objects` content mode of
 * `FileService`): the store, the reservations that give a new file its id before its bytes,
 * and the removals and sweeps around them (objects/README.md).
 */
export class ObjectFiles {
  /** New files' ids before their bytes. */
  readonly reservations: FileReservations;

  /** @param store where the objects are; @param db the shared database; @param metadata the file cache on it */
  constructor(
    readonly store: ObjectStore,
    db: Kysely<unknown>,
    metadata: MetadataStore,
  ) {
    this.reservations = new FileReservations(db, metadata);
  }

  /** The object of a file. */
  key(fileid: number): string {
    return fileObjectKey(fileid);
  }

  /** Deletes the objects of files whose rows are gone (committed first: metadata never points at a missing object). */
  async remove(fileids: readonly number[]): Promise<void> {
    await this.store.delete(fileids.map((fileid) => fileObjectKey(fileid)));
  }

  /** Deletes the chunk objects of a user's pending uploads (the sessions go with the user's rows). */
  async removeUploads(uid: string): Promise<void> {
    checkSegment(uid);
    const keys: string[] = [];
    for await (const object of this.store.list(`${CHUNK_KEY_PREFIX}${uid}/`)) keys.push(object.key);
    await this.store.delete(keys);
  }

  /**
   * Releases reservations older than the grace period (writes a crash cut short), then removes
   * the objects no row points at and the unfinished multipart uploads older than it.
   */
  async sweep(graceSeconds = OBJECT_GRACE_SECONDS): Promise<ObjectSweepReport & { reservations: number }> {
    const cutoff = Math.floor(Date.now() / 1000) - graceSeconds;
    const stale = await this.reservations.staleBefore(cutoff);
    for (const { uid, fileid } of stale) await this.reservations.release(uid, fileid);
    const report = await sweepObjects(this.store, (fileids) => this.reservations.existing(fileids), { olderThan: new Date(cutoff * 1000) });
    return { ...report, reservations: stale.length };
  }
}
