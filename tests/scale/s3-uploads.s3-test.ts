import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { migrate } from '../../server/src/db/connection';
import { openConfiguredDatabase } from '../../server/src/db/open';
import { storageMigrations } from '../../server/src/storage/metadata/migrations';
import type { StorageTables } from '../../server/src/storage/metadata/tables';
import { S3ObjectStore } from '../../server/src/storage/content/objects/s3-object-store';
import { ObjectUploadStore } from '../../server/src/storage/content/objects/object-uploads';
import { fileObjectKey } from '../../server/src/storage/content/objects/object-store';
import { contentOf, keysUnder, s3TestConfig, sha256, storageFailure } from './s3-test-support';

/**
 * Chunked uploads with content on S3 (Ceph RGW, `npm run test:s3`): two server processes,
 * each with its own database connection and S3 client and nothing else in common, take the
 * chunks of one upload in turn, and the other one assembles them into the file's object.
 */
const MiB = 1024 * 1024;
const config = s3TestConfig();
let dataDir: string;
const processes: { db: Kysely<unknown>; objects: S3ObjectStore; uploads: ObjectUploadStore }[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'cumulus-s3-uploads-'));
  for (let i = 0; i < 2; i += 1) {
    // The same data dir: the same SQLite file (or, under CUMULUS_TEST_POSTGRES, the same database).
    const db = await openConfiguredDatabase({ dataDir });
    await migrate(db, storageMigrations);
    const objects = new S3ObjectStore(config);
    await objects.ensureReady();
    processes.push({ db, objects, uploads: new ObjectUploadStore({ db, objects }) });
  }
}, 60_000);
afterAll(async () => {
  const first = processes[0];
  if (first) await first.objects.delete(await keysUnder(first.objects, ''));
  for (const { db, objects } of processes) {
    objects.destroy();
    await db.destroy();
  }
  await rm(dataDir, { recursive: true, force: true });
});

const one = (): ObjectUploadStore => (processes[0] as (typeof processes)[number]).uploads;
const two = (): ObjectUploadStore => (processes[1] as (typeof processes)[number]).uploads;
const objects = (): S3ObjectStore => (processes[0] as (typeof processes)[number]).objects;

describe('chunked uploads on S3', () => {
  it('assembles on one process the chunks that landed on two, small ones combined into 5 MiB parts', async () => {
    await one().create('alice', 'web-1', '/photos/big.bin');
    // Sizes a browser, rclone and the desktop client send, the small ones under S3's 5 MiB part minimum; "10" sorts after "9".
    const sizes = [3 * MiB, 3 * MiB, 1 * MiB, 7 * MiB, 2 * MiB, 512 * 1024, 6 * MiB, 5 * MiB, 1, 100];
    const chunks = sizes.map((size) => randomBytes(size));
    await Promise.all(chunks.map((chunk, i) => (i % 2 === 0 ? one() : two()).putChunk('alice', 'web-1', String(i + 1), Readable.from([chunk]), -1)));
    const listed = await two().chunks('alice', 'web-1');
    expect(listed).toEqual(sizes.map((size, i) => ({ name: String(i + 1), size })));
    const total = sizes.reduce((sum, size) => sum + size, 0);
    expect(await one().pendingUsage('alice', 'web-1', '3')).toEqual({ own: total - sizes[2]!, others: 0 });
    expect(await one().pendingUsage('alice', null)).toEqual({ own: 0, others: total });

    const stored = await two().assemble('alice', 'web-1', fileObjectKey(42));
    expect(stored.size).toBe(total);
    expect(stored.etag).toMatch(/\S/);
    expect(sha256(await contentOf(objects(), fileObjectKey(42)))).toBe(sha256(Buffer.concat(chunks)));

    await one().remove('alice', 'web-1');
    expect(await keysUnder(objects(), 'uploads/alice/web-1/')).toEqual([]);
    expect(await two().get('alice', 'web-1')).toBeNull();
  }, 120_000);

  it('replaces a retried chunk whole, and keeps it when a retry is refused', async () => {
    await two().create('alice', 'retry', null);
    await one().putChunk('alice', 'retry', '1', Readable.from([Buffer.from('first attempt, longer')]), -1);
    await two().putChunk('alice', 'retry', '1', Readable.from([Buffer.from('second')]), -1);
    expect(await one().chunks('alice', 'retry')).toEqual([{ name: '1', size: 6 }]);
    const tooBig = Readable.from([randomBytes(MiB), randomBytes(MiB)]);
    expect((await storageFailure(one().putChunk('alice', 'retry', '1', tooBig, MiB))).kind).toBe('insufficient-storage');
    await one().assemble('alice', 'retry', fileObjectKey(43));
    expect((await contentOf(objects(), fileObjectKey(43))).toString()).toBe('second');
  });

  it('refuses an upload that exists and names that leave the upload', async () => {
    await one().create('alice', 'twice', null);
    expect((await storageFailure(two().create('alice', 'twice', null))).kind).toBe('method-not-allowed');
    expect((await storageFailure(one().putChunk('alice', 'twice', '..', Readable.from([Buffer.from('x')]), -1))).kind).toBe('bad-request');
    expect((await storageFailure(one().create('alice', '../bob', null))).kind).toBe('bad-request');
    expect(await keysUnder(objects(), 'uploads/bob')).toEqual([]);
  });

  it('sweeps abandoned uploads with their chunks, and chunks whose upload is gone, but not active uploads', async () => {
    // Only this test's uploads: the earlier tests' would count as abandoned too.
    for (const session of await one().list('alice')) await one().remove('alice', session.id);
    const tables = (i: number): Kysely<StorageTables> => (processes[i] as (typeof processes)[number]).db as unknown as Kysely<StorageTables>;
    await one().create('carol', 'active', null);
    await one().putChunk('carol', 'active', '1', Readable.from([Buffer.from('kept')]), -1);
    await one().create('carol', 'abandoned', null);
    await two().putChunk('carol', 'abandoned', '1', Readable.from([Buffer.from('dropped')]), -1);
    // A chunk PUT that finished after its upload was deleted (a DELETE raced it) leaves an object without a session.
    await one().create('carol', 'deleted', null);
    await tables(0).deleteFrom('uploads').where('id', '=', 'deleted').execute();
    await two().putChunk('carol', 'deleted', '1', Readable.from([Buffer.from('orphan')]), -1);
    // Nothing is old yet.
    expect(await one().sweep()).toBe(0);
    expect(await keysUnder(objects(), 'uploads/carol/')).toHaveLength(3);
    // Seen a minute later with a 0-second limit, with a chunk PUT on `active` since.
    await tables(1).updateTable('uploads').set({ last_activity: Math.floor(Date.now() / 1000) + 3600 }).where('id', '=', 'active').execute();
    expect(await two().sweep(-60)).toBe(2);
    expect(await keysUnder(objects(), 'uploads/carol/')).toEqual(['uploads/carol/active/1']);
    expect(await one().get('carol', 'abandoned')).toBeNull();
    expect(await one().get('carol', 'active')).not.toBeNull();
  });
});
