/** @jest-environment node */
import { describe, expect, it, jest } from '@jest/globals';
import nock from 'nock';
import { answer, FILES_PATH, HOME, makeFile, MiB, ORIGIN, requests, resetRecords, sleeps, testEngine, UPLOADS_PATH, useNock } from './engine.test-support';

// Megabytes of chunks go through nock as hex text: slow on a busy machine.
jest.setTimeout(60_000);

const WORKSPACE = `${UPLOADS_PATH}/web-file-upload-0000000000000001`;

describe('upload engine: retries (product §9)', () => {
  useNock();

  it('retries a 5xx PUT with exponential backoff from 1000 ms', async () => {
    answer('PUT', `${FILES_PATH}/a.txt`, [503], 2);
    answer('PUT', `${FILES_PATH}/a.txt`, [201]);
    const result = await testEngine().upload(HOME, [makeFile('a.txt', 10)]);
    expect(sleeps).toEqual([1000, 2000]);
    expect(requests).toHaveLength(3);
    expect(result.items[0]?.status).toBe('finished');
  });

  it('honours Retry-After (seconds) when it asks for longer than the backoff, also on 429', async () => {
    answer('PUT', `${FILES_PATH}/a.txt`, [429, '', { 'retry-after': '7' }]);
    answer('PUT', `${FILES_PATH}/a.txt`, [503, '', { 'retry-after': '1' }]);
    answer('PUT', `${FILES_PATH}/a.txt`, [201]);
    await testEngine().upload(HOME, [makeFile('a.txt', 10)]);
    expect(sleeps).toEqual([7000, 2000]);
  });

  it('gives up after 5 retries with the last status as the error', async () => {
    answer('PUT', `${FILES_PATH}/a.txt`, [502], 6);
    const result = await testEngine().upload(HOME, [makeFile('a.txt', 10)]);
    expect(sleeps).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(requests).toHaveLength(6);
    expect(result.items[0]).toMatchObject({ status: 'failed', error: { code: 'status', status: 502, detail: 'Failed uploading the file' } });
  });

  it('retries network errors, and fails with status 0 ("unknown") when they go on', async () => {
    nock(ORIGIN).put(`${FILES_PATH}/a.txt`).times(6).replyWithError({ code: 'ECONNRESET', message: 'socket hang up' });
    const result = await testEngine().upload(HOME, [makeFile('a.txt', 10)]);
    expect(sleeps).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(result.items[0]).toMatchObject({ status: 'failed', error: { code: 'unknown', status: 0 } });
  });

  it('does not retry 4xx answers, nor a 507', async () => {
    answer('PUT', `${FILES_PATH}/a.txt`, [404]);
    answer('PUT', `${FILES_PATH}/b.txt`, [507]);
    answer('PUT', `${FILES_PATH}/c.txt`, [403]);
    const result = await testEngine().upload(HOME, [makeFile('a.txt', 10), makeFile('b.txt', 10), makeFile('c.txt', 10)]);
    expect(sleeps).toEqual([]);
    expect(result.items.map((item) => item.error?.code)).toEqual(['target-missing', 'no-space', 'forbidden']);
  });

  it('retries the workspace MKCOL on 5xx (its random name makes a repeat harmless) and takes a 405 after a lost answer as created', async () => {
    answer('MKCOL', WORKSPACE, [503]);
    nock(ORIGIN).intercept(WORKSPACE, 'MKCOL').replyWithError({ code: 'ECONNRESET', message: 'lost' });
    answer('MKCOL', WORKSPACE, [405]);
    answer('PUT', new RegExp(`^${WORKSPACE}/\\d+$`), [201], 2);
    answer('MOVE', `${WORKSPACE}/.file`, [201]);
    const result = await testEngine().upload(HOME, [makeFile('big.bin', 6 * MiB)]);
    expect(sleeps).toEqual([1000, 2000]);
    expect(result.items[0]?.status).toBe('finished');
  });

  it('does not retry a 5xx MOVE (not idempotent), but a network error on it', async () => {
    answer('MKCOL', WORKSPACE, [201]);
    answer('PUT', new RegExp(`^${WORKSPACE}/\\d+$`), [201], 2);
    nock(ORIGIN).intercept(`${WORKSPACE}/.file`, 'MOVE').replyWithError({ code: 'ECONNREFUSED', message: 'refused' });
    answer('MOVE', `${WORKSPACE}/.file`, [500]);
    const result = await testEngine().upload(HOME, [makeFile('big.bin', 6 * MiB)]);
    expect(sleeps).toEqual([1000]);
    expect(requests.filter((r) => r.method === 'MOVE')).toHaveLength(1);
    // A 5xx is the server's trouble: the workspace is kept for a later retry.
    expect(result.items[0]).toMatchObject({ status: 'failed', resumable: true, error: { code: 'status', status: 500, stage: 'assemble' } });
  });

  it('a MOVE whose answer was lost and whose retry finds no workspace counts as done when the destination has the full size', async () => {
    answer('MKCOL', WORKSPACE, [201]);
    answer('PUT', new RegExp(`^${WORKSPACE}/\\d+$`), [201], 2);
    nock(ORIGIN).intercept(`${WORKSPACE}/.file`, 'MOVE').replyWithError({ code: 'ECONNRESET', message: 'server died' });
    answer('MOVE', `${WORKSPACE}/.file`, [404]);
    const listing = (size: number) =>
      `<d:multistatus xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:response><d:href>${FILES_PATH}/big.bin</d:href><d:propstat><d:prop><d:getcontentlength>${size}</d:getcontentlength><oc:fileid>321</oc:fileid></d:prop></d:propstat></d:response></d:multistatus>`;
    answer('PROPFIND', `${FILES_PATH}/big.bin`, [207, listing(6 * MiB)]);
    const [done] = (await testEngine().upload(HOME, [makeFile('big.bin', 6 * MiB)])).items;
    expect(done).toMatchObject({ status: 'finished', fileid: 321 });
    expect(requests.at(-1)).toMatchObject({ method: 'PROPFIND', headers: { depth: '0' } });

    resetRecords();
    answer('MKCOL', `${UPLOADS_PATH}/web-file-upload-0000000000000001`, [201]);
    answer('PUT', new RegExp(`^${WORKSPACE}/\\d+$`), [201], 2);
    nock(ORIGIN).intercept(`${WORKSPACE}/.file`, 'MOVE').replyWithError({ code: 'ECONNRESET', message: 'server died' });
    answer('MOVE', `${WORKSPACE}/.file`, [404]);
    answer('PROPFIND', `${FILES_PATH}/big.bin`, [207, listing(12)]);
    const [failed] = (await testEngine().upload(HOME, [makeFile('big.bin', 6 * MiB)])).items;
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'target-missing', stage: 'assemble' } });
  });

  it('retries a chunk on its own: the others are not sent again', async () => {
    answer('MKCOL', WORKSPACE, [201]);
    answer('PUT', `${WORKSPACE}/1`, [201]);
    answer('PUT', `${WORKSPACE}/2`, [500]);
    answer('PUT', `${WORKSPACE}/2`, [201]);
    answer('PUT', `${WORKSPACE}/3`, [201]);
    answer('MOVE', `${WORKSPACE}/.file`, [201]);
    const result = await testEngine().upload(HOME, [makeFile('big.bin', 12 * MiB)]);
    const puts = requests.filter((r) => r.method === 'PUT').map((r) => r.path.slice(-1)).sort();
    expect(puts).toEqual(['1', '2', '2', '3']);
    expect(result.items[0]?.status).toBe('finished');
  });
});
