import { describe, it, expect, beforeEach, afterEach } from '@jest/globals';
import { mkdir, readFile, readdir, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { makeTestFiles } from './test-support';
import type { FileService } from './file-service';
import { StorageError } from '../../errors';

let ctx: Awaited<ReturnType<typeof makeTestFiles>>;
let files: FileService;
const root = (): string => join(ctx.dataDir, 'files', 'alice');
const body = (text: string): Readable => Readable.from([Buffer.from(text)]);

beforeEach(async () => {
  ctx = await makeTestFiles();
  files = ctx.files;
  await files.ensureUserRoot('alice');
});
afterEach(async () => ctx.cleanup());

async function expectKind(promise: Promise<unknown>, kind: string): Promise<void> {
  await expect(promise).rejects.toBeInstanceOf(StorageError);
  await promise.catch((error: StorageError) => expect(error.kind).toBe(kind));
}

describe('FileService', () => {
  it('stores a file as a plain file under files/<uid>/ with Nextcloud permissions', async () => {
    const { entry, created } = await files.write('alice', '/hello.txt', body('hello'), { quota: -1, mtime: 1700000000 });
    expect(created).toBe(true);
    expect(await readFile(join(root(), 'hello.txt'), 'utf8')).toBe('hello');
    expect(entry).toMatchObject({ path: '/hello.txt', name: 'hello.txt', type: 'file', size: 5, mtime: 1700000000, mime: 'text/plain', permissions: 'RGDNVW', favorite: false });
    const folder = await files.stat('alice', '/');
    expect(folder).toMatchObject({ type: 'folder', size: 5, permissions: 'RGDNVCK', mime: 'httpd/unix-directory' });
  });

  it('keeps the file id across renames and changes the etag on overwrite', async () => {
    const first = (await files.write('alice', '/a.txt', body('one'), { quota: -1 })).entry;
    const moved = await files.move('alice', '/a.txt', '/b.txt');
    expect(moved.fileid).toBe(first.fileid);
    const second = await files.write('alice', '/b.txt', body('three'), { quota: -1 });
    expect(second.created).toBe(false);
    expect(second.entry.fileid).toBe(first.fileid);
    expect(second.entry.etag).not.toBe(first.etag);
    expect((await files.getById('alice', first.fileid))?.path).toBe('/b.txt');
  });

  it('propagates size and a new etag to every ancestor folder', async () => {
    await files.mkdir('alice', '/a');
    await files.mkdir('alice', '/a/b');
    const before = await files.stat('alice', '/a');
    await files.write('alice', '/a/b/c.bin', body('12345678'), { quota: -1 });
    const after = await files.stat('alice', '/a');
    expect(after?.size).toBe(8);
    expect(after?.etag).not.toBe(before?.etag);
    expect((await files.getUsage('alice')).used).toBe(8);
  });

  it('notices files added, changed and removed on disk behind its back', async () => {
    await files.write('alice', '/keep.txt', body('x'), { quota: -1 });
    await files.write('alice', '/gone.txt', body('y'), { quota: -1 });
    expect((await files.list('alice', '/')).map((e) => e.name).sort()).toEqual(['gone.txt', 'keep.txt']);
    const rootBefore = await files.stat('alice', '/');
    await writeFile(join(root(), 'outside.txt'), 'from outside');
    await rm(join(root(), 'gone.txt'));
    await mkdir(join(root(), 'dir'));
    await writeFile(join(root(), 'dir', 'inner.txt'), 'abc');
    const listed = await files.list('alice', '/');
    expect(listed.map((e) => e.name).sort()).toEqual(['dir', 'keep.txt', 'outside.txt']);
    expect(listed.find((e) => e.name === 'dir')?.size).toBe(3);
    const rootAfter = await files.stat('alice', '/');
    expect(rootAfter?.etag).not.toBe(rootBefore?.etag);
    expect(rootAfter?.size).toBe(1 + 12 + 3);
    // An in-place change to a file is noticed on stat (size and mtime).
    const keep = await files.stat('alice', '/keep.txt');
    await writeFile(join(root(), 'keep.txt'), 'changed');
    await utimes(join(root(), 'keep.txt'), 1600000000, 1600000000);
    const changed = await files.stat('alice', '/keep.txt');
    expect(changed).toMatchObject({ size: 7, mtime: 1600000000, fileid: keep?.fileid });
    expect(changed?.etag).not.toBe(keep?.etag);
    await rm(join(root(), 'keep.txt'));
    expect(await files.stat('alice', '/keep.txt')).toBeNull();
  });

  it('refuses writes beyond the quota with insufficient-storage and leaves nothing behind', async () => {
    await files.write('alice', '/a.bin', body('12345'), { quota: 10 });
    await expectKind(files.write('alice', '/b.bin', body('1234567890'), { quota: 10 }), 'insufficient-storage');
    expect(await files.stat('alice', '/b.bin')).toBeNull();
    expect(await readdir(join(ctx.dataDir, 'tmp'))).toEqual([]);
    // Overwriting frees the old size first.
    await files.write('alice', '/a.bin', body('1234567890'), { quota: 10 });
    expect((await files.getUsage('alice')).used).toBe(10);
  });

  it('refuses a write whose length differs from the announced one', async () => {
    await expectKind(files.write('alice', '/x.bin', body('123'), { quota: -1, expectedLength: 4 }), 'bad-request');
    expect(await files.stat('alice', '/x.bin')).toBeNull();
  });

  it('answers conflict for a missing parent and method-not-allowed for an existing folder', async () => {
    await expectKind(files.mkdir('alice', '/missing/child'), 'conflict');
    await files.mkdir('alice', '/here');
    await expectKind(files.mkdir('alice', '/here'), 'method-not-allowed');
    await expectKind(files.write('alice', '/nope/file.txt', body('x'), { quota: -1 }), 'conflict');
  });

  it('copies a tree with new file ids and deletes recursively', async () => {
    await files.mkdir('alice', '/src');
    const original = (await files.write('alice', '/src/f.txt', body('abc'), { quota: -1 })).entry;
    const copy = await files.copy('alice', '/src', '/dst', -1);
    expect(copy.size).toBe(3);
    const copied = await files.stat('alice', '/dst/f.txt');
    expect(copied?.fileid).not.toBe(original.fileid);
    expect((await files.getUsage('alice')).used).toBe(6);
    await files.delete('alice', '/src');
    expect(await files.stat('alice', '/src/f.txt')).toBeNull();
    expect((await files.getUsage('alice')).used).toBe(3);
  });

  it('never follows a symlink out of the user root', async () => {
    const outside = join(ctx.dataDir, 'secret');
    await mkdir(outside);
    await writeFile(join(outside, 'passwd'), 'secret');
    await symlink(outside, join(root(), 'escape'));
    await symlink(join(outside, 'passwd'), join(root(), 'link.txt'));
    expect(await files.stat('alice', '/link.txt')).toBeNull();
    expect(await files.stat('alice', '/escape')).toBeNull();
    await expect(files.stat('alice', '/escape/passwd')).rejects.toBeInstanceOf(StorageError);
    expect((await files.list('alice', '/')).map((e) => e.name)).toEqual([]);
    await expect(files.openRead('alice', '/escape/passwd')).rejects.toBeInstanceOf(StorageError);
  });

  it('refuses paths with .., backslashes and NUL', async () => {
    await expectKind(files.stat('alice', '/../bob'), 'bad-request');
    await expectKind(files.stat('alice', '/a\\..\\b'), 'bad-request');
    await expectKind(files.stat('alice', '/a\0b'), 'bad-request');
    expect(() => files.localPath('alice', '/../../etc/passwd')).toThrow(StorageError);
  });

  it('reads byte ranges and marks favorites', async () => {
    await files.write('alice', '/r.txt', body('0123456789'), { quota: -1 });
    const opened = await files.openRead('alice', '/r.txt');
    expect(opened.size).toBe(10);
    const chunks: Buffer[] = [];
    for await (const chunk of opened.stream({ start: 2, end: 4 })) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('234');
    await files.changeNode('alice', '/r.txt', { favorite: true });
    expect((await files.favorites('alice')).map((e) => e.path)).toEqual(['/r.txt']);
  });

  it('changes favorite and mtime all or nothing with the work done in the same transaction', async () => {
    const written = (await files.write('alice', '/t.txt', body('x'), { quota: -1, mtime: 1600000000 })).entry;
    const failing = files.changeNode('alice', '/t.txt', { favorite: true, mtime: 1700000000 }, async () => {
      throw new Error('dead property write failed');
    });
    await expect(failing).rejects.toThrow('dead property write failed');
    expect(await files.stat('alice', '/t.txt')).toMatchObject({ favorite: false, mtime: 1600000000, etag: written.etag });
    const changed = await files.changeNode('alice', '/t.txt', { favorite: true, mtime: 1700000000 });
    expect(changed).toMatchObject({ favorite: true, mtime: 1700000000 });
    expect(await files.stat('alice', '/t.txt')).toMatchObject({ favorite: true, mtime: 1700000000 });
  });

  it('removes everything of a deleted user', async () => {
    await files.write('alice', '/a.txt', body('x'), { quota: -1 });
    await files.deleteUserData('alice');
    await expect(readdir(root())).rejects.toThrow();
  });
});
