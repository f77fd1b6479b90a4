import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestServer } from './helpers';
import { ADMIN, request, startTestServer } from './helpers';

const FILES = '/remote.php/dav/files/admin';

describe('WebDAV methods answered as Nextcloud (Sabre) answers them', () => {
  let server: TestServer;
  const dav = (method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Response> =>
    request(server, FILES + path, { method, headers: { authorization: ADMIN, ...headers }, ...(body !== undefined ? { body } : {}) });

  beforeAll(async () => {
    server = await startTestServer();
    expect((await dav('MKCOL', '/Docs')).status).toBe(201);
  });
  afterAll(() => server.stop());

  it('advertises only the DAV classes it implements (no extended-mkcol, no checksum updates)', async () => {
    const response = await dav('OPTIONS', '/');
    expect(response.status).toBe(200);
    expect(response.headers.get('dav')).toBe('1, 2, 3');
    // What extended-mkcol would promise: MKCOL with a body. It is refused.
    expect((await dav('MKCOL', '/WithBody', { 'content-type': 'application/xml' }, '<d:mkcol xmlns:d="DAV:"/>')).status).toBe(415);
  });

  it('answers HEAD on a folder with 200 and no body, GET with 501 as Sabre does', async () => {
    const head = await dav('HEAD', '/Docs');
    expect(head.status).toBe(200);
    expect(head.headers.get('x-sabre-real-status')).toBe('501');
    expect(await head.text()).toBe('');
    expect((await dav('HEAD', '/')).status).toBe(200);
    const get = await dav('GET', '/Docs');
    expect(get.status).toBe(501);
    expect(await get.text()).toContain('<s:message>GET is only implemented on File objects</s:message>');
    expect((await dav('HEAD', '/Missing')).status).toBe(404);
  });
});

/**
 * Range reads as a browser's video player makes them (a first `bytes=0-`, then a seek far into
 * the file), on whichever storage the suite runs on (also on S3: tests/scale/mode-suites.ts).
 */
describe('GET with Range, as a video player seeks', () => {
  let server: TestServer;
  const body = Buffer.alloc(6 * 1024 * 1024);
  for (let i = 0; i < body.length; i += 4) body.writeUInt32BE(i, i);
  let etag = '';
  let lastModified = '';
  const get = (headers: Record<string, string>): Promise<Response> => request(server, `${FILES}/video.mp4`, { headers: { authorization: ADMIN, ...headers } });
  const bytes = async (response: Response): Promise<Buffer> => Buffer.from(await response.arrayBuffer());

  beforeAll(async () => {
    server = await startTestServer();
    const put = await request(server, `${FILES}/video.mp4`, { method: 'PUT', headers: { authorization: ADMIN }, body: new Uint8Array(body) });
    expect(put.status).toBe(201);
    const head = await request(server, `${FILES}/video.mp4`, { method: 'HEAD', headers: { authorization: ADMIN } });
    etag = head.headers.get('etag') ?? '';
    lastModified = head.headers.get('last-modified') ?? '';
    expect(etag).toMatch(/^"/);
  });
  afterAll(() => server.stop());

  it('answers an open range from the start and a seek into the middle with 206 and exactly those bytes', async () => {
    const first = await get({ range: 'bytes=0-' });
    expect(first.status).toBe(206);
    expect(first.headers.get('accept-ranges')).toBe('bytes');
    expect(first.headers.get('content-range')).toBe(`bytes 0-${body.length - 1}/${body.length}`);
    expect((await bytes(first)).equals(body)).toBe(true);
    const middle = body.length / 2 + 3;
    const seek = await get({ range: `bytes=${middle}-${middle + 70_000}` });
    expect(seek.status).toBe(206);
    expect(seek.headers.get('content-length')).toBe('70001');
    expect(seek.headers.get('content-type')).toBe('video/mp4');
    expect((await bytes(seek)).equals(body.subarray(middle, middle + 70_001))).toBe(true);
    const tail = await get({ range: `bytes=${middle}-` });
    expect(tail.headers.get('content-range')).toBe(`bytes ${middle}-${body.length - 1}/${body.length}`);
    expect((await bytes(tail)).equals(body.subarray(middle))).toBe(true);
  });

  it('answers a suffix range with the last bytes, and one longer than the file with the whole file as 206', async () => {
    const suffix = await get({ range: 'bytes=-1000' });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get('content-range')).toBe(`bytes ${body.length - 1000}-${body.length - 1}/${body.length}`);
    expect((await bytes(suffix)).equals(body.subarray(body.length - 1000))).toBe(true);
    const longer = await get({ range: `bytes=-${body.length * 2}` });
    expect(longer.status).toBe(206);
    expect(longer.headers.get('content-range')).toBe(`bytes 0-${body.length - 1}/${body.length}`);
    expect((await bytes(longer)).length).toBe(body.length);
  });

  it('answers several ranges with the whole file (200), as Sabre does, and an unsatisfiable one with 416', async () => {
    const several = await get({ range: 'bytes=0-9,100-109' });
    expect(several.status).toBe(200);
    expect(several.headers.get('content-range')).toBeNull();
    expect((await bytes(several)).equals(body)).toBe(true);
    const past = await get({ range: `bytes=${body.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${body.length}`);
    await past.arrayBuffer();
  });

  it("applies If-Range only on a strong match of the ETag or of the exact Last-Modified date (RFC 9110 §13.1.5), else sends the whole file", async () => {
    const matching = await get({ range: 'bytes=10-19', 'if-range': etag });
    expect(matching.status).toBe(206);
    expect((await bytes(matching)).equals(body.subarray(10, 20))).toBe(true);
    const date = await get({ range: 'bytes=10-19', 'if-range': lastModified });
    expect(date.status).toBe(206);
    await date.arrayBuffer();
    for (const stale of ['"another-etag"', `W/${etag}`, new Date(Date.parse(lastModified) + 3600_000).toUTCString(), new Date(Date.parse(lastModified) - 3600_000).toUTCString()]) {
      const whole = await get({ range: 'bytes=10-19', 'if-range': stale });
      expect([stale, whole.status]).toEqual([stale, 200]);
      expect((await bytes(whole)).length).toBe(body.length);
    }
  });

  it('tells the range on HEAD as on GET, without a body', async () => {
    const head = await request(server, `${FILES}/video.mp4`, { method: 'HEAD', headers: { authorization: ADMIN, range: 'bytes=100-199' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 100-199/${body.length}`);
    expect(head.headers.get('content-length')).toBe('100');
  });
});
