import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { makeTestFiles } from '../../files/test-support';
import { FileService } from '../../files/file-service';
import { OperationJournal } from './operation-journal';
import { PropertyStore } from '../../dav-state/properties';
import { StorageError } from '../../../errors';

let ctx: Awaited<ReturnType<typeof makeTestFiles>>;
let files: FileService;
const root = (): string => join(ctx.dataDir, 'files', 'alice');
const tmp = (): string => join(ctx.dataDir, 'tmp');
const body = (text: string): Readable => Readable.from([Buffer.from(text)]);
const TAG = '{urn:test}tag';

beforeEach(async () => {
  ctx = await makeTestFiles();
  files = ctx.files;
  await files.ensureUserRoot('alice');
  await files.mkdir('alice', '/src');
  await files.mkdir('alice', '/src/sub');
  await files.write('alice', '/src/sub/a.txt', body('abc'), { quota: -1 });
  await files.mkdir('alice', '/dst');
  await files.write('alice', '/dst/old.txt', body('old'), { quota: -1 });
});
afterEach(async () => ctx.cleanup());

async function expectKind(promise: Promise<unknown>, kind: string): Promise<void> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StorageError);
  expect((error as StorageError).kind).toBe(kind);
}

/** A server starting again on the same data dir and database, as after a crash. */
const restarted = (): FileService => new FileService({ db: ctx.db, dataDir: ctx.dataDir });

describe('COPY and MOVE of trees', () => {
  it('checks the quota against the copy as built and then leaves the replaced destination and no temporary files', async () => {
    // Grown on disk behind the cache's back: the cache says 3 bytes, the copy holds 20.
    await writeFile(join(root(), 'src/sub/a.txt'), 'twenty bytes of text');
    const used = (await files.getUsage('alice')).used;
    await expectKind(files.copy('alice', '/src', '/dst', used + 10, { replace: true }), 'insufficient-storage');
    expect(await readFile(join(root(), 'dst/old.txt'), 'utf8')).toBe('old');
    expect((await files.list('alice', '/dst')).map((entry) => entry.name)).toEqual(['old.txt']);
    expect(await readdir(tmp())).toEqual([]);
  });

  it('copies the dead properties of every node with the copy', async () => {
    const properties = new PropertyStore(ctx.db);
    const sub = await files.stat('alice', '/src/sub/a.txt');
    await properties.patch(sub?.fileid ?? 0, [[TAG, '<tag xmlns="urn:test">kept</tag>']], []);
    const copied = await files.copy('alice', '/src', '/copy', -1);
    expect(copied.size).toBe(3);
    const inner = await files.stat('alice', '/copy/sub/a.txt');
    expect(inner?.fileid).not.toBe(sub?.fileid);
    expect((await properties.get(inner?.fileid ?? 0)).get(TAG)).toBe('<tag xmlns="urn:test">kept</tag>');
    expect((await files.getUsage('alice')).used).toBe(9);
  });

  it('replaces a folder by a copy of a node inside it, and refuses to move a node onto a folder holding it', async () => {
    await expectKind(files.move('alice', '/src/sub', '/src', { replace: true }), 'forbidden');
    expect(await readdir(join(root(), 'src/sub'))).toEqual(['a.txt']);
    await files.copy('alice', '/src/sub', '/src', -1, { replace: true });
    expect(await readdir(join(root(), 'src'))).toEqual(['a.txt']);
    expect((await files.list('alice', '/src')).map((entry) => entry.path)).toEqual(['/src/a.txt']);
    expect((await files.getUsage('alice')).used).toBe(6);
  });
});

describe('DELETE of trees', () => {
  it('answers once the rows are gone and erases the set-aside bytes by the time the store closes', async () => {
    for (let i = 0; i < 200; i += 1) await writeFile(join(root(), 'src/sub', `f${i}.txt`), 'x');
    await files.delete('alice', '/src', { final: true });
    expect(await files.stat('alice', '/src')).toBeNull();
    expect(await readdir(root())).toEqual(['dst']);
    await files.close();
    expect(await readdir(tmp())).toEqual([]);
  });
});

describe('start-up after a crash in a COPY or MOVE', () => {
  const journal = (): OperationJournal => new OperationJournal(ctx.db);

  it('completes a MOVE whose rename happened: the moved nodes keep their ids, favorites and dead properties', async () => {
    const moved = await files.stat('alice', '/src/sub/a.txt');
    await files.changeNode('alice', '/src/sub/a.txt', { favorite: true });
    await new PropertyStore(ctx.db).patch(moved?.fileid ?? 0, [[TAG, '<tag xmlns="urn:test">t</tag>']], []);
    const folder = await files.stat('alice', '/src');
    await journal().begin({ kind: 'move', uid: 'alice', source: '/src', destination: '/moved', fileid: folder?.fileid ?? 0, staged: null, aside: null });
    await rename(join(root(), 'src'), join(root(), 'moved'));

    const after = restarted();
    expect(await after.recoverInterrupted()).toMatchObject({ completed: 1, undone: 0, failed: [] });
    expect(await after.stat('alice', '/moved')).toMatchObject({ fileid: folder?.fileid });
    expect(await after.stat('alice', '/moved/sub/a.txt')).toMatchObject({ fileid: moved?.fileid, favorite: true });
    expect((await new PropertyStore(ctx.db).get(moved?.fileid ?? 0)).get(TAG)).toBe('<tag xmlns="urn:test">t</tag>');
    expect(await after.stat('alice', '/src')).toBeNull();
    expect((await after.getUsage('alice')).used).toBe(6);
    expect(await journal().pending()).toEqual([]);
  });

  it('undoes a MOVE that had set the destination aside but not renamed the source', async () => {
    const folder = await files.stat('alice', '/src');
    await writeFile(join(tmp(), 'placeholder'), '');
    await journal().begin({ kind: 'move', uid: 'alice', source: '/src', destination: '/dst', fileid: folder?.fileid ?? 0, staged: null, aside: 'aside-0123456789abcdef01234567' });
    await rename(join(root(), 'dst'), join(tmp(), 'aside-0123456789abcdef01234567'));

    const after = restarted();
    expect(await after.recoverInterrupted()).toMatchObject({ completed: 0, undone: 1, swept: 1 });
    expect(await readFile(join(root(), 'dst/old.txt'), 'utf8')).toBe('old');
    expect(await after.stat('alice', '/src')).toMatchObject({ fileid: folder?.fileid });
    expect(await readdir(tmp())).toEqual([]);
  });

  it('undoes a COPY whose copy was not placed, and completes one whose copy was', async () => {
    const staged = 'copy-0123456789abcdef01234567';
    await mkdir(join(tmp(), staged, 'sub'), { recursive: true });
    await writeFile(join(tmp(), staged, 'sub', 'a.txt'), 'abc');
    await journal().begin({ kind: 'copy', uid: 'alice', source: '/src', destination: '/copy', fileid: null, staged, aside: null });
    expect(await restarted().recoverInterrupted()).toMatchObject({ completed: 0, undone: 1 });
    expect(await readdir(root())).toEqual(['dst', 'src']);
    expect(await readdir(tmp())).toEqual([]);

    await mkdir(join(root(), 'copy', 'sub'), { recursive: true });
    await writeFile(join(root(), 'copy', 'sub', 'a.txt'), 'abc');
    await journal().begin({ kind: 'copy', uid: 'alice', source: '/src', destination: '/copy', fileid: null, staged, aside: null });
    const after = restarted();
    expect(await after.recoverInterrupted()).toMatchObject({ completed: 1, undone: 0 });
    expect(await after.stat('alice', '/copy/sub/a.txt')).toMatchObject({ size: 3 });
    expect((await after.getUsage('alice')).used).toBe(9);
  });
});
