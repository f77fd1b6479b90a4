/** @jest-environment node */
import { describe, expect, it, jest } from '@jest/globals';
import { answer, FILES, FILES_PATH, HOME, makeFile, MiB, requests, resetRecords, testEngine, UPLOADS_PATH, useNock } from './engine.test-support';

// Megabytes of chunks go through nock as hex text: slow on a busy machine.
jest.setTimeout(60_000);

const WORKSPACE = `${UPLOADS_PATH}/web-file-upload-0000000000000001`;
const oneAtATime = { files: { chunked_upload: { max_parallel_count: 1 } } };

/** Chunk PUTs made, by number. */
const chunkPuts = () => requests.filter((r) => r.method === 'PUT' && r.path.startsWith(WORKSPACE)).map((r) => Number(r.path.slice(WORKSPACE.length + 1)));

describe('upload engine: chunked uploads (product §7, §9)', () => {
  useNock();

  it('creates the workspace, PUTs chunks 1..N and MOVEs .file, with the headers of product §7', async () => {
    answer('MKCOL', WORKSPACE, [201]);
    answer('PUT', new RegExp(`^${WORKSPACE}/\\d+$`), [201], 3);
    answer('MOVE', `${WORKSPACE}/.file`, [201, '', { 'oc-fileid': '77' }]);
    const engine = testEngine({ headers: { requesttoken: 'tok' } });
    const result = await engine.upload(HOME, [makeFile('big.bin', 12 * MiB, { type: 'application/x-thing' })]);

    expect(requests.map((r) => r.method)).toEqual(['MKCOL', 'PUT', 'PUT', 'PUT', 'MOVE']);
    expect(requests[0]?.headers).toMatchObject({ destination: `${FILES}/big.bin`, requesttoken: 'tok' });
    const puts = requests.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.path).sort()).toEqual([`${WORKSPACE}/1`, `${WORKSPACE}/2`, `${WORKSPACE}/3`]);
    const sizes = Object.fromEntries(puts.map((r) => [r.path.slice(-1), r.length]));
    expect(sizes).toEqual({ 1: 5 * MiB, 2: 5 * MiB, 3: 2 * MiB });
    for (const put of puts) {
      expect(put.headers).toMatchObject({
        'x-oc-mtime': '1714557600',
        'oc-total-length': String(12 * MiB),
        destination: `${FILES}/big.bin`,
        'content-type': 'application/octet-stream',
        requesttoken: 'tok',
      });
    }
    expect(requests[4]?.headers).toMatchObject({ destination: `${FILES}/big.bin`, 'x-oc-mtime': '1714557600', 'oc-total-length': String(12 * MiB) });
    expect(result.items[0]).toMatchObject({ status: 'finished', isChunked: true, chunks: 3, chunksUploaded: 3, uploaded: 12 * MiB, fileid: 77 });
  });

  it('sends files below the chunk size, and everything when chunking is off (max_chunk_size ≤ 0), in one PUT', async () => {
    answer('PUT', `${FILES_PATH}/small.bin`, [201]);
    await testEngine().upload(HOME, [makeFile('small.bin', 5 * MiB - 1)]);
    answer('PUT', `${FILES_PATH}/big.bin`, [201]);
    await testEngine({ maxChunkSize: 0 }).upload(HOME, [makeFile('big.bin', 12 * MiB)]);
    expect(requests.map((r) => `${r.method} ${r.path} ${r.length}`)).toEqual([
      `PUT ${FILES_PATH}/small.bin ${5 * MiB - 1}`,
      `PUT ${FILES_PATH}/big.bin ${12 * MiB}`,
    ]);
  });

  it('cuts 10 MiB chunks when max_chunk_size is invalid, and never below 5 MiB', async () => {
    answer('MKCOL', WORKSPACE, [201]);
    answer('PUT', new RegExp(`^${WORKSPACE}/\\d+$`), [201], 2);
    answer('MOVE', `${WORKSPACE}/.file`, [201]);
    await testEngine({ maxChunkSize: 'lots' }).upload(HOME, [makeFile('a.bin', 12 * MiB)]);
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.length).sort((a, b) => a - b)).toEqual([2 * MiB, 10 * MiB]);
    resetRecords();

    answer('MKCOL', WORKSPACE, [201]);
    answer('PUT', new RegExp(`^${WORKSPACE}/\\d+$`), [201], 2);
    answer('MOVE', `${WORKSPACE}/.file`, [201]);
    await testEngine({ maxChunkSize: 1024 }).upload(HOME, [makeFile('a.bin', 6 * MiB)]);
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.length).sort((a, b) => a - b)).toEqual([1 * MiB, 5 * MiB]);
  });

  it('takes the chunk size from the capability files.chunked_upload.max_size when none is given', async () => {
    answer('MKCOL', WORKSPACE, [201]);
    answer('PUT', new RegExp(`^${WORKSPACE}/\\d+$`), [201], 2);
    answer('MOVE', `${WORKSPACE}/.file`, [201]);
    const engine = testEngine({ maxChunkSize: undefined, capabilities: { files: { chunked_upload: { max_size: 6 * MiB, max_parallel_count: 2 } } } });
    await engine.upload(HOME, [makeFile('a.bin', 7 * MiB)]);
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.length).sort((a, b) => a - b)).toEqual([1 * MiB, 6 * MiB]);
  });

  it('a journal that fails is logged and the upload goes on', async () => {
    answer('MKCOL', WORKSPACE, [201]);
    answer('PUT', new RegExp(`^${WORKSPACE}/\\d+$`), [201], 2);
    answer('MOVE', `${WORKSPACE}/.file`, [201]);
    const logged: string[] = [];
    const journal = {
      list: () => [],
      put: () => {
        throw new Error('storage full');
      },
      remove: () => undefined,
    };
    const result = await testEngine({ journal, logError: (message) => logged.push(message) }).upload(HOME, [makeFile('a.bin', 6 * MiB)]);
    expect(result.items[0]?.status).toBe('finished');
    expect(logged).toEqual(['Could not update the upload journal']);
  });

  it('a 507 on a chunk stops the remaining chunks, fails the item with "no-space" and deletes the workspace', async () => {
    answer('MKCOL', WORKSPACE, [201]);
    answer('PUT', `${WORKSPACE}/1`, [507, '<d:error xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns"><s:message>Insufficient space</s:message></d:error>']);
    answer('DELETE', WORKSPACE, [204]);
    const result = await testEngine({ capabilities: oneAtATime }).upload(HOME, [makeFile('big.bin', 12 * MiB)]);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([`MKCOL ${WORKSPACE}`, `PUT ${WORKSPACE}/1`, `DELETE ${WORKSPACE}`]);
    expect(result.items[0]).toMatchObject({ status: 'failed', error: { code: 'no-space', stage: 'chunk', status: 507 }, resumable: false });
  });

  it('another chunk error cancels the rest and fails the item with the server message', async () => {
    answer('MKCOL', WORKSPACE, [201]);
    answer('PUT', `${WORKSPACE}/1`, [201]);
    answer('PUT', `${WORKSPACE}/2`, [400, '<d:error xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns"><s:message>Chunk &amp; stuff</s:message></d:error>']);
    answer('DELETE', WORKSPACE, [204]);
    const result = await testEngine({ capabilities: oneAtATime }).upload(HOME, [makeFile('big.bin', 12 * MiB)]);
    expect(chunkPuts()).toEqual([1, 2]);
    expect(requests.at(-1)).toMatchObject({ method: 'DELETE', path: WORKSPACE });
    expect(result.items[0]).toMatchObject({ status: 'failed', chunksUploaded: 1, error: { code: 'server-message', serverMessage: 'Chunk & stuff', status: 400 } });
  });

  it('a failed assembly (MOVE) fails the item and deletes the workspace', async () => {
    answer('MKCOL', WORKSPACE, [201]);
    answer('PUT', new RegExp(`^${WORKSPACE}/\\d+$`), [201], 2);
    answer('MOVE', `${WORKSPACE}/.file`, [409]);
    answer('DELETE', WORKSPACE, [204]);
    const result = await testEngine().upload(HOME, [makeFile('big.bin', 6 * MiB)]);
    expect(requests.at(-1)).toMatchObject({ method: 'DELETE', path: WORKSPACE });
    expect(result.items[0]).toMatchObject({ status: 'failed', error: { code: 'target-missing', stage: 'assemble', detail: 'Failed assembling the chunks together' } });
  });

  it('shows the item "assembling" with every byte counted while the server joins the chunks', async () => {
    const engine = testEngine();
    answer('MKCOL', WORKSPACE, [201]);
    answer('PUT', new RegExp(`^${WORKSPACE}/\\d+$`), [201], 2);
    let seen: unknown;
    answer('MOVE', `${WORKSPACE}/.file`, () => {
      const [item] = Object.values(engine.getState().items);
      seen = { status: item?.status, uploaded: item?.uploaded, chunksUploaded: item?.chunksUploaded };
      return [201];
    });
    await engine.upload(HOME, [makeFile('big.bin', 6 * MiB)]);
    expect(seen).toEqual({ status: 'assembling', uploaded: 6 * MiB, chunksUploaded: 2 });
  });
});
