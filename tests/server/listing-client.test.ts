/** @jest-environment node */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { FIRST_ROWS, fetchListing } from '../../shell/src/services/dav/propfindListing';
import type { Listing } from '../../shell/src/services/dav/propfindListing';
import type { TestServer } from './helpers';
import { ADMIN, request, startTestServer } from './helpers';

/**
 * The shell's listing reader against the real server: the compact listing it
 * negotiates makes exactly the nodes the multistatus makes (the same
 * property set, names that need escaping, dead properties, folders), and a
 * big folder hands on its first rows before the whole listing is read.
 */
const FILES = '/remote.php/dav/files/admin';
const NAMES = ['a&b <c>.txt', 'été 🎉 日本語.md', '100% #1 ?x=1.pdf', "it's (v2) [final].doc", '0012', '.hidden', 'plain'];

describe('the shell reads the compact listing into the same nodes as the multistatus', () => {
  let server: TestServer;
  const dav = (method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Response> =>
    request(server, FILES + path, { method, headers: { authorization: ADMIN, ...headers }, ...(body !== undefined ? { body } : {}) });
  /** Lists `path` as the shell does; with `xml`, the Accept header no longer asks for the compact form. */
  const list = async (path: string, xml: boolean, onFirstRows?: (listing: Listing) => void): Promise<{ listing: Listing; contentType: string }> => {
    const realFetch = globalThis.fetch;
    let contentType = '';
    jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const headers = { ...(init?.headers as Record<string, string>) };
      if (xml) headers['Accept'] = 'application/xml';
      const response = await realFetch(input, { ...init, headers });
      contentType = response.headers.get('content-type') ?? '';
      return response;
    });
    try {
      const listing = await fetchListing({ davUrl: `${server.url}/remote.php/dav`, root: '/files/admin', path: `/files/admin${path}`, headers: { authorization: ADMIN } }, onFirstRows);
      return { listing, contentType };
    } finally {
      jest.restoreAllMocks();
    }
  };

  beforeAll(async () => {
    server = await startTestServer();
    expect((await dav('MKCOL', '/Mixed')).status).toBe(201);
    for (const name of NAMES) {
      const response = name === 'plain' ? await dav('MKCOL', `/Mixed/${encodeURIComponent(name)}`) : await dav('PUT', `/Mixed/${encodeURIComponent(name)}`, {}, name);
      expect(response.status).toBe(201);
    }
    expect((await dav('PROPPATCH', `/Mixed/${encodeURIComponent('0012')}`, { 'content-type': 'application/xml' }, '<?xml version="1.0"?><d:propertyupdate xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:set><d:prop><oc:favorite>1</oc:favorite></d:prop></d:set></d:propertyupdate>')).status).toBe(207);
    expect((await dav('MKCOL', '/Big')).status).toBe(201);
    await Promise.all(Array.from({ length: FIRST_ROWS * 3 }, (_, i) => writeFile(join(server.dataDir, 'files', 'admin', 'Big', `file ${i}.txt`), String(i))));
  }, 60_000);
  afterAll(() => server.stop());
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('equal nodes either way, escaped and unicode names, favorites, folders', async () => {
    const compact = await list('/Mixed', false);
    const xml = await list('/Mixed', true);
    expect(compact.contentType).toMatch(/^application\/vnd\.cumulus\.listing\+ndjson/);
    expect(xml.contentType).toMatch(/^application\/xml/);
    expect(compact.listing).toEqual(xml.listing);
    expect(compact.listing.contents.map((node) => node.basename).sort()).toEqual([...NAMES].sort());
    expect(compact.listing.contents.find((node) => node.basename === '0012')?.attributes.favorite).toBe(1);
    expect(compact.listing.contents.find((node) => node.basename === 'plain')?.type).toBe('folder');
  }, 60_000);

  it('hands on the first rows of a big folder before the whole listing, then every row', async () => {
    const partials: Listing[] = [];
    const { listing } = await list('/Big', false, (partial) => partials.push(partial));
    expect(partials).toHaveLength(1);
    expect(partials[0]?.contents).toHaveLength(FIRST_ROWS);
    expect(partials[0]?.folder._children).toEqual(partials[0]?.contents.map((node) => node.source));
    expect(listing.contents).toHaveLength(FIRST_ROWS * 3);
    expect(listing.contents.slice(0, FIRST_ROWS)).toEqual(partials[0]?.contents);
    // The listing found the files written behind the server's back (a reset, then the fresh rows).
    const again = await list('/Big', true);
    expect(listing.contents.map((node) => node.basename).sort()).toEqual(again.listing.contents.map((node) => node.basename).sort());
  }, 60_000);
});
