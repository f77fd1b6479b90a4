import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestServer } from './helpers';
import { ADMIN, request, startTestServer } from './helpers';

const FILES = '/remote.php/dav/files/admin';
const NAMESPACES = 'xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns" xmlns:x="urn:example"';

describe('PROPPATCH of oc:favorite and dead properties, and COPY keeping them', () => {
  let server: TestServer;
  const dav = (method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Response> =>
    request(server, FILES + path, { method, headers: { authorization: ADMIN, ...headers }, ...(body !== undefined ? { body } : {}) });
  const proppatch = (path: string, inner: string): Promise<Response> =>
    dav('PROPPATCH', path, { 'content-type': 'application/xml' }, `<?xml version="1.0"?><d:propertyupdate ${NAMESPACES}>${inner}</d:propertyupdate>`);
  const props = async (path: string, names: string): Promise<string> =>
    (await dav('PROPFIND', path, { depth: '0' }, `<?xml version="1.0"?><d:propfind ${NAMESPACES}><d:prop>${names}</d:prop></d:propfind>`)).text();
  /** The stored `x:color` dead property (serialised as stored: `<color xmlns="urn:example">…</color>`). */
  const color = async (path: string): Promise<string | undefined> => /<color xmlns="urn:example">([^<]*)<\/color>/.exec(await props(path, '<x:color/>'))?.[1];
  const favorite = async (path: string): Promise<string | undefined> => /<oc:favorite>(\d)<\/oc:favorite>/.exec(await props(path, '<oc:favorite/>'))?.[1];

  beforeAll(async () => {
    server = await startTestServer();
    expect((await dav('PUT', '/note.txt', {}, 'hello')).status).toBe(201);
  });
  afterAll(() => server.stop());

  it("takes 'true' and '1' as favorite, 'false' and '0' as not, and a remove as not", async () => {
    for (const [value, expected] of [['true', '1'], ['false', '0'], ['1', '1'], ['0', '0'], ['TRUE', '1']] as const) {
      const response = await proppatch('/note.txt', `<d:set><d:prop><oc:favorite>${value}</oc:favorite></d:prop></d:set>`);
      expect(response.status).toBe(207);
      expect(await response.text()).toContain('HTTP/1.1 200 OK');
      expect(await favorite('/note.txt')).toBe(expected);
    }
    const removed = await proppatch('/note.txt', '<d:remove><d:prop><oc:favorite/></d:prop></d:remove>');
    expect(await removed.text()).toMatch(/<oc:favorite\/><\/d:prop><d:status>HTTP\/1.1 200 OK/);
    expect(await favorite('/note.txt')).toBe('0');
  });

  it('refuses any other favorite value, changing nothing (the other properties fail with 424)', async () => {
    await proppatch('/note.txt', '<d:set><d:prop><oc:favorite>1</oc:favorite></d:prop></d:set>');
    const response = await proppatch('/note.txt', '<d:set><d:prop><x:color>red</x:color><oc:favorite>yes</oc:favorite></d:prop></d:set>');
    const xml = await response.text();
    expect(xml).toMatch(/<oc:favorite\/><\/d:prop><d:status>HTTP\/1.1 409 Conflict/);
    expect(xml).toContain('<x:color xmlns:x="urn:example"/></d:prop><d:status>HTTP/1.1 424 Failed Dependency');
    expect(await favorite('/note.txt')).toBe('1');
    expect(await color('/note.txt')).toBeUndefined();
  });

  it('sets dead properties, the favorite and the mtime together', async () => {
    const response = await proppatch(
      '/note.txt',
      '<d:set><d:prop><x:color>blue</x:color><oc:favorite>0</oc:favorite><d:getlastmodified>Sun, 13 Sep 2020 12:26:40 GMT</d:getlastmodified></d:prop></d:set>',
    );
    expect(response.status).toBe(207);
    const xml = await props('/note.txt', '<x:color/><oc:favorite/><d:getlastmodified/>');
    expect(xml).toContain('<color xmlns="urn:example">blue</color>');
    expect(xml).toContain('<oc:favorite>0</oc:favorite>');
    expect(xml).toContain('<d:getlastmodified>Sun, 13 Sep 2020 12:26:40 GMT</d:getlastmodified>');
  });

  it('copies the dead properties of every node of a copied folder', async () => {
    expect((await dav('MKCOL', '/Album')).status).toBe(201);
    expect((await dav('MKCOL', '/Album/Inner')).status).toBe(201);
    expect((await dav('PUT', '/Album/Inner/photo.txt', {}, 'x')).status).toBe(201);
    await proppatch('/Album', '<d:set><d:prop><x:color>top</x:color></d:prop></d:set>');
    await proppatch('/Album/Inner', '<d:set><d:prop><x:color>inner</x:color></d:prop></d:set>');
    await proppatch('/Album/Inner/photo.txt', '<d:set><d:prop><x:color>leaf</x:color></d:prop></d:set>');
    expect((await dav('COPY', '/Album', { destination: `${FILES}/Copy` })).status).toBe(201);
    expect(await color('/Copy')).toBe('top');
    expect(await color('/Copy/Inner')).toBe('inner');
    expect(await color('/Copy/Inner/photo.txt')).toBe('leaf');
    // A Depth 0 copy makes the folder alone, with its own properties only.
    expect((await dav('COPY', '/Album', { destination: `${FILES}/Shallow`, depth: '0' })).status).toBe(201);
    expect(await color('/Shallow')).toBe('top');
    expect((await dav('PROPFIND', '/Shallow/Inner', { depth: '0' })).status).toBe(404);
  });
});
