import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { CreateMultipartUploadCommand, ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { S3ObjectStore } from '../../server/src/storage/content/objects/s3-object-store';
import { MIN_PART_BYTES } from '../../server/src/storage/content/objects/multipart-plan';
import { fileObjectKey } from '../../server/src/storage/content/objects/object-store';
import { sweepObjects } from '../../server/src/storage/content/objects/object-sweep';
import type { ByteRange, WantedRange } from '../../server/src/storage/model/types';
import { contentOf, keysUnder, readAll, recordGets, s3TestConfig, sha256, storageFailure } from './s3-test-support';

/**
 * The S3 object store against a real S3 server, Ceph's RADOS Gateway (`npm run test:s3`):
 * atomic puts of any length, range reads of one version (a wanted range fetched alone), multipart assembly of stored chunks
 * under S3's 5 MiB rule (and RGW's empty ETag after CompleteMultipartUpload), deletes and the
 * sweep of objects no file points at.
 */
const MiB = 1024 * 1024;
const config = s3TestConfig();
const store = new S3ObjectStore(config);

beforeAll(async () => {
  await store.ensureReady();
}, 60_000);
afterAll(async () => {
  await store.delete(await keysUnder(store, ''));
  store.destroy();
});

/** `data` in network-sized pieces, as a request body arrives. */
function body(data: Buffer, piece = 64 * 1024): Readable {
  return Readable.from(
    (function* pieces() {
      for (let at = 0; at < data.length; at += piece) yield data.subarray(at, at + piece);
    })(),
  );
}

async function pendingUploads(): Promise<number> {
  const listed = await store.client.send(new ListMultipartUploadsCommand({ Bucket: config.bucket }));
  return listed.Uploads?.length ?? 0;
}

describe('S3ObjectStore on Ceph RGW', () => {
  it('puts a small file in one request and reads it whole and by ranges', async () => {
    const data = randomBytes(100_000);
    const stored = await store.put(fileObjectKey(1), body(data), { maxBytes: -1, expectedLength: data.length });
    expect(stored.size).toBe(data.length);
    expect(stored.etag).not.toBe('');
    expect(await store.head(fileObjectKey(1))).toEqual(stored);
    const opened = await store.open(fileObjectKey(1));
    expect(opened.size).toBe(data.length);
    expect(await readAll(opened.stream({ start: 10, end: 19 }))).toEqual(data.subarray(10, 20));
    expect(await readAll(opened.stream({ start: data.length - 1, end: data.length - 1 }))).toEqual(data.subarray(data.length - 1));
    expect(sha256(await readAll(opened.stream()))).toBe(sha256(data));
    await opened.close();
  });

  it('streams a body of unknown length over 5 MiB as a multipart upload with a real etag', async () => {
    const data = randomBytes(21 * MiB + 12345);
    const stored = await store.put(fileObjectKey(2), body(data), { maxBytes: -1 });
    expect(stored.size).toBe(data.length);
    // RGW answers CompleteMultipartUpload with an empty ETag: the store reads the real one back.
    expect(stored.etag).toMatch(/\S/);
    expect((await store.head(fileObjectKey(2)))?.etag).toBe(stored.etag);
    expect(sha256(await contentOf(store, fileObjectKey(2)))).toBe(sha256(data));
    const opened = await store.open(fileObjectKey(2));
    const start = 8 * MiB - 5;
    expect(await readAll(opened.stream({ start, end: start + 9 }))).toEqual(data.subarray(start, start + 10));
    expect(await pendingUploads()).toBe(0);
  }, 120_000);

  it('puts an empty file', async () => {
    expect(await store.put(fileObjectKey(3), body(Buffer.alloc(0)), { maxBytes: -1, expectedLength: 0 })).toMatchObject({ size: 0 });
    expect(await contentOf(store, fileObjectKey(3))).toEqual(Buffer.alloc(0));
  });

  it('keeps the old content when a put exceeds its limits, and leaves no multipart upload behind', async () => {
    const old = Buffer.from('the old content');
    await store.put(fileObjectKey(4), body(old), { maxBytes: -1 });
    const tooBig = randomBytes(12 * MiB);
    expect((await storageFailure(store.put(fileObjectKey(4), body(tooBig), { maxBytes: 11 * MiB }))).kind).toBe('insufficient-storage');
    expect((await storageFailure(store.put(fileObjectKey(4), body(tooBig), { maxBytes: -1, expectedLength: 12 * MiB + 1 }))).message).toBe(
      `Expected ${12 * MiB + 1} bytes but received ${12 * MiB}`,
    );
    expect((await storageFailure(store.put(fileObjectKey(4), body(tooBig), { maxBytes: -1, expectedLength: 10 }))).kind).toBe('bad-request');
    // A body that fails half-way (the client went away).
    const broken = Readable.from(
      (async function* pieces() {
        yield randomBytes(9 * MiB);
        throw new Error('connection reset');
      })(),
    );
    await expect(store.put(fileObjectKey(4), broken, { maxBytes: -1 })).rejects.toThrow('connection reset');
    expect(await contentOf(store, fileObjectKey(4))).toEqual(old);
    expect(await pendingUploads()).toBe(0);
  }, 120_000);

  it('opens a wanted range with one ranged GET: only those bytes come from the store', async () => {
    const data = randomBytes(12 * MiB);
    const key = fileObjectKey(20);
    await store.put(key, body(data), { maxBytes: -1, expectedLength: data.length });
    /** Opens `key` for `wanted`, streams `range` and returns the bytes and the GETs' Range headers. */
    const openFor = async (wanted: WantedRange, range?: ByteRange): Promise<{ size: number; bytes: Buffer; gets: string[] }> => {
      const gets = recordGets(store.client);
      try {
        const opened = await store.open(key, wanted);
        const bytes = await readAll(opened.stream(range));
        return { size: opened.size, bytes, gets: gets.ranges };
      } finally {
        gets.stop();
      }
    };
    const start = 5 * MiB + 3;
    expect(await openFor({ start, end: start + 99 }, { start, end: start + 99 })).toEqual({ size: data.length, bytes: data.subarray(start, start + 100), gets: [`bytes=${start}-${start + 99}`] });
    // Open-ended and suffix ranges: the size comes from the answer's Content-Range.
    const tail = { start: data.length - 1000, end: data.length - 1 };
    expect(await openFor({ start: tail.start }, tail)).toEqual({ size: data.length, bytes: data.subarray(tail.start), gets: [`bytes=${tail.start}-`] });
    expect(await openFor({ suffix: 1000 }, tail)).toEqual({ size: data.length, bytes: data.subarray(tail.start), gets: ['bytes=-1000'] });
    // An end past the object's: the store sends up to its end.
    expect(await openFor({ start: tail.start, end: data.length + 5000 }, tail)).toEqual({ size: data.length, bytes: data.subarray(tail.start), gets: [`bytes=${tail.start}-${data.length + 5000}`] });
    // Another range than the one wanted: read from the same version, after the first GET is dropped.
    const other = await openFor({ start: 0, end: 9 }, { start: 100, end: 109 });
    expect(other.bytes).toEqual(data.subarray(100, 110));
    expect(other.gets).toEqual(['bytes=0-9', 'bytes=100-109']);
    // Nothing of the object in the range: the whole GET tells the size (the caller answers 416), and reads nothing it does not stream.
    const past = recordGets(store.client);
    const opened = await store.open(key, { start: data.length });
    past.stop();
    expect(opened.size).toBe(data.length);
    expect(past.ranges).toEqual([`bytes=${data.length}-`, '']);
    await opened.close();
    await store.put(fileObjectKey(21), body(Buffer.alloc(0)), { maxBytes: -1 });
    const empty = await store.open(fileObjectKey(21), { start: 0, end: 10 });
    expect(empty.size).toBe(0);
    expect(await readAll(empty.stream())).toEqual(Buffer.alloc(0));
    expect((await storageFailure(store.open(fileObjectKey(22), { start: 0 }))).kind).toBe('not-found');
  }, 120_000);

  it('reads one version: an opened file fails rather than mix in the content that replaced it', async () => {
    await store.put(fileObjectKey(5), body(Buffer.from('version one')), { maxBytes: -1 });
    const opened = await store.open(fileObjectKey(5));
    expect((await readAll(opened.stream({ start: 0, end: 6 }))).toString()).toBe('version');
    await store.put(fileObjectKey(5), body(Buffer.from('version two, longer')), { maxBytes: -1 });
    expect((await storageFailure(readAll(opened.stream()))).kind).toBe('conflict');
    await store.delete([fileObjectKey(5)]);
    expect((await storageFailure(readAll(opened.stream()))).kind).toBe('conflict');
    expect((await storageFailure(store.open(fileObjectKey(5)))).kind).toBe('not-found');
    expect(await store.head(fileObjectKey(5))).toBeNull();
  });

  it('assembles stored chunks of every size through one multipart upload (small ones combined to 5 MiB parts)', async () => {
    const sizes = [1 * MiB, 2 * MiB, 1, 6 * MiB, 0, 3 * MiB + 7, MIN_PART_BYTES, 100];
    const chunks = sizes.map((size) => randomBytes(size));
    const pieces = [];
    for (const [i, chunk] of chunks.entries()) {
      const key = `uploads/alice/up-1/${i + 1}`;
      await store.put(key, body(chunk), { maxBytes: -1 });
      pieces.push({ key, size: chunk.length });
    }
    const whole = Buffer.concat(chunks);
    const stored = await store.assemble(fileObjectKey(6), pieces);
    expect(stored.size).toBe(whole.length);
    expect(stored.etag).toMatch(/\S/);
    expect(sha256(await contentOf(store, fileObjectKey(6)))).toBe(sha256(whole));
    expect(await pendingUploads()).toBe(0);
    // The chunks are the caller's to delete once the file is recorded.
    expect(await store.head(pieces[0]?.key ?? '')).not.toBeNull();
  }, 120_000);

  it('assembles a few small chunks, and no chunk at all, into a small and an empty file', async () => {
    await store.put('uploads/alice/up-2/1', body(Buffer.from('hello ')), { maxBytes: -1 });
    await store.put('uploads/alice/up-2/2', body(Buffer.from('world')), { maxBytes: -1 });
    const pieces = [
      { key: 'uploads/alice/up-2/1', size: 6 },
      { key: 'uploads/alice/up-2/2', size: 5 },
    ];
    expect(await store.assemble(fileObjectKey(7), pieces)).toMatchObject({ size: 11 });
    expect((await contentOf(store, fileObjectKey(7))).toString()).toBe('hello world');
    expect(await store.assemble(fileObjectKey(8), [])).toMatchObject({ size: 0 });
    expect(await contentOf(store, fileObjectKey(8))).toEqual(Buffer.alloc(0));
  });

  it('fails an assembly whose chunk is missing or of another size, leaving no object and no upload', async () => {
    await store.put('uploads/alice/up-3/1', body(randomBytes(6 * MiB)), { maxBytes: -1 });
    const missing = [
      { key: 'uploads/alice/up-3/1', size: 6 * MiB },
      { key: 'uploads/alice/up-3/2', size: 10 },
    ];
    expect((await storageFailure(store.assemble(fileObjectKey(9), missing))).kind).toBe('conflict');
    const wrongSize = [{ key: 'uploads/alice/up-3/1', size: 6 * MiB + 1 }];
    expect((await storageFailure(store.assemble(fileObjectKey(9), wrongSize))).kind).toBe('conflict');
    expect(await store.head(fileObjectKey(9))).toBeNull();
    expect(await pendingUploads()).toBe(0);
  }, 120_000);

  it('copies an object inside the store', async () => {
    const data = randomBytes(1000);
    await store.put(fileObjectKey(10), body(data), { maxBytes: -1 });
    expect(await store.copy(fileObjectKey(10), fileObjectKey(11))).toMatchObject({ size: 1000 });
    expect(await contentOf(store, fileObjectKey(11))).toEqual(data);
    expect((await storageFailure(store.copy(fileObjectKey(999), fileObjectKey(12)))).kind).toBe('not-found');
  });

  it('deletes more objects than one request takes, missing ones included, and lists by prefix', async () => {
    const keys = Array.from({ length: 1100 }, (_, i) => `bulk/${String(i).padStart(4, '0')}`);
    for (let i = 0; i < keys.length; i += 50) await Promise.all(keys.slice(i, i + 50).map((key) => store.put(key, body(Buffer.from(key)), { maxBytes: -1 })));
    const listed: string[] = [];
    for await (const object of store.list('bulk/')) listed.push(object.key);
    expect(listed).toEqual(keys);
    await store.delete([...keys, 'bulk/never-there']);
    for await (const object of store.list('bulk/')) throw new Error(`${object.key} was not deleted`);
  }, 120_000);

  it('sweeps file objects no metadata points at, once they are older than the grace period, and abandoned uploads', async () => {
    for (const fileid of [101, 102, 103]) await store.put(fileObjectKey(fileid), body(Buffer.from(String(fileid))), { maxBytes: -1 });
    await store.put('uploads/bob/up-9/1', body(Buffer.from('a chunk')), { maxBytes: -1 });
    const referenced = async (fileids: readonly number[]): Promise<Set<number>> => new Set(fileids.filter((id) => id !== 102 && id !== 103));
    // Within the grace period nothing goes.
    expect(await sweepObjects(store, referenced, { olderThan: new Date(Date.now() - 60_000) })).toEqual({ objects: 0, uploads: 0 });
    // A multipart upload a crash cut short.
    await store.client.send(new CreateMultipartUploadCommand({ Bucket: config.bucket, Key: fileObjectKey(104) }));
    expect(await pendingUploads()).toBe(1);
    const swept = await sweepObjects(store, referenced, { olderThan: new Date(Date.now() + 60_000) });
    expect(swept).toEqual({ objects: 2, uploads: 1 });
    expect(await store.head(fileObjectKey(101))).not.toBeNull();
    expect(await store.head(fileObjectKey(102))).toBeNull();
    expect(await store.head(fileObjectKey(103))).toBeNull();
    // Only file objects are judged by the metadata; chunks belong to their upload sessions.
    expect(await store.head('uploads/bob/up-9/1')).not.toBeNull();
    expect(await pendingUploads()).toBe(0);
  });
});
