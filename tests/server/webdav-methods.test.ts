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
