import { describe, it, expect, beforeEach, afterEach } from '@jest/globals';
import { mkdir, readFile, readdir, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { makeTestFiles } from '../../files/test-support';
import { ASSEMBLY_FILE, UploadStore, numericOrder } from './uploads';
import type { AssemblyPlan } from './uploads';
import type { Kysely } from 'kysely';
import type { StorageTables } from '../../metadata/tables';

let ctx: Awaited<ReturnType<typeof makeTestFiles>>;
let store: UploadStore;
const folder = (id: string): string => join(ctx.dataDir, 'uploads', 'alice', id);
const bytes = (byte: number, size: number): Buffer => Buffer.alloc(size, byte);
const stream = (data: Buffer): Readable => Readable.from([data]);

/** PUTs chunk `n` of `size` bytes filled with `n`, announcing its length as a client does. */
async function put(id: string, n: number, size: number, totalLength?: number): Promise<void> {
  await store.putChunk('alice', id, String(n), stream(bytes(n, size)), -1, { length: size, ...(totalLength !== undefined ? { totalLength } : {}) });
}

/** Assembles in place and returns the assembled bytes, or null when the plan needs the copy. */
async function assembled(id: string): Promise<{ plan: AssemblyPlan; content: Buffer | null }> {
  const plan = await store.beginAssembly('alice', id);
  try {
    if (!plan.inPlace) return { plan, content: null };
    return { plan, content: await readFile(await store.assembleInPlace('alice', id, plan)) };
  } finally {
    store.endAssembly('alice', id);
  }
}

async function copied(id: string, plan: AssemblyPlan): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of store.read('alice', id, plan.chunks)) parts.push(part);
  return Buffer.concat(parts);
}

const expected = (sizes: number[]): Buffer => Buffer.concat(sizes.map((size, i) => bytes(i + 1, size)));

beforeEach(async () => {
  ctx = await makeTestFiles();
  store = new UploadStore({ db: ctx.db, dataDir: ctx.dataDir });
});
afterEach(async () => ctx.cleanup());

describe('UploadStore: chunks written once, into the assembly file', () => {
  it('writes v2 chunks at (n-1) × the size of chunk 1, so assembly is a rename with nothing copied', async () => {
    await store.create('alice', 'up', '/big.bin');
    await put('up', 1, 1000, 2500);
    await put('up', 3, 500, 2500);
    await put('up', 2, 1000, 2500);
    expect(await readdir(folder('up'))).toEqual([ASSEMBLY_FILE]);
    const chunks = await store.chunks('alice', 'up');
    expect(chunks.map((c) => [c.name, c.offset, c.size]).sort()).toEqual([
      ['1', 0, 1000],
      ['2', 1000, 1000],
      ['3', 2000, 500],
    ]);
    const { plan, content } = await assembled('up');
    expect(plan).toMatchObject({ size: 2500, inPlace: true });
    expect(content).toEqual(expected([1000, 1000, 500]));
  });

  it('keeps chunks that arrive before chunk 1 in files of their own and merges them at their offsets', async () => {
    await store.create('alice', 'early', '/f.bin');
    // Without OC-Total-Length nothing tells whether chunks 3 and 2 are full: their offsets wait for chunk 1.
    await put('early', 3, 40);
    await put('early', 2, 100);
    await put('early', 1, 100, 240);
    expect((await readdir(folder('early'))).sort()).toEqual([ASSEMBLY_FILE, '2', '3'].sort());
    const { plan, content } = await assembled('early');
    expect(plan.inPlace).toBe(true);
    expect(content).toEqual(expected([100, 100, 40]));
    // Merged chunks now count as placed: a refused install can be retried without their files.
    expect(await readdir(folder('early'))).toEqual([ASSEMBLY_FILE]);
    expect((await store.chunks('alice', 'early')).every((c) => c.offset !== null)).toBe(true);
  });

  it('takes the chunk size from any chunk OC-Total-Length shows to be full, so parallel chunks need not wait for chunk 1', async () => {
    await store.create('alice', 'parallel', '/p.bin');
    await put('parallel', 3, 100, 250); // 3 × 100 > 250: possibly the short last one, no size from it
    await put('parallel', 2, 100, 250); // 2 × 100 ≤ 250: full
    await put('parallel', 3, 50, 250);
    await put('parallel', 1, 100, 250);
    const offsets = Object.fromEntries((await store.chunks('alice', 'parallel')).map((c) => [c.name, c.offset]));
    expect(offsets).toEqual({ '1': 0, '2': 100, '3': 200 });
    const { content } = await assembled('parallel');
    expect(content).toEqual(expected([100, 100, 50]));
  });

  it('survives a wrong guess of the chunk size (a short last chunk first) by copying', async () => {
    await store.create('alice', 'guess', '/g.bin');
    await put('guess', 3, 5, 25); // 3 × 5 ≤ 25 looks full: chunk size 5, but the real size is 10
    await put('guess', 1, 10, 25);
    await put('guess', 2, 10, 25);
    const { plan, content } = await assembled('guess');
    expect(content).toBeNull();
    expect(plan).toMatchObject({ size: 25, inPlace: false });
    expect(await copied('guess', plan)).toEqual(expected([10, 10, 5]));
  });

  it('falls back to copying when chunks are not of one size, and the copy has every byte in order', async () => {
    await store.create('alice', 'uneven', '/u.bin');
    await put('uneven', 1, 100);
    await put('uneven', 2, 60); // shorter, but not the last: chunk 3 sits at 200, its real offset is 160
    await put('uneven', 3, 100);
    const { plan, content } = await assembled('uneven');
    expect(content).toBeNull();
    expect(plan).toMatchObject({ size: 260, inPlace: false });
    expect(await copied('uneven', plan)).toEqual(expected([100, 60, 100]));
  });

  it('puts a chunk larger than the chunk size, or one without a length, in a file of its own', async () => {
    await store.create('alice', 'large', '/l.bin');
    await put('large', 1, 100);
    await put('large', 2, 150);
    await store.putChunk('alice', 'large', '3', stream(bytes(3, 10)), -1);
    const offsets = Object.fromEntries((await store.chunks('alice', 'large')).map((c) => [c.name, c.offset]));
    expect(offsets).toEqual({ '1': 0, '2': null, '3': null });
    // Chunk 1 sits at its final offset, so the two others are merged after it.
    const { plan, content } = await assembled('large');
    expect(plan.inPlace).toBe(true);
    expect(content).toEqual(expected([100, 150, 10]));
  });

  it('lets the last completed write of a retried chunk win, in either representation', async () => {
    await store.create('alice', 'retry', '/r.bin');
    await put('retry', 2, 50);
    await put('retry', 1, 50);
    await store.putChunk('alice', 'retry', '2', stream(bytes(9, 50)), -1, { length: 50 });
    expect(await readdir(folder('retry'))).toEqual([ASSEMBLY_FILE]);
    await store.putChunk('alice', 'retry', '1', stream(bytes(8, 50)), -1);
    expect((await readdir(folder('retry'))).sort()).toEqual([ASSEMBLY_FILE, '1'].sort());
    const { content } = await assembled('retry');
    expect(content).toEqual(Buffer.concat([bytes(8, 50), bytes(9, 50)]));
  });

  it('drops a chunk whose write fails half way instead of keeping half of it', async () => {
    await store.create('alice', 'broken', '/b.bin');
    await put('broken', 1, 100);
    await put('broken', 2, 100);
    async function* halfThenFail(): AsyncGenerator<Buffer> {
      yield bytes(7, 50);
      throw new Error('connection reset');
    }
    await expect(store.putChunk('alice', 'broken', '2', Readable.from(halfThenFail()), -1, { length: 100 })).rejects.toThrow('connection reset');
    expect((await store.chunks('alice', 'broken')).map((c) => c.name)).toEqual(['1']);
    expect((await store.beginAssembly('alice', 'broken')).size).toBe(100);
  });

  it('refuses more bytes than the quota allows and does not record the chunk', async () => {
    await store.create('alice', 'quota', '/q.bin');
    await expect(store.putChunk('alice', 'quota', '1', stream(bytes(1, 100)), 99, { length: 100 })).rejects.toMatchObject({ kind: 'insufficient-storage' });
    expect(await store.chunks('alice', 'quota')).toEqual([]);
  });

  it('writes nothing into the assembly file once assembly has begun', async () => {
    await store.create('alice', 'late', '/late.bin');
    await put('late', 1, 10);
    await store.beginAssembly('alice', 'late');
    await put('late', 2, 10);
    expect((await store.chunks('alice', 'late')).find((c) => c.name === '2')?.offset).toBeNull();
    store.endAssembly('alice', 'late');
    await put('late', 3, 10);
    expect((await store.chunks('alice', 'late')).find((c) => c.name === '3')?.offset).toBe(20);
  });

  it('keeps every chunk of the older style (no destination) in a file of its own', async () => {
    await store.create('alice', 'v1', null);
    await store.putChunk('alice', 'v1', '0000000000000000', stream(Buffer.from('hello ')), -1, { length: 6 });
    await store.putChunk('alice', 'v1', '0000000000000006', stream(Buffer.from('world')), -1, { length: 5 });
    expect((await readdir(folder('v1'))).sort()).toEqual(['0000000000000000', '0000000000000006']);
    const plan = await store.beginAssembly('alice', 'v1');
    expect((await copied('v1', plan)).toString()).toBe('hello world');
    expect((await readFile(await store.assembleInPlace('alice', 'v1', plan))).toString()).toBe('hello world');
  });

  it('counts placed chunks as pending bytes, and removing an upload removes them', async () => {
    await store.create('alice', 'pending', '/p.bin');
    await put('pending', 1, 300, 1000);
    await put('pending', 3, 300, 1000);
    expect(await store.pendingBytes('alice')).toBe(600);
    await store.remove('alice', 'pending');
    expect(await store.pendingBytes('alice')).toBe(0);
    await expect(stat(folder('pending'))).rejects.toMatchObject({ code: 'ENOENT' });
    // Nothing is left beside it: the folder renamed aside for the removal went too.
    expect(await readdir(join(ctx.dataDir, 'uploads', 'alice'))).toEqual([]);
  });

  it('answers a chunk or a listing of an upload removed meanwhile with the upload\'s 404, and removes an upload twice harmlessly', async () => {
    await store.create('alice', 'gone', '/g.bin');
    await put('gone', 1, 300, 1000);
    // A chunk whose body is still on the way when the upload is removed.
    let release: () => void = () => undefined;
    const held = new Promise<void>((done) => (release = done));
    async function* slowBody(): AsyncGenerator<Buffer> {
      yield bytes(2, 100);
      await held;
      yield bytes(2, 200);
    }
    const chunk = store.putChunk('alice', 'gone', '2', slowBody(), -1, {});
    await new Promise((done) => setTimeout(done, 50));
    await Promise.all([store.remove('alice', 'gone'), store.remove('alice', 'gone')]);
    release();
    await expect(chunk).rejects.toMatchObject({ kind: 'not-found', message: 'Upload folder not found' });
    await expect(store.chunks('alice', 'gone')).rejects.toMatchObject({ kind: 'not-found' });
    await expect(put('gone', 3, 300, 1000)).rejects.toMatchObject({ kind: 'not-found' });
    expect(await store.get('alice', 'gone')).toBeNull();
    expect(await readdir(join(ctx.dataDir, 'uploads', 'alice'))).toEqual([]);
  });

  it('sweeps uploads without a chunk for 24 hours with their records, and keeps active ones however old', async () => {
    const db = ctx.db as unknown as Kysely<StorageTables>;
    const dayAgo = Math.floor(Date.now() / 1000) - 24 * 60 * 60 - 1;
    await store.create('alice', 'old', '/o.bin');
    await put('old', 1, 10);
    await store.create('alice', 'new', '/n.bin');
    // Created long ago, but a chunk just arrived: a slow upload in progress, not an abandoned one.
    await db.updateTable('uploads').set({ created_at: dayAgo, last_activity: dayAgo }).where('id', '=', 'new').execute();
    await put('new', 1, 10);
    expect((await store.get('alice', 'new'))?.lastActivity).toBeGreaterThan(dayAgo);
    await db.updateTable('uploads').set({ last_activity: dayAgo }).where('id', '=', 'old').execute();
    expect(await store.sweep()).toBe(1);
    expect(await store.get('alice', 'old')).toBeNull();
    expect(await store.get('alice', 'new')).not.toBeNull();
    expect(await store.pendingBytes('alice')).toBe(10);
    // A folder left on disk without a session is swept once it is old enough.
    await store.create('alice', 'orphan', null);
    await db.deleteFrom('uploads').where('id', '=', 'orphan').execute();
    const day = Date.now() / 1000 - 25 * 60 * 60;
    await utimes(folder('orphan'), day, day);
    expect(await store.sweep()).toBe(1);
    await expect(stat(folder('orphan'))).rejects.toMatchObject({ code: 'ENOENT' });
    // So is a folder a removal renamed aside and a crash left behind.
    await mkdir(join(ctx.dataDir, 'uploads', 'alice', '.removing-0123456789abcdef', 'inner'), { recursive: true });
    await utimes(join(ctx.dataDir, 'uploads', 'alice', '.removing-0123456789abcdef'), day, day);
    expect(await store.sweep()).toBe(1);
    expect(await readdir(join(ctx.dataDir, 'uploads', 'alice'))).toEqual(['new']);
  });

  it('orders chunk names numerically, start-end names by their start', () => {
    expect(numericOrder(['10', '9', '1', '100'])).toEqual(['1', '9', '10', '100']);
    expect(numericOrder(['20-29', '3-9', '10-19', '0-2'])).toEqual(['0-2', '3-9', '10-19', '20-29']);
  });
});
