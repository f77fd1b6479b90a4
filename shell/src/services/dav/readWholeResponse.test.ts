import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fetchReadWhole } from './readWholeResponse';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('fetchReadWhole (the webdav client’s fetch)', () => {
  it('reads the answer to its end before handing on an equal response', async () => {
    const answered = new Response('', { status: 201, statusText: 'Created', headers: { 'OC-FileId': '00000002oc' } });
    globalThis.fetch = jest.fn(async () => answered) as typeof fetch;
    const response = await fetchReadWhole('https://cloud.example/remote.php/dav/files/alice/New', { method: 'MKCOL' });
    // The browser's own response was read (else it cancels the finished request: net::ERR_ABORTED).
    expect(answered.bodyUsed).toBe(true);
    expect([response.status, response.statusText, response.headers.get('oc-fileid')]).toEqual([201, 'Created', '00000002oc']);
    expect(globalThis.fetch).toHaveBeenCalledWith('https://cloud.example/remote.php/dav/files/alice/New', { method: 'MKCOL' });
  });

  it('keeps a body for the client to read, and none for a status without one', async () => {
    globalThis.fetch = jest.fn(async () => new Response('<d:multistatus/>', { status: 207 })) as typeof fetch;
    await expect((await fetchReadWhole('https://cloud.example/x')).text()).resolves.toBe('<d:multistatus/>');
    const noContent = new Response(null, { status: 204 });
    globalThis.fetch = jest.fn(async () => noContent) as typeof fetch;
    const response = await fetchReadWhole('https://cloud.example/x', { method: 'DELETE' });
    expect([response.status, response.body]).toEqual([204, null]);
  });

  it('passes a failure to connect on', async () => {
    globalThis.fetch = jest.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    await expect(fetchReadWhole('https://cloud.example/x')).rejects.toThrow('Failed to fetch');
  });
});
