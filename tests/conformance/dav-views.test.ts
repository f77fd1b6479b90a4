import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import type { TestServer } from './server';
import { startTestServer } from './server';
import { davClient } from './dav-client';

let server: TestServer;
let dav: ReturnType<typeof davClient>;
const files = '/remote.php/dav/files/admin';

const hrefs = (xml: string): string[] => [...xml.matchAll(/<d:href>([^<]*)<\/d:href>/g)].map((m) => m[1] ?? '');

beforeAll(async () => {
  server = await startTestServer();
  dav = davClient(server.url, server.auth);
  await dav('MKCOL', `${files}/Photos`);
  await dav('PUT', `${files}/Photos/Summer #1.jpg`.replace('#', '%23'), { body: 'jpg' });
  await dav('PUT', `${files}/notes.md`, { body: 'notes' });
  await dav('PUT', `${files}/old report.txt`, { body: 'old', headers: { 'x-oc-mtime': '1500000000' } });
});
afterAll(async () => server?.close());

describe('the calls behind the Files views', () => {
  it('lists a folder with itself first, hrefs as encoded absolute paths, folders ending in /', async () => {
    const listing = await dav('PROPFIND', `${files}/`, {
      headers: { depth: '1' },
      body: '<d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><oc:fileid/><oc:permissions/></d:prop></d:propfind>',
    });
    expect(listing.status).toBe(207);
    expect(hrefs(listing.text)).toEqual(expect.arrayContaining([`${files}/`, `${files}/Photos/`, `${files}/notes.md`, `${files}/old%20report.txt`]));
    expect(hrefs(listing.text)[0]).toBe(`${files}/`);
    expect(listing.text).toContain('<oc:permissions>RGDNVCK</oc:permissions>');
    expect(listing.text).toContain('<oc:permissions>RGDNVW</oc:permissions>');
    const legacy = await dav('PROPFIND', '/remote.php/webdav/Photos/', { headers: { depth: '1' } });
    expect(hrefs(legacy.text)).toEqual(['/remote.php/webdav/Photos/', '/remote.php/webdav/Photos/Summer%20%231.jpg']);
  });

  it('marks favorites with PROPPATCH oc:favorite and lists them with REPORT oc:filter-files', async () => {
    const patch = await dav('PROPPATCH', `${files}/notes.md`, {
      body: '<d:propertyupdate xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:set><d:prop><oc:favorite>1</oc:favorite></d:prop></d:set></d:propertyupdate>',
    });
    expect(patch.status).toBe(207);
    expect(patch.text).toContain('HTTP/1.1 200 OK');
    const report = await dav('REPORT', `${files}/`, {
      body: '<oc:filter-files xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><oc:favorite/></d:prop><oc:filter-rules><oc:favorite>1</oc:favorite></oc:filter-rules></oc:filter-files>',
    });
    expect(report.status).toBe(207);
    expect(hrefs(report.text)).toEqual([`${files}/notes.md`]);
    expect(report.text).toContain('<oc:favorite>1</oc:favorite>');
  });

  it('refuses to change a protected property and fails the rest with 424, changing nothing', async () => {
    const patch = await dav('PROPPATCH', `${files}/notes.md`, {
      body: '<d:propertyupdate xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns" xmlns:x="urn:x"><d:set><d:prop><oc:fileid>9</oc:fileid><x:tag>a</x:tag></d:prop></d:set></d:propertyupdate>',
    });
    expect(patch.text).toMatch(/<oc:fileid\/><\/d:prop><d:status>HTTP\/1.1 403 Forbidden/);
    expect(patch.text).toMatch(/<x:tag xmlns:x="urn:x"\/><\/d:prop><d:status>HTTP\/1.1 424 Failed Dependency/);
    const read = await dav('PROPFIND', `${files}/notes.md`, { headers: { depth: '0' }, body: '<d:propfind xmlns:d="DAV:"><d:prop><x:tag xmlns:x="urn:x"/></d:prop></d:propfind>' });
    expect(read.text).toContain('404 Not Found');
  });

  it('answers SEARCH d:basicsearch on /remote.php/dav/ by name, modification time, order and limit', async () => {
    const search = (where: string, extra = ''): Promise<{ status: number; text: string }> =>
      dav('SEARCH', '/remote.php/dav/', {
        headers: { 'content-type': 'text/xml' },
        body: `<d:searchrequest xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:basicsearch>
          <d:select><d:prop><d:displayname/><d:getlastmodified/></d:prop></d:select>
          <d:from><d:scope><d:href>/files/admin/</d:href><d:depth>infinity</d:depth></d:scope></d:from>
          <d:where>${where}</d:where>${extra}</d:basicsearch></d:searchrequest>`,
      });
    const byName = await search('<d:like><d:prop><d:displayname/></d:prop><d:literal>%summer%</d:literal></d:like>');
    expect(byName.status).toBe(207);
    expect(hrefs(byName.text)).toEqual([`${files}/Photos/Summer%20%231.jpg`]);
    const recent = await search(
      '<d:and><d:not><d:is-collection/></d:not><d:gt><d:prop><d:getlastmodified/></d:prop><d:literal>2020-01-01T00:00:00Z</d:literal></d:gt></d:and>',
      '<d:orderby><d:order><d:prop><d:displayname/></d:prop><d:descending/></d:order></d:orderby><d:limit><d:nresults>1</d:nresults></d:limit>',
    );
    expect(hrefs(recent.text)).toEqual([`${files}/Photos/Summer%20%231.jpg`]);
    const old = await search('<d:lte><d:prop><d:getlastmodified/></d:prop><d:literal>1500000000</d:literal></d:lte>');
    expect(hrefs(old.text)).toEqual([`${files}/old%20report.txt`]);
    const otherUser = await dav('SEARCH', '/remote.php/dav/', {
      body: '<d:searchrequest xmlns:d="DAV:"><d:basicsearch><d:select><d:prop><d:displayname/></d:prop></d:select><d:from><d:scope><d:href>/files/bob/</d:href></d:scope></d:from><d:where><d:is-collection/></d:where></d:basicsearch></d:searchrequest>',
    });
    expect(otherUser.status).toBe(404);
  });

  it('serves ranges and conditional GETs', async () => {
    const full = await dav('GET', `${files}/notes.md`);
    const etag = full.headers.get('etag') ?? '';
    expect((await dav('GET', `${files}/notes.md`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await dav('PUT', `${files}/notes.md`, { headers: { 'if-match': '"stale"' }, body: 'x' })).status).toBe(412);
    const range = await dav('GET', `${files}/notes.md`, { headers: { range: 'bytes=1-3' } });
    expect(range.status).toBe(206);
    expect(range.text).toBe('ote');
    expect(range.headers.get('content-range')).toBe('bytes 1-3/5');
    expect((await dav('GET', `${files}/notes.md`, { headers: { range: 'bytes=10-' } })).status).toBe(416);
  });
});
