/** @jest-environment node */
import { describe, expect, it, jest } from '@jest/globals';
import { answer, FILES_PATH, HOME, makeFile, requests, testEngine, useNock } from './engine.test-support';

// Megabytes of chunks go through nock as hex text: slow on a busy machine.
jest.setTimeout(60_000);

describe('upload engine: plain uploads', () => {
  useNock();

  it('PUTs a small file with X-OC-Mtime in seconds and its Content-Type, and records the new file id', async () => {
    answer('PUT', `${FILES_PATH}/notes.txt`, [201, '', { 'oc-fileid': '00000042ocabc123', etag: '"e1"' }]);
    const engine = testEngine({ headers: { requesttoken: 'tok' } });
    const result = await engine.upload(HOME, [makeFile('notes.txt', 1000)]);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'PUT', path: `${FILES_PATH}/notes.txt`, length: 1000 });
    expect(requests[0]?.headers).toMatchObject({ 'x-oc-mtime': '1714557600', 'content-type': 'text/plain', requesttoken: 'tok' });
    expect(result.batchId).toBeNull();
    expect(result.items).toHaveLength(1);
    expect(result.items[0]).toMatchObject({ status: 'finished', uploaded: 1000, size: 1000, isChunked: false, chunks: 1, fileid: 42, kind: 'file' });
    expect(result.items[0]?.response?.headers['oc-fileid']).toBe('00000042ocabc123');
  });
});
