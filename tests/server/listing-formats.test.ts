import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestServer } from './helpers';
import { ADMIN, request, startTestServer } from './helpers';

/**
 * The two ways a big folder is listed besides the plain multistatus: the
 * compact listing the Files app negotiates (Accept), and Nextcloud's paging
 * (X-NC-Paginate), with what a client may get wrong.
 */
const FILES = '/remote.php/dav/files/admin';
const COMPACT = 'application/vnd.cumulus.listing+ndjson';
const NAMESPACES = 'xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns" xmlns:nc="http://nextcloud.org/ns" xmlns:x="urn:example"';
const PROPS = '<d:getetag/><d:getlastmodified/><d:getcontentlength/><d:resourcetype/><d:displayname/><oc:fileid/><oc:permissions/><oc:favorite/><oc:size/><nc:has-preview/><x:color/>';
const BODY = `<?xml version="1.0"?><d:propfind ${NAMESPACES}><d:prop>${PROPS}</d:prop></d:propfind>`;
const COUNT = 250;

type Row = [string, ...(string | null | { xml: string })[]];
interface Compact {
  head: { props: string[]; total: number };
  rows: Row[];
  lines: unknown[];
}

describe('PROPFIND listing formats: compact (negotiated) and paged (X-NC-Paginate)', () => {
  let server: TestServer;
  // Each answer is read whole before it is handed on: an answer left unread holds its connection open.
  const dav = async (method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Response> => {
    const response = await request(server, FILES + path, { method, headers: { authorization: ADMIN, ...headers }, ...(body !== undefined ? { body } : {}) });
    const read = await response.arrayBuffer();
    return new Response([204, 304].includes(response.status) ? null : read, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  const propfind = (path: string, headers: Record<string, string> = {}, body = BODY): Promise<Response> => dav('PROPFIND', path, { depth: '1', ...headers }, body);

  const parseCompact = (text: string): Compact => {
    const lines = text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as unknown);
    const [head, ...rest] = lines;
    return { head: head as Compact['head'], rows: rest.filter((line): line is Row => Array.isArray(line)), lines };
  };
  /** The hrefs of a multistatus, in order. */
  const hrefs = (xml: string): string[] => [...xml.matchAll(/<d:href>([^<]*)<\/d:href>/g)].map((match) => match[1] ?? '');

  beforeAll(async () => {
    // Disk changes are checked by each listing, not by a tree walk first: the reset case below needs that.
    server = await startTestServer({ rescanInterval: 3600 });
    expect((await dav('MKCOL', '/big')).status).toBe(201);
    for (let i = 0; i < COUNT; i += 1) {
      const name = i % 25 === 0 ? `folder ${i}` : `file ${i} & <ü>.txt`;
      const response = i % 25 === 0 ? await dav('MKCOL', `/big/${encodeURIComponent(name)}`) : await dav('PUT', `/big/${encodeURIComponent(name)}`, {}, 'x'.repeat(i));
      expect(response.status).toBe(201);
    }
    const patched = await dav('PROPPATCH', `/big/${encodeURIComponent('file 1 & <ü>.txt')}`, { 'content-type': 'application/xml' }, `<?xml version="1.0"?><d:propertyupdate ${NAMESPACES}><d:set><d:prop><x:color>red</x:color></d:prop></d:set></d:propertyupdate>`);
    expect(patched.status).toBe(207);
  }, 120_000);
  afterAll(() => server.stop());

  describe('compact listing', () => {
    it('answers NDJSON only to a client that asks for it; other clients keep the multistatus', async () => {
      const compact = await propfind('/big', { accept: COMPACT });
      expect(compact.status).toBe(200);
      expect(compact.headers.get('content-type')).toBe(`${COMPACT}; charset=utf-8`);
      expect(compact.headers.get('vary')).toMatch(/Accept/);
      // Private and revalidated, but not no-store: Chromium reports a no-store answer read by a stream reader as aborted (net::ERR_ABORTED).
      expect(compact.headers.get('cache-control')).toBe('private, no-cache');
      for (const accept of [undefined, '*/*', 'application/xml', `${COMPACT};q=0`]) {
        const plain = await propfind('/big', accept === undefined ? {} : { accept });
        expect(plain.status).toBe(207);
        expect(plain.headers.get('content-type')).toBe('application/xml; charset=utf-8');
        expect(hrefs(await plain.text())).toHaveLength(COUNT + 1);
      }
      // allprop and Depth 0 have no compact form.
      expect((await propfind('/big', { accept: COMPACT }, '')).status).toBe(207);
      expect((await propfind('/big', { accept: COMPACT, depth: '0' })).status).toBe(207);
    });

    it('carries the same rows and values as the multistatus, folder first, then done', async () => {
      const xml = await (await propfind('/big')).text();
      const { head, rows, lines } = parseCompact(await (await propfind('/big', { accept: COMPACT })).text());
      expect(head.props).toEqual([
        '{DAV:}getetag', '{DAV:}getlastmodified', '{DAV:}getcontentlength', '{DAV:}resourcetype', '{DAV:}displayname', '{http://owncloud.org/ns}fileid',
        '{http://owncloud.org/ns}permissions', '{http://owncloud.org/ns}favorite', '{http://owncloud.org/ns}size', '{http://nextcloud.org/ns}has-preview', '{urn:example}color',
      ]);
      expect(head.total).toBe(COUNT + 1);
      expect(rows).toHaveLength(COUNT + 1);
      expect(lines[lines.length - 1]).toEqual({ done: true, count: COUNT + 1 });
      expect(rows[0]?.[0]).toBe('');
      expect(rows[0]?.[4]).toBe('<d:collection/>');
      // Each row against its response in the multistatus: same href, same etag and fileid, same 404s.
      const responses = xml.split('<d:response>').slice(1);
      const base = `${FILES}/big/`;
      for (const [index, row] of rows.entries()) {
        const response = responses[index] ?? '';
        const [name, etag, , length, resourcetype, displayname, fileid] = row;
        expect(hrefs(response)[0]).toBe(index === 0 ? base : `${base}${encodeURIComponent(name)}${resourcetype === '<d:collection/>' ? '/' : ''}`);
        expect(response).toContain(`<d:getetag>${etag as string}</d:getetag>`);
        expect(response).toContain(`<oc:fileid>${fileid as string}</oc:fileid>`);
        expect(response).toContain(`<d:displayname>${displayname as string}</d:displayname>`);
        if (length === null) expect(response).toMatch(/<d:getcontentlength\/>.*404 Not Found/);
        else expect(response).toContain(`<d:getcontentlength>${length}</d:getcontentlength>`);
      }
      const colored = rows.find((row) => row[0] === 'file 1 & <ü>.txt');
      expect(colored?.[5]).toBe('file 1 &amp; &lt;ü&gt;.txt');
      expect(colored?.[11]).toEqual({ xml: '<color xmlns="urn:example">red</color>' });
      expect(rows.filter((row) => row[11] === null)).toHaveLength(COUNT);
    });

    it('is compressed when the client accepts it, and decodes to the same rows', async () => {
      const response = await fetch(`${server.url}${FILES}/big`, { method: 'PROPFIND', headers: { authorization: ADMIN, depth: '1', accept: COMPACT, 'accept-encoding': 'gzip' }, body: BODY });
      expect(response.headers.get('content-encoding')).toBe('gzip');
      // fetch decodes it.
      const plain = await (await propfind('/big', { accept: COMPACT })).text();
      expect(await response.text()).toBe(plain);
    });

    it('sends a reset and the fresh rows when the disk changed behind the server', async () => {
      await writeFile(join(server.dataDir, 'files', 'admin', 'big', 'added behind.txt'), 'new');
      const { rows, lines } = parseCompact(await (await propfind('/big', { accept: COMPACT })).text());
      const reset = lines.findIndex((line) => typeof line === 'object' && line !== null && 'reset' in line);
      expect(reset).toBeGreaterThan(0);
      expect(lines[reset]).toEqual({ reset: true, total: COUNT + 2 });
      const after = lines.slice(reset + 1).filter((line): line is Row => Array.isArray(line));
      expect(after).toHaveLength(COUNT + 2);
      expect(after.some((row) => row[0] === 'added behind.txt')).toBe(true);
      expect(rows.slice(0, reset - 1).some((row) => row[0] === 'added behind.txt')).toBe(false);
      expect(lines[lines.length - 1]).toEqual({ done: true, count: COUNT + 2 });
      // The folder row after the reset has the new etag, as a Depth 0 PROPFIND now says.
      const etag = /<d:getetag>([^<]*)<\/d:getetag>/.exec(await (await propfind('/big', { depth: '0' })).text())?.[1];
      expect(after[0]?.[1]).toBe(etag);
      expect((await dav('DELETE', '/big/added%20behind.txt')).status).toBe(204);
    });
  });

  describe('a folder of several database pages (read from one snapshot while it is sent)', () => {
    const MANY = 2_600;
    const names = Array.from({ length: MANY }, (_, i) => `entry ${i}.txt`);

    beforeAll(async () => {
      const dir = join(server.dataDir, 'files', 'admin', 'pages');
      await mkdir(dir);
      for (let at = 0; at < MANY; at += 200) await Promise.all(names.slice(at, at + 200).map((name) => writeFile(join(dir, name), 'x')));
      // The first listing finds them on disk and caches them.
      expect((await propfind('/pages')).status).toBe(207);
    }, 120_000);

    it('lists every row once, the total first and the count last, as the multistatus does', async () => {
      const { head, rows, lines } = parseCompact(await (await propfind('/pages', { accept: COMPACT })).text());
      expect(head.total).toBe(MANY + 1);
      expect(rows).toHaveLength(MANY + 1);
      expect(rows[0]?.[0]).toBe('');
      expect(rows.slice(1).map((row) => row[0]).sort()).toEqual([...names].sort());
      expect(lines[lines.length - 1]).toEqual({ done: true, count: MANY + 1 });
      expect(hrefs(await (await propfind('/pages')).text())).toHaveLength(MANY + 1);
    });

    it('sends a reset and the whole fresh listing when the disk changed, however many pages', async () => {
      await writeFile(join(server.dataDir, 'files', 'admin', 'pages', 'zz added.txt'), 'new');
      const { lines } = parseCompact(await (await propfind('/pages', { accept: COMPACT })).text());
      const reset = lines.findIndex((line) => typeof line === 'object' && line !== null && 'reset' in line);
      expect(lines.slice(1, reset).filter((line) => Array.isArray(line))).toHaveLength(MANY + 1);
      expect(lines[reset]).toEqual({ reset: true, total: MANY + 2 });
      const after = lines.slice(reset + 1).filter((line): line is Row => Array.isArray(line));
      expect(after.slice(1).map((row) => row[0]).sort()).toEqual([...names, 'zz added.txt'].sort());
      expect(lines[lines.length - 1]).toEqual({ done: true, count: MANY + 2 });
    });
  });

  describe('X-NC-Paginate', () => {
    it('pages a listing by token and offset, the folder as item 0, later bodies ignored', async () => {
      const whole = hrefs(await (await propfind('/big')).text());
      const first = await propfind('/big', { 'x-nc-paginate': 'true', 'x-nc-paginate-count': '100' });
      expect(first.status).toBe(207);
      expect(first.headers.get('x-nc-paginate')).toBe('true');
      expect(first.headers.get('x-nc-paginate-total')).toBe(String(COUNT + 1));
      const token = first.headers.get('x-nc-paginate-token') ?? '';
      expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const pages = [hrefs(await first.text())];
      for (let offset = 100; offset < COUNT + 1; offset += 100) {
        // A later page's body asks for other properties: the first request's count.
        const page = await propfind('/big', { 'x-nc-paginate': 'true', 'x-nc-paginate-token': token, 'x-nc-paginate-offset': String(offset), 'x-nc-paginate-count': '100' }, '');
        expect(page.status).toBe(207);
        const text = await page.text();
        expect(text).not.toContain('<d:supportedlock>');
        expect(text).toContain('<oc:fileid>');
        pages.push(hrefs(text));
      }
      expect(pages.map((page) => page.length)).toEqual([100, 100, 51]);
      expect(pages.flat()).toEqual(whole);
      // Past the end: an empty multistatus.
      const beyond = await propfind('/big', { 'x-nc-paginate': 'true', 'x-nc-paginate-token': token, 'x-nc-paginate-offset': '5000' });
      expect(beyond.status).toBe(207);
      expect(hrefs(await beyond.text())).toEqual([]);
    });

    it('keeps the snapshot: a file added after the first page does not shift later pages', async () => {
      const first = await propfind('/big', { 'x-nc-paginate': 'true', 'x-nc-paginate-count': '200' });
      const token = first.headers.get('x-nc-paginate-token') ?? '';
      expect((await dav('PUT', '/big/late.txt', {}, 'late')).status).toBe(201);
      const rest = hrefs(await (await propfind('/big', { 'x-nc-paginate': 'true', 'x-nc-paginate-token': token, 'x-nc-paginate-offset': '200', 'x-nc-paginate-count': '200' })).text());
      expect(rest).toHaveLength(COUNT + 1 - 200);
      expect(rest.some((href) => href.endsWith('/late.txt'))).toBe(false);
      expect((await dav('DELETE', '/big/late.txt')).status).toBe(204);
    });

    it('answers 4xx with a message to bad tokens, counts and offsets, and changes nothing', async () => {
      const first = await propfind('/big', { 'x-nc-paginate': 'true' });
      const token = first.headers.get('x-nc-paginate-token') ?? '';
      const cases: [Record<string, string>, number][] = [
        [{ 'x-nc-paginate-token': 'not a token' }, 400],
        [{ 'x-nc-paginate-token': `${token}x` }, 400],
        [{ 'x-nc-paginate-token': 'A'.repeat(32), 'x-nc-paginate-offset': '100' }, 412],
        [{ 'x-nc-paginate': 'true', 'x-nc-paginate-count': '0' }, 400],
        [{ 'x-nc-paginate': 'true', 'x-nc-paginate-count': '-5' }, 400],
        [{ 'x-nc-paginate': 'true', 'x-nc-paginate-count': 'lots' }, 400],
        [{ 'x-nc-paginate': 'true', 'x-nc-paginate-count': '10001' }, 400],
        [{ 'x-nc-paginate': 'true', 'x-nc-paginate-count': '99999999999999999999' }, 400],
        [{ 'x-nc-paginate': 'true', 'x-nc-paginate-count': '1e9' }, 400],
        [{ 'x-nc-paginate': 'true', 'x-nc-paginate-offset': '-1' }, 400],
        [{ 'x-nc-paginate': 'true', 'x-nc-paginate-token': token, 'x-nc-paginate-offset': '1.5' }, 400],
      ];
      for (const [headers, status] of cases) {
        const response = await propfind('/big', headers);
        expect({ headers, status: response.status }).toEqual({ headers, status });
        expect(await response.text()).toMatch(/<s:message>[^<]+<\/s:message>/);
      }
      // Another folder's token is unknown there.
      expect((await dav('MKCOL', '/other')).status).toBe(201);
      expect((await propfind('/other', { 'x-nc-paginate': 'true', 'x-nc-paginate-token': token, 'x-nc-paginate-offset': '100' })).status).toBe(412);
      // The listing and the token still work.
      expect(hrefs(await (await propfind('/big')).text())).toHaveLength(COUNT + 1);
      expect((await propfind('/big', { 'x-nc-paginate': 'true', 'x-nc-paginate-token': token, 'x-nc-paginate-offset': '100' })).status).toBe(207);
    });
  });
});
