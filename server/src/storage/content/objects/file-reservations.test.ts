import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { makeTestFiles } from '../../files/test-support';
import { SqlMetadataStore } from '../../metadata/metadata-store';
import { ancestorsOf, newRow, now } from '../../metadata/cache-rows';
import type { StorageTables } from '../../metadata/tables';
import { FileReservations, reservationKey } from './file-reservations';

let ctx: Awaited<ReturnType<typeof makeTestFiles>>;
let reservations: FileReservations;
let metadata: SqlMetadataStore;

beforeEach(async () => {
  ctx = await makeTestFiles();
  metadata = new SqlMetadataStore(ctx.db);
  reservations = new FileReservations(ctx.db, metadata);
  await ctx.files.ensureUserRoot('alice');
  await ctx.files.mkdir('alice', '/docs');
});
afterEach(async () => {
  await ctx.cleanup();
});

/** Records a reserved file at `path` as the object mode will: reveal, then the folders above. */
async function record(fileid: number, path: string, size: number): ReturnType<FileReservations['reveal']> {
  const parent = await metadata.get('alice', path.slice(0, path.lastIndexOf('/')) || '/');
  if (!parent) throw new Error(`no parent for ${path}`);
  return metadata.transaction(async (store) => {
    const result = await reservations.reveal(store, fileid, newRow('alice', path, parent.fileid, { type: 'file', size, mtimeUs: 1_700_000_000_000_000 }, now()));
    if (result.revealed) await store.propagate('alice', ancestorsOf(path), size, now());
    return result;
  });
}

describe('FileReservations (file ids before bytes, for content keyed by file id)', () => {
  it('hands out a new file id whose row no listing, search, favorite, usage or lookup by id shows', async () => {
    const fileid = await reservations.reserve('alice');
    const root = await metadata.get('alice', '/');
    expect(fileid).toBeGreaterThan(root?.fileid ?? 0);
    expect((await ctx.files.list('alice', '/')).map((entry) => entry.name)).toEqual(['docs']);
    expect(await ctx.files.search('alice', '/', { where: { kind: 'all' }, orderBy: [] })).toHaveLength(1);
    expect(await ctx.files.getById('alice', fileid)).toBeNull();
    expect(await ctx.files.favorites('alice')).toEqual([]);
    expect((await ctx.files.getUsage('alice')).used).toBe(0);
    // The sweep keeps its object: the row exists.
    expect(await reservations.existing([fileid, fileid + 1000])).toEqual(new Set([fileid]));
  });

  it('reveals the row as the file at its path, keeping the id', async () => {
    const fileid = await reservations.reserve('alice');
    const result = await record(fileid, '/docs/report.pdf', 1234);
    expect(result.revealed).toBe(true);
    // Read from the file cache: the local mode's disk check (FileService) would drop a row with no file on disk.
    expect(await metadata.getById('alice', fileid)).toMatchObject({ path: '/docs/report.pdf', name: 'report.pdf', size: 1234, mime: 'application/pdf' });
    const docs = await metadata.get('alice', '/docs');
    expect((await metadata.listing(docs?.fileid ?? 0)).map((child) => child.fileid)).toEqual([fileid]);
    expect((await metadata.get('alice', '/'))?.size).toBe(1234);
  });

  it('leaves a file another writer recorded first as it is, and says which it is', async () => {
    const first = await reservations.reserve('alice');
    const second = await reservations.reserve('alice');
    expect((await record(first, '/docs/same.txt', 5)).revealed).toBe(true);
    const late = await record(second, '/docs/same.txt', 7);
    expect(late).toMatchObject({ revealed: false, existing: { fileid: first, size: 5 } });
    await reservations.release('alice', second);
    expect(await reservations.existing([first, second])).toEqual(new Set([first]));
    const docs = await metadata.get('alice', '/docs');
    expect((await metadata.listing(docs?.fileid ?? 0)).map((child) => child.fileid)).toEqual([first]);
  });

  it('releases a failed write, finds crash leftovers by age, and never a revealed file', async () => {
    const failed = await reservations.reserve('alice');
    await reservations.release('alice', failed);
    expect(await reservations.existing([failed])).toEqual(new Set());
    const crashed = await reservations.reserve('alice');
    const done = await reservations.reserve('alice');
    await record(done, '/docs/done.txt', 1);
    const cutoff = now() + 60;
    expect(await reservations.staleBefore(cutoff)).toEqual([{ uid: 'alice', fileid: crashed }]);
    expect(await reservations.staleBefore(now() - 60)).toEqual([]);
  });

  it('goes with the user', async () => {
    await reservations.reserve('alice');
    await ctx.files.write('alice', '/docs/plain.txt', Readable.from([Buffer.from('x')]), { quota: -1 });
    await ctx.files.deleteUserData('alice');
    const left = await (ctx.db as unknown as Kysely<StorageTables>).selectFrom('filecache').select('uid').where('uid', 'in', ['alice', reservationKey('alice')]).execute();
    expect(left).toEqual([]);
  });
});
