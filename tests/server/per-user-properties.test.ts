/**
 * What belongs to one user stays theirs, against the real server: favorites are each user's own
 * marks (the owner's stars never reach a share's recipient or a public link's visitor, a
 * recipient marks what they see, read-only shares included, and finds it in their favorites
 * REPORT at their path), a mark is an event of its user's feed alone, and a node seen
 * through a share or a link carries none of the owner's dead properties, free space or other
 * shares.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import type { TestServer } from './helpers';
import { ADMIN, basic, request, startTestServer } from './helpers';

const API = '/ocs/v2.php/apps/files_sharing/api/v1';
const BOB = basic('bob', 'bob-password-1');
const CAROL = basic('carol', 'carol-password-1');
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const PROPS =
  '<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns" xmlns:x="urn:x"><d:prop><oc:favorite/><oc:fileid/><oc:share-types/><d:quota-available-bytes/><x:color/></d:prop></d:propfind>';
const REPORT =
  '<?xml version="1.0"?><oc:filter-files xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><oc:fileid/><oc:favorite/></d:prop><oc:filter-rules><oc:favorite>1</oc:favorite></oc:filter-rules></oc:filter-files>';

let server: TestServer;
let token = '';

function dav(auth: string, user: string, path: string, init: RequestInit = {}): Promise<Response> {
  return request(server, `/remote.php/dav/files/${user}${path}`, { ...init, headers: { authorization: auth, ...(init.headers as Record<string, string> | undefined) } });
}

/** Each response's href with its found props (inner text, by local name) from a multistatus. */
function parse(xml: string, strip: string): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  for (const block of xml.split('<d:response>').slice(1)) {
    const href = decodeURIComponent(/<d:href>([^<]*)<\/d:href>/.exec(block)?.[1] ?? '').slice(strip.length);
    const ok = block.split('</d:propstat>').find((part) => part.includes('200 OK')) ?? '';
    const found = /<d:prop>(.*?)<\/d:prop>/s.exec(ok)?.[1] ?? '';
    const props: Record<string, string> = {};
    for (const match of found.matchAll(/<(?:(\w+):)?([\w-]+)(?: [^>]*)?>(.*?)<\/(?:\w+:)?\2>|<(?:(\w+):)?([\w-]+)(?: [^>]*)?\/>/gs)) props[match[2] ?? match[5] ?? ''] = match[3] ?? '';
    out.set(href, props);
  }
  return out;
}

async function propfind(auth: string, user: string, path: string, depth = '1'): Promise<Map<string, Record<string, string>>> {
  const response = await dav(auth, user, path, { method: 'PROPFIND', headers: { depth, 'content-type': 'application/xml' }, body: PROPS });
  expect(response.status).toBe(207);
  return parse(await response.text(), `/remote.php/dav/files/${user}`);
}

async function publicPropfind(path = '/'): Promise<Map<string, Record<string, string>>> {
  const response = await request(server, `/public.php/dav/files/${token}${path}`, { method: 'PROPFIND', headers: { ...XHR, depth: '1', 'content-type': 'application/xml' }, body: PROPS });
  expect(response.status).toBe(207);
  return parse(await response.text(), `/public.php/dav/files/${token}`);
}

/** PROPPATCH of `oc:favorite` (and more props, when given); the status of each prop by local name. */
async function proppatch(auth: string, user: string, path: string, props: string): Promise<{ status: number; text: string }> {
  const body = `<?xml version="1.0"?><d:propertyupdate xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns" xmlns:x="urn:x"><d:set><d:prop>${props}</d:prop></d:set></d:propertyupdate>`;
  const response = await dav(auth, user, path, { method: 'PROPPATCH', headers: { 'content-type': 'application/xml' }, body });
  return { status: response.status, text: await response.text() };
}

async function favorites(auth: string, user: string): Promise<string[]> {
  const response = await dav(auth, user, '/', { method: 'REPORT', headers: { 'content-type': 'application/xml' }, body: REPORT });
  expect(response.status).toBe(207);
  return [...parse(await response.text(), `/remote.php/dav/files/${user}`).keys()].sort();
}

async function share(body: Record<string, unknown>, auth = ADMIN): Promise<Record<string, unknown>> {
  const response = await request(server, `${API}/shares?format=json`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json', 'ocs-apirequest': 'true' }, body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { ocs: { data: Record<string, unknown> } }).ocs.data;
}

/** The change feed's rows of a node since `after` (id), as [uid, path]. */
async function feedOf(fileid: number, after: number): Promise<[string, string][]> {
  const rows = await sql<{ uid: string; path: string }>`select uid, path from node_changes where fileid = ${fileid} and id > ${after} order by id`.execute(server.built.db);
  return rows.rows.map((row) => [row.uid, row.path]);
}

async function lastChange(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 50));
  const rows = await sql<{ id: number | null }>`select max(id) as id from node_changes`.execute(server.built.db);
  return Number(rows.rows[0]?.id ?? 0);
}

const fileidOf = async (auth: string, user: string, path: string): Promise<number> => Number((await propfind(auth, user, path, '0')).values().next().value?.fileid);

beforeAll(async () => {
  server = await startTestServer();
  await server.built.accounts.users.create({ uid: 'bob', password: 'bob-password-1', displayName: 'Bob' });
  await server.built.accounts.users.create({ uid: 'carol', password: 'carol-password-1', displayName: 'Carol' });
  for (const folder of ['/Shared', '/Shared/inner', '/Team']) expect((await dav(ADMIN, 'admin', folder, { method: 'MKCOL' })).status).toBe(201);
  for (const [path, body] of [['/Shared/starred.txt', 'star'], ['/Shared/plain.txt', 'plain'], ['/Shared/inner/deep.txt', 'deep'], ['/Team/t.txt', 'team']] as const) {
    expect((await dav(ADMIN, 'admin', path, { method: 'PUT', body })).status).toBe(201);
  }
  // The owner's own marks and dead property.
  expect((await proppatch(ADMIN, 'admin', '/Shared/starred.txt', '<oc:favorite>1</oc:favorite><x:color>red</x:color>')).status).toBe(207);
  expect((await proppatch(ADMIN, 'admin', '/Shared/inner', '<oc:favorite>1</oc:favorite>')).status).toBe(207);
  // Read only to bob and carol; a link to the same folder.
  await share({ path: '/Shared', shareType: 0, shareWith: 'bob', permissions: 1 });
  await share({ path: '/Shared', shareType: 0, shareWith: 'carol', permissions: 1 });
  await share({ path: '/Team', shareType: 0, shareWith: 'bob', permissions: 15 });
  token = String((await share({ path: '/Shared', shareType: 3 })).token);
}, 60000);
afterAll(() => server.stop());

describe('the owner', () => {
  it('sees their own marks and dead properties', async () => {
    const listing = await propfind(ADMIN, 'admin', '/Shared');
    expect(listing.get('/Shared/starred.txt')?.favorite).toBe('1');
    expect(listing.get('/Shared/starred.txt')?.color).toBe('red');
    expect(listing.get('/Shared/inner/')?.favorite).toBe('1');
    expect(listing.get('/Shared/plain.txt')?.favorite).toBe('0');
    // The owner's view of their shared folder lists its user and link shares.
    expect((await propfind(ADMIN, 'admin', '/', '1')).get('/Shared/')?.['share-types']).toContain('3');
  });
});

describe('a share recipient', () => {
  it("sees none of the owner's favorites, dead properties, free space or other shares", async () => {
    const listing = await propfind(BOB, 'bob', '/Shared');
    expect(listing.get('/Shared/starred.txt')?.favorite).toBe('0');
    expect(listing.get('/Shared/inner/')?.favorite).toBe('0');
    expect(listing.get('/Shared/starred.txt')?.color).toBeUndefined();
    expect(listing.get('/Shared/')?.['quota-available-bytes']).toBe('-2');
    const root = await propfind(BOB, 'bob', '/');
    // The owner's link and the share with carol are the owner's, not bob's.
    expect(root.get('/Shared/')?.['share-types'] ?? '').toBe('');
    expect(await favorites(BOB, 'bob')).toEqual([]);
  });

  it('marks a node of a read-only share, sees it in PROPFIND and in the favorites REPORT at its path; the owner and other recipients do not', async () => {
    const before = await lastChange();
    const patched = await proppatch(BOB, 'bob', '/Shared/plain.txt', '<oc:favorite>1</oc:favorite>');
    expect(patched.status).toBe(207);
    expect(patched.text).toContain('200 OK');
    expect(patched.text).not.toContain('403');
    expect((await proppatch(BOB, 'bob', '/Shared', '<oc:favorite>1</oc:favorite>')).text).toContain('200 OK');
    expect((await propfind(BOB, 'bob', '/Shared')).get('/Shared/plain.txt')?.favorite).toBe('1');
    expect((await propfind(BOB, 'bob', '/')).get('/Shared/')?.favorite).toBe('1');
    expect(await favorites(BOB, 'bob')).toEqual(['/Shared/', '/Shared/plain.txt']);
    // Not the owner's mark, nor carol's.
    expect((await propfind(ADMIN, 'admin', '/Shared')).get('/Shared/plain.txt')?.favorite).toBe('0');
    expect((await propfind(CAROL, 'carol', '/Shared')).get('/Shared/plain.txt')?.favorite).toBe('0');
    expect(await favorites(ADMIN, 'admin')).toEqual(['/Shared/inner/', '/Shared/starred.txt']);
    // Only bob's feed hears of bob's mark, at bob's path.
    const fileid = await fileidOf(ADMIN, 'admin', '/Shared/plain.txt');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await feedOf(fileid, before)).toEqual([['bob', '/Shared/plain.txt']]);
    // Unmarking works the same way.
    expect((await proppatch(BOB, 'bob', '/Shared', '<oc:favorite>0</oc:favorite>')).text).toContain('200 OK');
    expect(await favorites(BOB, 'bob')).toEqual(['/Shared/plain.txt']);
  });

  it("marks through the Files app's favorite switch (the legacy tags API) inside a received share too, as their own", async () => {
    const tags = (body: string[]) =>
      request(server, '/apps/files/api/v1/files/Shared/inner/deep.txt', { method: 'POST', headers: { authorization: CAROL, 'content-type': 'application/json' }, body: JSON.stringify({ tags: body }) });
    expect((await tags(['_$!<Favorite>!$_'])).status).toBe(200);
    expect(await favorites(CAROL, 'carol')).toEqual(['/Shared/inner/deep.txt']);
    expect((await propfind(ADMIN, 'admin', '/Shared/inner')).get('/Shared/inner/deep.txt')?.favorite).toBe('0');
    expect((await tags([])).status).toBe(200);
    expect(await favorites(CAROL, 'carol')).toEqual([]);
  });

  it("cannot store dead properties into the owner's node", async () => {
    const patched = await proppatch(BOB, 'bob', '/Team/t.txt', '<x:color>blue</x:color>');
    expect(patched.text).toContain('403 Forbidden');
    expect((await propfind(ADMIN, 'admin', '/Team')).get('/Team/t.txt')?.color).toBeUndefined();
  });

  it('keeps favorites of their own files as before, and their own free space at their root', async () => {
    expect((await dav(BOB, 'bob', '/mine.txt', { method: 'PUT', body: 'mine' })).status).toBe(201);
    expect((await proppatch(BOB, 'bob', '/mine.txt', '<oc:favorite>1</oc:favorite>')).text).toContain('200 OK');
    expect(await favorites(BOB, 'bob')).toEqual(['/Shared/plain.txt', '/mine.txt'].sort());
    expect((await propfind(BOB, 'bob', '/', '0')).get('/')?.['quota-available-bytes']).not.toBe('-2');
  });
});

describe("a public link's visitor", () => {
  it("sees no favorites, dead properties, free space or share types of the owner's", async () => {
    const listing = await publicPropfind('/');
    expect(listing.get('/starred.txt')?.favorite).toBe('0');
    expect(listing.get('/inner/')?.favorite).toBe('0');
    expect(listing.get('/plain.txt')?.favorite).toBe('0');
    expect(listing.get('/starred.txt')?.color).toBeUndefined();
    expect(listing.get('/')?.['quota-available-bytes']).toBe('-2');
    expect(listing.get('/')?.['share-types'] ?? '').toBe('');
  });
});

describe("a public link's visitor and the owner's locks", () => {
  it("sees none of the owner's locks (their tokens) on the link's nodes", async () => {
    // The owner locks their own /plain.txt, whose path is that of the link's /plain.txt.
    expect((await dav(ADMIN, 'admin', '/plain.txt', { method: 'PUT', body: 'top' })).status).toBe(201);
    const lock = await dav(ADMIN, 'admin', '/plain.txt', {
      method: 'LOCK',
      headers: { 'content-type': 'application/xml', timeout: 'Second-600' },
      body: '<?xml version="1.0"?><d:lockinfo xmlns:d="DAV:"><d:lockscope><d:exclusive/></d:lockscope><d:locktype><d:write/></d:locktype><d:owner>the admin</d:owner></d:lockinfo>',
    });
    expect(lock.status).toBe(200);
    const locked = lock.headers.get('lock-token') ?? '';
    expect(locked).not.toBe('');
    const response = await request(server, `/public.php/dav/files/${token}/plain.txt`, {
      method: 'PROPFIND',
      headers: { ...XHR, depth: '0', 'content-type': 'application/xml' },
      body: '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:lockdiscovery/></d:prop></d:propfind>',
    });
    expect(response.status).toBe(207);
    const xml = await response.text();
    expect(xml).not.toContain(locked.replace(/[<>]/g, ''));
    expect(xml).not.toContain('the admin');
  });
});

describe('a node deleted for good', () => {
  it('takes every mark along', async () => {
    const fileid = await fileidOf(ADMIN, 'admin', '/Shared/plain.txt');
    expect((await sql<{ n: number }>`select count(*) as n from favorites where fileid = ${fileid}`.execute(server.built.db)).rows[0]?.n).toBeTruthy();
    // Past the trash: the node is gone for good.
    expect((await dav(ADMIN, 'admin', '/Shared/plain.txt', { method: 'DELETE', headers: { 'x-nc-skip-trashbin': 'true' } })).status).toBe(204);
    const rows = await sql<{ n: number }>`select count(*) as n from favorites where fileid = ${fileid}`.execute(server.built.db);
    expect(Number(rows.rows[0]?.n)).toBe(0);
    expect(await favorites(BOB, 'bob')).toEqual(['/mine.txt']);
  });
});
