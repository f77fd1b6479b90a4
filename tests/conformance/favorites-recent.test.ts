/**
 * Favorites and Recent as Nextcloud's clients speak them (protocol §7, §8): the
 * `webdav` npm client sends the exact bodies of `@nextcloud/files` (`getFavoritesReport`,
 * `getRecentSearch`, as the SDK writes them), raw requests the edge cases. The Favorites
 * plugin answers the REPORT; disabled, the REPORT is unknown again (415) while PROPPATCH and
 * SEARCH still work.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'webdav';
import type { WebDAVClient } from 'webdav';
import { favoritesReportBody } from '../../plugins/favorites/src/favoritesReport';
import { recentSearchBody } from '../../plugins/recent/src/recentSearchBody';
import type { StartedServer } from '../../server/src/app';
import { startServer } from '../../server/src/app';
import { ADMIN_PASSWORD } from './server';
import { davClient, errorException, errorMessage } from './dav-client';

const hrefs = (xml: string): string[] => [...xml.matchAll(/<d:href>([^<]*)<\/d:href>/g)].map((m) => m[1] ?? '');
const files = '/remote.php/dav/files/admin';
const DAY = 86_400;

let dataDir: string;
let server: StartedServer;
let client: WebDAVClient;
let dav: ReturnType<typeof davClient>;

const start = async (): Promise<void> => {
  server = await startServer({ dataDir, port: 0, adminPassword: ADMIN_PASSWORD, distDir: join(dataDir, 'no-dist'), throttleDelayMs: 0 });
  client = createClient(`${server.url}/remote.php/dav`, { username: 'admin', password: ADMIN_PASSWORD });
  dav = davClient(server.url, `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`);
};

/** A request through the webdav client, answering status and text. */
async function custom(path: string, method: string, data: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  const response = await client.customRequest(path, { method, data, headers: { 'Content-Type': 'application/xml; charset=utf-8', ...headers } });
  return { status: response.status, text: await response.text() };
}

const favorite = (path: string, value: string) =>
  custom(path, 'PROPPATCH', `<?xml version="1.0"?><d:propertyupdate xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:set><d:prop><oc:favorite>${value}</oc:favorite></d:prop></d:set></d:propertyupdate>`);

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'cumulus-favorites-'));
  await start();
  await client.createDirectory('/files/admin/Photos');
  await client.createDirectory('/files/admin/Photos/Empty');
  await client.putFileContents('/files/admin/Photos/beach.jpg', 'jpg');
  await client.putFileContents('/files/admin/notes.md', 'notes');
  // Modified long ago, but uploaded now (X-OC-Mtime): Recent shows it by its upload time.
  await client.putFileContents('/files/admin/old.txt', 'old', { headers: { 'X-OC-Mtime': '1500000000' } });
}, 30000);
afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('favorites (REPORT oc:filter-files from the Favorites plugin)', () => {
  it('marks with PROPPATCH oc:favorite and lists the favorites below a folder, at any depth, folders with a trailing slash', async () => {
    expect((await favorite('/files/admin/Photos', '1')).status).toBe(207);
    expect((await favorite('/files/admin/Photos/beach.jpg', 'true')).status).toBe(207);
    expect((await favorite('/files/admin/notes.md', '1')).status).toBe(207);
    const all = await custom('/files/admin/', 'REPORT', favoritesReportBody());
    expect(all.status).toBe(207);
    expect(hrefs(all.text)).toEqual([`${files}/Photos/`, `${files}/Photos/beach.jpg`, `${files}/notes.md`]);
    expect(all.text).toContain('<oc:favorite>1</oc:favorite>');
    // Below a favorite folder: its favorites, never the folder itself.
    const below = await custom('/files/admin/Photos/', 'REPORT', favoritesReportBody(['oc:fileid']));
    expect(hrefs(below.text)).toEqual([`${files}/Photos/beach.jpg`]);
  });

  it('unmarks with PROPPATCH 0 and with a remove; the REPORT no longer lists them', async () => {
    expect((await favorite('/files/admin/notes.md', '0')).status).toBe(207);
    const removed = await custom(
      '/files/admin/Photos/beach.jpg',
      'PROPPATCH',
      '<d:propertyupdate xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:remove><d:prop><oc:favorite/></d:prop></d:remove></d:propertyupdate>',
    );
    expect(removed.status).toBe(207);
    expect(hrefs((await custom('/files/admin/', 'REPORT', favoritesReportBody())).text)).toEqual([`${files}/Photos/`]);
    await favorite('/files/admin/notes.md', '1');
  });

  it('answers the edge cases as Nextcloud: 400 without rules, 412 for a system tag, 415 on a file, 404 on nothing, pages with d:limit', async () => {
    const noRules = await dav('REPORT', `${files}/`, { body: '<oc:filter-files xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><oc:fileid/></d:prop></oc:filter-files>' });
    expect(noRules.status).toBe(400);
    expect(errorMessage(noRules.text)).toBe('Missing filter-rule block in request');
    const tag = await dav('REPORT', `${files}/`, { body: '<oc:filter-files xmlns:oc="http://owncloud.org/ns"><oc:filter-rules><oc:systemtag>7</oc:systemtag></oc:filter-rules></oc:filter-files>' });
    expect(tag.status).toBe(412);
    expect(errorMessage(tag.text)).toBe('Cannot filter by non-existing tag');
    const onFile = await dav('REPORT', `${files}/notes.md`, { body: favoritesReportBody() });
    expect(onFile.status).toBe(415);
    expect(errorException(onFile.text)).toBe('Sabre\\DAV\\Exception\\ReportNotSupported');
    expect((await dav('REPORT', `${files}/missing/`, { body: favoritesReportBody() })).status).toBe(404);
    const paged = await dav('REPORT', `${files}/`, {
      body: '<oc:filter-files xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns" xmlns:nc="http://nextcloud.org/ns"><oc:filter-rules><oc:favorite>1</oc:favorite></oc:filter-rules><d:limit><d:nresults>1</d:nresults><nc:firstresult>1</nc:firstresult></d:limit></oc:filter-files>',
    });
    expect(hrefs(paged.text)).toEqual([`${files}/notes.md`]);
  });

  it("marks and unmarks through the files app's tags endpoint (POST /index.php/apps/files/api/v1/files/{path})", async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}/index.php/apps/files/api/v1/files${path}`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const marked = await post('/Photos/beach.jpg', { tags: ['_$!<Favorite>!$_'] });
    expect(marked.status).toBe(200);
    expect(await marked.json()).toEqual({ tags: ['_$!<Favorite>!$_'] });
    expect(hrefs((await custom('/files/admin/Photos/', 'REPORT', favoritesReportBody())).text)).toEqual([`${files}/Photos/beach.jpg`]);
    expect(await (await post('/Photos/beach.jpg', { tags: [] })).json()).toEqual({ tags: [] });
    expect(hrefs((await custom('/files/admin/Photos/', 'REPORT', favoritesReportBody())).text)).toEqual([]);
    const missing = await post('/nothing.txt', { tags: [] });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'File not found' });
    expect((await post('/Photos/beach.jpg', { tags: 'x' })).status).toBe(400);
  });

  it('an unknown report is 415 ReportNotSupported with d:supported-report', async () => {
    const unknown = await dav('REPORT', `${files}/`, { body: '<d:sync-collection xmlns:d="DAV:"><d:sync-token/></d:sync-collection>' });
    expect(unknown.status).toBe(415);
    expect(errorException(unknown.text)).toBe('Sabre\\DAV\\Exception\\ReportNotSupported');
    expect(unknown.text).toContain('<d:supported-report/>');
  });
});

describe('recent (SEARCH of the Files app)', () => {
  it('lists files and empty folders changed or uploaded in the last 14 days, newest activity first, never non-empty folders', async () => {
    const since = Math.floor(Date.now() / 1000) - 14 * DAY;
    const response = await custom('/', 'SEARCH', recentSearchBody({ uid: 'admin', since, uploadTime: true, lastActivity: true }));
    expect(response.status).toBe(207);
    const found = hrefs(response.text);
    expect(found).toEqual(expect.arrayContaining([`${files}/Photos/beach.jpg`, `${files}/notes.md`, `${files}/old.txt`, `${files}/Photos/Empty/`]));
    expect(found).not.toContain(`${files}/Photos/`);
    expect(found).toHaveLength(4);
    // Without the upload-time comparison the old file is out.
    const byMtime = hrefs((await custom('/', 'SEARCH', recentSearchBody({ uid: 'admin', since }))).text);
    expect(byMtime).not.toContain(`${files}/old.txt`);
  });

  it('orders by nc:last_activity (the later of modification and upload), cuts to d:nresults, and nresults 0 means 100', async () => {
    await client.putFileContents('/files/admin/newest.txt', 'new', { headers: { 'X-OC-Mtime': String(Math.floor(Date.now() / 1000) + 60) } });
    const since = Math.floor(Date.now() / 1000) - 14 * DAY;
    const first = hrefs((await custom('/', 'SEARCH', recentSearchBody({ uid: 'admin', since, uploadTime: true, lastActivity: true, limit: 1 }))).text);
    expect(first).toEqual([`${files}/newest.txt`]);
    const zero = hrefs((await custom('/', 'SEARCH', recentSearchBody({ uid: 'admin', since, uploadTime: true, lastActivity: true, limit: 0 }))).text);
    expect(zero).toHaveLength(5);
  });

  it('a scope that is a file is 400, a missing one 404', async () => {
    const body = (href: string) => `<d:searchrequest xmlns:d="DAV:"><d:basicsearch><d:select><d:prop><d:displayname/></d:prop></d:select><d:from><d:scope><d:href>${href}</d:href><d:depth>infinity</d:depth></d:scope></d:from></d:basicsearch></d:searchrequest>`;
    expect((await dav('SEARCH', '/remote.php/dav/', { body: body('/files/admin/notes.md') })).status).toBe(400);
    expect((await dav('SEARCH', '/remote.php/dav/', { body: body('/files/admin/nothing/') })).status).toBe(404);
  });
});

describe('with the Favorites plugin disabled', () => {
  it('the REPORT is an unknown report after a restart, while the favorite mark and SEARCH keep working; enabled again, it answers', async () => {
    await server.built.plugins.states.setEnabled('favorites', false);
    await server.close();
    await start();
    const report = await dav('REPORT', `${files}/`, { body: favoritesReportBody() });
    expect(report.status).toBe(415);
    expect(report.text).toContain('<d:supported-report/>');
    expect((await favorite('/files/admin/old.txt', '1')).status).toBe(207);
    const search = await custom(
      '/',
      'SEARCH',
      '<d:searchrequest xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:basicsearch><d:select><d:prop><oc:favorite/></d:prop></d:select><d:from><d:scope><d:href>/files/admin/</d:href><d:depth>infinity</d:depth></d:scope></d:from><d:where><d:eq><d:prop><oc:favorite/></d:prop><d:literal>1</d:literal></d:eq></d:where></d:basicsearch></d:searchrequest>',
    );
    expect(hrefs(search.text)).toEqual([`${files}/Photos/`, `${files}/notes.md`, `${files}/old.txt`]);

    await server.built.plugins.states.setEnabled('favorites', true);
    await server.close();
    await start();
    expect(hrefs((await dav('REPORT', `${files}/`, { body: favoritesReportBody() })).text)).toEqual([`${files}/Photos/`, `${files}/notes.md`, `${files}/old.txt`]);
  }, 30000);
});
