/** @jest-environment node */
import { describe, expect, it, jest } from '@jest/globals';
import { createNode } from '@cumulus/sdk';
import type { Node } from '@cumulus/sdk';
import { answer, FILES, FILES_PATH, HOME, makeFile, ORIGIN, requests, testEngine, useNock } from './engine.test-support';
import { createUploadFolder, uploadTreeFromPaths } from './folder';
import type { ConflictDecision, ConflictRequest, InvalidNameRequest } from './types';

jest.setTimeout(30_000);

const node = (name: string, type: 'file' | 'folder', folder = FILES): Node =>
  createNode({ source: `${folder}/${encodeURIComponent(name)}`, type, root: '/files/alice', size: 5, mtime: 1000 });

describe('upload engine: folders, public mode, names and conflicts', () => {
  useNock();

  it('creates folders with MKCOL before their files, at any depth, under a batch container that ends finished', async () => {
    answer('MKCOL', `${FILES_PATH}/Photos`, [201]);
    answer('MKCOL', `${FILES_PATH}/Photos/2024`, [201]);
    answer('MKCOL', `${FILES_PATH}/Photos/2024/May`, [201]);
    answer('PUT', `${FILES_PATH}/Photos/a.jpg`, [201]);
    answer('PUT', `${FILES_PATH}/Photos/2024/May/b%20c.jpg`, [201]);
    answer('PUT', `${FILES_PATH}/top.txt`, [201]);
    const tree = uploadTreeFromPaths([
      { path: 'Photos/a.jpg', file: makeFile('a.jpg', 3) },
      { path: 'Photos/2024/May/b c.jpg', file: makeFile('b c.jpg', 4) },
    ]);
    const engine = testEngine();
    const result = await engine.upload(HOME, [...tree, makeFile('top.txt', 5)]);
    const order = requests.map((r) => `${r.method} ${r.path.slice(FILES_PATH.length)}`);
    for (const [folder, file] of [
      ['MKCOL /Photos', 'PUT /Photos/a.jpg'],
      ['MKCOL /Photos', 'MKCOL /Photos/2024'],
      ['MKCOL /Photos/2024', 'MKCOL /Photos/2024/May'],
      ['MKCOL /Photos/2024/May', 'PUT /Photos/2024/May/b c.jpg'],
    ]) {
      expect(order.indexOf(folder as string)).toBeLessThan(order.indexOf(file as string));
    }
    expect(order).toHaveLength(6);
    expect(result.items.map((item) => `${item.kind} ${item.path} ${item.status}`).sort()).toEqual([
      'file /Photos/2024/May/b c.jpg finished',
      'file /Photos/a.jpg finished',
      'file /top.txt finished',
      'folder /Photos finished',
      'folder /Photos/2024 finished',
      'folder /Photos/2024/May finished',
    ]);
    expect(result.items.every((item) => item.batchId === result.batchId)).toBe(true);
    expect(engine.getState().items[result.batchId as string]).toMatchObject({ kind: 'batch', status: 'finished' });
  });

  it('a MKCOL answered 405 means the folder exists: its files go into it', async () => {
    answer('MKCOL', `${FILES_PATH}/Docs`, [405]);
    answer('PUT', `${FILES_PATH}/Docs/a.txt`, [201]);
    const result = await testEngine().upload(HOME, [createUploadFolder('/Docs', [makeFile('a.txt', 1)])]);
    expect(result.items.map((item) => item.status)).toEqual(['finished', 'finished']);
  });

  it('a folder that cannot be created fails with "mkdir-failed", its contents are not sent, and the batch fails', async () => {
    answer('MKCOL', `${FILES_PATH}/Docs`, [403]);
    const engine = testEngine();
    const result = await engine.upload(HOME, [createUploadFolder('/Docs', [makeFile('a.txt', 1)])]);
    expect(requests).toHaveLength(1);
    expect(result.items).toEqual([expect.objectContaining({ kind: 'folder', status: 'failed', error: expect.objectContaining({ code: 'mkdir-failed', directory: '/Docs', status: 403 }) })]);
    expect(engine.getState().items[result.batchId as string]?.status).toBe('failed');
  });

  it('public mode: anonymous, no chunking, into /public.php/dav/files/{token}', async () => {
    const share = `${ORIGIN}/public.php/dav/files/AbCdToken`;
    answer('PUT', '/public.php/dav/files/AbCdToken/big.bin', [201]);
    const engine = testEngine({ isPublic: true, user: null, uploadsRoot: undefined, maxChunkSize: 5 * 1024 * 1024 });
    const result = await engine.upload({ source: share, owner: null }, [makeFile('big.bin', 12 * 1024 * 1024)]);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['PUT /public.php/dav/files/AbCdToken/big.bin']);
    expect(result.items[0]).toMatchObject({ isChunked: false, chunks: 1, status: 'finished' });
  });

  it('refuses before queueing anything without a signed-in user (unless public) or without a destination folder', async () => {
    await expect(testEngine({ user: null }).upload(HOME, [makeFile('a.txt', 1)])).rejects.toThrow('User is not logged in');
    await expect(testEngine().upload({ source: '' }, [makeFile('a.txt', 1)])).rejects.toThrow('Invalid destination folder');
    const file = createNode({ source: `${FILES}/x.txt`, type: 'file', root: '/files/alice' });
    await expect(testEngine().upload(file, [makeFile('a.txt', 1)])).rejects.toThrow('Invalid destination folder');
    expect(requests).toEqual([]);
  });

  it('asks for a new name for each invalid name, makes it unique among the siblings, and skips on "skip"', async () => {
    const asked: InvalidNameRequest[] = [];
    answer('PUT', `${FILES_PATH}/ok%20(1).txt`, [201]);
    answer('PUT', `${FILES_PATH}/ok.txt`, [201]);
    const engine = testEngine({
      listFolder: async () => [],
      decisions: {
        resolveInvalidName: async (request) => {
          asked.push(request);
          return request.name === '.htaccess' ? 'ok.txt' : 'skip';
        },
      },
    });
    const result = await engine.upload(HOME, [makeFile('.htaccess', 1), makeFile('notes.part', 1), makeFile('ok.txt', 1)]);
    expect(asked.map((a) => [a.name, a.error.reason, a.error.segment])).toEqual([
      ['.htaccess', 'reserved-name', '.htaccess'],
      ['notes.part', 'extension', '.part'],
    ]);
    expect(asked[0]?.siblings).toContain('ok.txt');
    expect(requests.map((r) => r.path).sort()).toEqual([`${FILES_PATH}/ok (1).txt`, `${FILES_PATH}/ok.txt`]);
    expect(result.skipped).toEqual(['/notes.part']);
  });

  it('without an invalid-name decision, invalid names are skipped', async () => {
    const result = await testEngine().upload(HOME, [makeFile('a\\b.txt', 1)]);
    expect(result).toMatchObject({ skipped: ['/a\\b.txt'], items: [] });
    expect(requests).toEqual([]);
  });

  it('resolves conflicts per folder level: keep both renames, keep existing skips, keep new merges folders with a recursive question', async () => {
    const listed: string[] = [];
    const asked: ConflictRequest[] = [];
    const engine = testEngine({
      listFolder: async (folder) => {
        listed.push(folder.source);
        if (folder.source === FILES) return [node('a.txt', 'file'), node('b.txt', 'file'), node('Photos', 'folder'), node('other', 'file')];
        return [node('x.jpg', 'file', `${FILES}/Photos`)];
      },
      decisions: {
        resolveConflicts: async (request): Promise<ConflictDecision> => {
          asked.push(request);
          return request.recursive ? { 'x.jpg': 'keep-new' } : { 'a.txt': 'keep-both', Photos: 'keep-new' };
        },
      },
    });
    answer('PUT', `${FILES_PATH}/a%20(1).txt`, [201]);
    answer('PUT', `${FILES_PATH}/c.txt`, [201]);
    answer('MKCOL', `${FILES_PATH}/Photos`, [405]);
    answer('PUT', `${FILES_PATH}/Photos/x.jpg`, [204]);
    answer('PUT', `${FILES_PATH}/Photos/y.jpg`, [201]);
    const photos = createUploadFolder('/Photos', [makeFile('x.jpg', 2), makeFile('y.jpg', 2)]);
    const result = await engine.upload(HOME, [makeFile('a.txt', 1), makeFile('b.txt', 1), makeFile('c.txt', 1), photos]);

    expect(asked).toHaveLength(2);
    expect(asked[0]).toMatchObject({ dirname: '', recursive: false });
    expect(asked[0]?.incoming.map((i) => [i.name, i.isFolder, i.size])).toEqual([
      ['a.txt', false, 1],
      ['b.txt', false, 1],
      ['Photos', true, 4],
    ]);
    expect(asked[0]?.existing.map((n) => n.basename)).toEqual(['a.txt', 'b.txt', 'Photos']);
    expect(asked[0]?.content).toHaveLength(4);
    expect(asked[1]).toMatchObject({ dirname: 'Photos', recursive: true, destination: { source: `${FILES}/Photos`, path: '/Photos' } });
    expect(listed).toEqual([FILES, `${FILES}/Photos`]);
    expect(requests.map((r) => `${r.method} ${r.path.slice(FILES_PATH.length)}`).sort()).toEqual([
      'MKCOL /Photos',
      'PUT /Photos/x.jpg',
      'PUT /Photos/y.jpg',
      'PUT /a (1).txt',
      'PUT /c.txt',
    ]);
    expect(result.skipped).toEqual(['/b.txt']);
  });

  it('"Cancel the entire operation" uploads nothing and ends the batch cancelled', async () => {
    const engine = testEngine({
      listFolder: async () => [node('a.txt', 'file')],
      decisions: { resolveConflicts: async () => 'cancel' },
    });
    const result = await engine.upload(HOME, [makeFile('a.txt', 1), makeFile('b.txt', 1)]);
    expect(requests).toEqual([]);
    expect(result).toMatchObject({ cancelled: true, items: [] });
    expect(engine.getState().items[result.batchId as string]).toMatchObject({ status: 'failed', cancelled: true });
  });

  it('without a conflict decision, files overwrite and folders merge', async () => {
    answer('PUT', `${FILES_PATH}/a.txt`, [204]);
    const result = await testEngine({ listFolder: async () => [node('a.txt', 'file')] }).upload(HOME, [makeFile('a.txt', 1)]);
    expect(result.items[0]?.status).toBe('finished');
  });
});
