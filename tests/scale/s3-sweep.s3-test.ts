import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Readable } from 'node:stream';
import { makeTestFiles } from '../../server/src/storage/files/test-support';
import { SqlMetadataStore } from '../../server/src/storage/metadata/metadata-store';
import { newRow, now } from '../../server/src/storage/metadata/cache-rows';
import { FileReservations } from '../../server/src/storage/content/objects/file-reservations';
import { S3ObjectStore } from '../../server/src/storage/content/objects/s3-object-store';
import { fileObjectKey } from '../../server/src/storage/content/objects/object-store';
import { sweepObjects } from '../../server/src/storage/content/objects/object-sweep';
import { keysUnder, s3TestConfig } from './s3-test-support';

/**
 * Deletes never leave an object that no metadata points at beyond a sweep, on Ceph
 * RGW and the real file cache: a file's object stays while its row exists, revealed or still
 * reserved; the object of a failed or crashed write goes once its reservation is released.
 */
let ctx: Awaited<ReturnType<typeof makeTestFiles>>;
const store = new S3ObjectStore(s3TestConfig());

beforeAll(async () => {
  ctx = await makeTestFiles();
  await ctx.files.ensureUserRoot('alice');
  await store.ensureReady();
}, 60_000);
afterAll(async () => {
  await store.delete(await keysUnder(store, ''));
  store.destroy();
  await ctx.cleanup();
});

describe('the orphan sweep against the file cache', () => {
  it('keeps objects with a row, revealed or reserved, and sweeps those of released reservations and deleted rows', async () => {
    const metadata = new SqlMetadataStore(ctx.db);
    const reservations = new FileReservations(ctx.db, metadata);
    const write = async (fileid: number): Promise<void> => {
      await store.put(fileObjectKey(fileid), Readable.from([Buffer.from(`file ${fileid}`)]), { maxBytes: -1 });
    };
    const root = await metadata.get('alice', '/');
    // A recorded file, a write in progress, a write that failed after its bytes were stored,
    // and a file deleted (its row gone) before its object was.
    const recorded = await reservations.reserve('alice');
    await write(recorded);
    await metadata.transaction((tx) => reservations.reveal(tx, recorded, newRow('alice', '/kept.txt', root?.fileid ?? null, { type: 'file', size: 6, mtimeUs: 0 }, now())));
    const inProgress = await reservations.reserve('alice');
    await write(inProgress);
    const failed = await reservations.reserve('alice');
    await write(failed);
    await reservations.release('alice', failed);
    const deleted = await reservations.reserve('alice');
    await write(deleted);
    await metadata.transaction((tx) => reservations.reveal(tx, deleted, newRow('alice', '/gone.txt', root?.fileid ?? null, { type: 'file', size: 6, mtimeUs: 0 }, now())));
    await metadata.removeTree('alice', '/gone.txt');

    const everything = new Date(Date.now() + 60_000);
    const referenced = (fileids: readonly number[]): Promise<Set<number>> => reservations.existing(fileids);
    expect(await sweepObjects(store, referenced, { olderThan: everything })).toEqual({ objects: 2, uploads: 0 });
    expect(await keysUnder(store, 'urn:oid:')).toEqual([fileObjectKey(recorded), fileObjectKey(inProgress)].sort());

    // The write in progress was cut by a crash: once its reservation is stale, it is released, then its object swept.
    const stale = await reservations.staleBefore(now() + 60);
    expect(stale).toEqual([{ uid: 'alice', fileid: inProgress }]);
    for (const { uid, fileid } of stale) await reservations.release(uid, fileid);
    expect(await sweepObjects(store, referenced, { olderThan: everything })).toEqual({ objects: 1, uploads: 0 });
    expect(await keysUnder(store, 'urn:oid:')).toEqual([fileObjectKey(recorded)]);
  });
});
