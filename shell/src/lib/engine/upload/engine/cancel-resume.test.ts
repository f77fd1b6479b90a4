/** @jest-environment node */
import { describe, expect, it, jest } from '@jest/globals';
import nock from 'nock';
import { answer, FILES, FILES_PATH, HOME, makeFile, MiB, MTIME, ORIGIN, requests, resetRecords, testEngine, UPLOADS, UPLOADS_PATH, useNock } from './engine.test-support';
import { createMemoryJournal } from './journal';
import type { UnfinishedUpload } from './types';

// Megabytes of chunks go through nock as hex text: slow on a busy machine.
jest.setTimeout(60_000);

const WORKSPACE = `${UPLOADS_PATH}/web-file-upload-0000000000000001`;
const oneAtATime = { files: { chunked_upload: { max_parallel_count: 1 } } };
const chunkPuts = (workspace = WORKSPACE) =>
  requests.filter((r) => r.method === 'PUT' && r.path.startsWith(`${workspace}/`)).map((r) => Number(r.path.slice(workspace.length + 1)));

/** A PROPFIND multistatus listing the workspace and chunks of the given sizes. */
function chunkListing(workspace: string, chunks: Record<number, number>): string {
  const entry = (href: string, props: string) =>
    `<d:response><d:href>${href}</d:href><d:propstat><d:prop>${props}</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>`;
  return (
    '<?xml version="1.0"?><d:multistatus xmlns:d="DAV:">' +
    entry(`${workspace}/`, '<d:resourcetype><d:collection/></d:resourcetype>') +
    Object.entries(chunks)
      .map(([n, size]) => entry(`${workspace}/${n}`, `<d:resourcetype/><d:getcontentlength>${size}</d:getcontentlength>`))
      .join('') +
    '</d:multistatus>'
  );
}

const tick = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

describe('upload engine: cancel and resume', () => {
  useNock();

  it('cancel aborts a running PUT: the item is cancelled, then settles failed with its cancelled mark', async () => {
    nock(ORIGIN).put(`${FILES_PATH}/a.txt`).delay(10_000).reply(201);
    const engine = testEngine();
    const statuses: string[] = [];
    engine.subscribe((state) => {
      const item = Object.values(state.items)[0];
      if (item && statuses.at(-1) !== item.status) statuses.push(item.status);
    });
    const done = engine.upload(HOME, [makeFile('a.txt', 100)]);
    await tick();
    const id = engine.getState().order[0] as string;
    engine.cancel(id);
    expect(engine.getState().items[id]?.status).toBe('cancelled');
    const result = await done;
    expect(result.items[0]).toMatchObject({ status: 'failed', cancelled: true, error: { code: 'cancelled' } });
    expect(statuses).toEqual(['uploading', 'cancelled', 'failed']);
  });

  it('cancelling a chunked upload stops its chunks, deletes the workspace and forgets the journal record', async () => {
    const journal = createMemoryJournal();
    answer('MKCOL', WORKSPACE, [201]);
    nock(ORIGIN).put(`${WORKSPACE}/1`).delay(10_000).reply(201);
    answer('DELETE', WORKSPACE, [204]);
    const engine = testEngine({ journal, capabilities: oneAtATime });
    const done = engine.upload(HOME, [makeFile('big.bin', 12 * MiB)]);
    await tick(100);
    expect(await journal.list()).toHaveLength(1);
    engine.cancelAll();
    const result = await done;
    expect(result.items[0]).toMatchObject({ status: 'failed', cancelled: true });
    expect(requests.map((r) => r.method)).toEqual(['MKCOL', 'DELETE']);
    expect(await journal.list()).toEqual([]);
  });

  it('an upload signal cancels the whole batch', async () => {
    nock(ORIGIN).put(`${FILES_PATH}/a.txt`).delay(10_000).reply(201);
    nock(ORIGIN).put(`${FILES_PATH}/b.txt`).delay(10_000).reply(201);
    const controller = new AbortController();
    const engine = testEngine();
    const done = engine.upload(HOME, [makeFile('a.txt', 1), makeFile('b.txt', 1)], { signal: controller.signal });
    // Queueing runs in time slices: on a busy machine the items may take more than a tick to exist.
    const queued = () => Object.values(engine.getState().items).filter((item) => item.kind !== 'batch').length;
    for (let waited = 0; queued() < 2 && waited < 5000; waited += 10) await tick(10);
    controller.abort();
    const result = await done;
    expect(result.items.map((item) => [item.status, item.cancelled])).toEqual([
      ['failed', true],
      ['failed', true],
    ]);
    expect(engine.getState().items[result.batchId as string]).toMatchObject({ kind: 'batch', status: 'failed', cancelled: true });
  });

  it('keeps the workspace when the network fails for good, and retry() sends only the chunks the server does not hold', async () => {
    const journal = createMemoryJournal();
    answer('MKCOL', WORKSPACE, [201]);
    answer('PUT', `${WORKSPACE}/1`, [201]);
    nock(ORIGIN).put(`${WORKSPACE}/2`).times(6).replyWithError({ code: 'ECONNREFUSED', message: 'down' });
    const engine = testEngine({ journal, capabilities: oneAtATime });
    const [failed] = (await engine.upload(HOME, [makeFile('big.bin', 12 * MiB)])).items;
    expect(failed).toMatchObject({ status: 'failed', resumable: true, chunksUploaded: 1, error: { code: 'unknown' } });
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    expect(await engine.listUnfinished()).toEqual([]); // still held by this engine: retry() is the way
    expect(await journal.list()).toHaveLength(1);

    resetRecords();
    answer('PROPFIND', WORKSPACE, [207, chunkListing(WORKSPACE, { 1: 5 * MiB })]);
    answer('PUT', new RegExp(`^${WORKSPACE}/\\d+$`), [201], 2);
    answer('MOVE', `${WORKSPACE}/.file`, [201]);
    const retried = await engine.retry(failed?.id as string);
    expect(requests[0]).toMatchObject({ method: 'PROPFIND', headers: { depth: '1' } });
    expect(chunkPuts().sort()).toEqual([2, 3]);
    expect(retried).toMatchObject({ status: 'finished', chunksUploaded: 3, uploaded: 12 * MiB });
    expect(await journal.list()).toEqual([]);
  });

  it('cancelling a failed upload kept for a retry gives up its workspace', async () => {
    const journal = createMemoryJournal();
    answer('MKCOL', WORKSPACE, [201]);
    nock(ORIGIN).put(`${WORKSPACE}/1`).times(6).reply(503);
    const engine = testEngine({ journal, capabilities: oneAtATime });
    const [failed] = (await engine.upload(HOME, [makeFile('big.bin', 12 * MiB)])).items;
    expect(failed).toMatchObject({ status: 'failed', resumable: true });
    answer('DELETE', WORKSPACE, [204]);
    engine.cancel(failed?.id as string);
    while (requests.at(-1)?.method !== 'DELETE' || (await journal.list()).length > 0) await tick(10);
    expect(requests.at(-1)).toMatchObject({ method: 'DELETE', path: WORKSPACE });
    expect(engine.getState().items[failed?.id as string]?.resumable).toBe(false);
    expect(await journal.list()).toEqual([]);
  });

  describe('after a reload', () => {
    const record: UnfinishedUpload = {
      id: 'web-file-upload-00000000000000aa',
      workspace: `${UPLOADS}/web-file-upload-00000000000000aa`,
      destination: `${FILES}/Movies/big%20one.bin`,
      name: 'big one.bin',
      size: 12 * MiB,
      lastModified: MTIME,
      type: 'application/octet-stream',
      chunkSize: 5 * MiB,
      startedAt: MTIME,
    };
    const oldWorkspace = `${UPLOADS_PATH}/web-file-upload-00000000000000aa`;

    it('lists the unfinished uploads and continues one from the stored chunks (a short chunk is sent again)', async () => {
      const journal = createMemoryJournal();
      await journal.put(record);
      const engine = testEngine({ journal });
      expect(await engine.listUnfinished()).toEqual([record]);
      answer('PROPFIND', oldWorkspace, [207, chunkListing(oldWorkspace, { 1: 5 * MiB, 2: 3 * MiB })]);
      answer('PUT', new RegExp(`^${oldWorkspace}/\\d+$`), [201], 2);
      answer('MOVE', `${oldWorkspace}/.file`, [201, '', { 'oc-fileid': '9' }]);
      const item = await engine.resumeUnfinished(record, makeFile('big one.bin', 12 * MiB));
      expect(chunkPuts(oldWorkspace).sort()).toEqual([2, 3]);
      expect(requests.find((r) => r.method === 'MOVE')?.headers.destination).toBe(`${FILES}/Movies/big%20one.bin`);
      expect(item).toMatchObject({ status: 'finished', name: 'big one.bin', destination: `${FILES}/Movies`, fileid: 9 });
      expect(await journal.list()).toEqual([]);
    });

    it('starts over in a new workspace when the old one expired', async () => {
      const journal = createMemoryJournal();
      await journal.put(record);
      answer('PROPFIND', oldWorkspace, [404]);
      answer('MKCOL', WORKSPACE, [201]);
      answer('PUT', new RegExp(`^${WORKSPACE}/\\d+$`), [201], 3);
      answer('MOVE', `${WORKSPACE}/.file`, [201]);
      const item = await testEngine({ journal }).resumeUnfinished(record, makeFile('big one.bin', 12 * MiB));
      expect(chunkPuts().sort()).toEqual([1, 2, 3]);
      expect(item.status).toBe('finished');
      expect(await journal.list()).toEqual([]);
    });

    it('refuses a file that is not the one being uploaded (name, size or modification time), sending nothing', async () => {
      const journal = createMemoryJournal();
      await journal.put(record);
      const engine = testEngine({ journal });
      await expect(engine.resumeUnfinished(record, makeFile('big one.bin', 12 * MiB, { lastModified: MTIME + 1000 }))).rejects.toMatchObject({
        code: 'resume-mismatch',
        mismatched: ['lastModified'],
        message: expect.stringContaining('The selected file is not the one that was being uploaded'),
      });
      await expect(engine.resumeUnfinished(record, makeFile('other.bin', 1))).rejects.toMatchObject({ mismatched: ['name', 'size'] });
      expect(requests).toEqual([]);
      expect(await journal.list()).toEqual([record]);
    });

    it('discardUnfinished deletes the workspace and the record', async () => {
      const journal = createMemoryJournal();
      await journal.put(record);
      answer('DELETE', oldWorkspace, [204]);
      await testEngine({ journal }).discardUnfinished(record);
      expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE ${oldWorkspace}`]);
      expect(await journal.list()).toEqual([]);
    });
  });
});
