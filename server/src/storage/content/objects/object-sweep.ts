import type { ObjectStore } from './object-store';
import { FILE_KEY_PREFIX, fileIdOfKey } from './object-store';

/** File ids looked up in the metadata per batch. */
const BATCH = 1000;

/** What a sweep removed. */
export interface ObjectSweepReport {
  /** File objects no metadata row points at. */
  objects: number;
  /** Multipart uploads begun and never completed nor aborted (a crash, a lost connection). */
  uploads: number;
}

/**
 * Removes what no file points at: objects keyed by a file id that `referenced` (the metadata)
 * does not know, and unfinished multipart uploads, both only when older than `olderThan`. A
 * file's row is committed before its object is written (server/src/storage/content/objects/README.md);
 * the grace period is a margin for what writes objects first (a content migration) and for the
 * server's and the store's clocks disagreeing. Other keys (the chunks of chunked uploads)
 * belong to their upload sessions and are left alone.
 */
export async function sweepObjects(
  store: ObjectStore,
  referenced: (fileids: readonly number[]) => Promise<ReadonlySet<number>>,
  options: { olderThan: Date },
): Promise<ObjectSweepReport> {
  const cutoff = options.olderThan.getTime();
  let objects = 0;
  let batch: { key: string; fileid: number }[] = [];
  const flush = async (): Promise<void> => {
    const known = await referenced(batch.map((entry) => entry.fileid));
    const orphans = batch.filter((entry) => !known.has(entry.fileid)).map((entry) => entry.key);
    await store.delete(orphans);
    objects += orphans.length;
    batch = [];
  };
  for await (const object of store.list(FILE_KEY_PREFIX)) {
    const fileid = fileIdOfKey(object.key);
    if (fileid === null || object.lastModified.getTime() >= cutoff) continue;
    batch.push({ key: object.key, fileid });
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  let uploads = 0;
  for await (const upload of store.listUploads('')) {
    if (upload.initiated.getTime() >= cutoff) continue;
    await store.abortUpload(upload);
    uploads += 1;
  }
  return { objects, uploads };
}
