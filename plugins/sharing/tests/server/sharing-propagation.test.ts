/**
 * What a share recipient sees change, against the real server: the etag of every folder of
 * theirs above a received share (Depth 0 and in listings) changes when the share lands, leaves,
 * moves or changes inside (as Nextcloud propagates share mounts into the recipient's
 * folders), so kept listings and sync clients notice; every change of a node they see is an
 * event of their own change feed at their path, the share's arrival and departure included,
 * written to the shared table that every server process reads; and the mount root of even a
 * read-only share can be renamed, moved and left (`oc:permissions` D and NV), its owner's
 * files untouched.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestServer } from '../../../../tests/server/helpers';
import { ADMIN, basic, request, startTestServer } from '../../../../tests/server/helpers';
import { readEvents } from '../../../../tests/support/eventStream';

const API = '/ocs/v2.php/apps/files_sharing/api/v1';
const FEED = '/apps/files/api/v1/changes';
const BOB = basic('bob', 'bob-password-1');
const PROPS = '<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><d:getetag/><oc:permissions/><oc:fileid/></d:prop></d:propfind>';

let server: TestServer;

function dav(auth: string, user: string, path: string, init: RequestInit = {}): Promise<Response> {
  return request(server, `/remote.php/dav/files/${user}${encodeURI(path)}`, { ...init, headers: { authorization: auth, ...(init.headers as Record<string, string> | undefined) } });
}

/** PROPFIND as bob: href (decoded, below bob's root, no trailing slash) to its etag and permissions. */
async function bobSees(path: string, depth: '0' | '1'): Promise<Map<string, { etag: string; permissions: string }>> {
  const response = await dav(BOB, 'bob', path, { method: 'PROPFIND', headers: { depth, 'content-type': 'application/xml' }, body: PROPS });
  expect(response.status).toBe(207);
  const out = new Map<string, { etag: string; permissions: string }>();
  for (const block of (await response.text()).split('<d:response>').slice(1)) {
    const href = decodeURIComponent(/<d:href>([^<]*)<\/d:href>/.exec(block)?.[1] ?? '').slice('/remote.php/dav/files/bob'.length).replace(/(.)\/$/, '$1');
    out.set(href, { etag: /<d:getetag>&quot;([^&]*)&quot;<\/d:getetag>/.exec(block)?.[1] ?? '', permissions: /<oc:permissions>([^<]*)<\/oc:permissions>/.exec(block)?.[1] ?? '' });
  }
  return out;
}

/** Bob's etag of `path`, read both ways: Depth 0, and as the folder's own entry of its Depth 1 listing (the same). */
async function etagOf(path: string): Promise<string> {
  const alone = (await bobSees(path, '0')).get(path)?.etag ?? '';
  const listed = (await bobSees(path, '1')).get(path)?.etag ?? '';
  expect(listed).toBe(alone);
  expect(alone).not.toBe('');
  return alone;
}

async function ocs(method: string, path: string, body?: Record<string, unknown>, auth = ADMIN): Promise<Record<string, unknown>> {
  const response = await request(server, `${API}${path}${path.includes('?') ? '&' : '?'}format=json`, {
    method,
    headers: { authorization: auth, 'content-type': 'application/json', 'ocs-apirequest': 'true' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { ocs: { data: Record<string, unknown> } }).ocs.data;
}

const shareWithBob = async (path: string, permissions = 31): Promise<string> => String((await ocs('POST', '/shares', { path, shareType: 0, shareWith: 'bob', permissions })).id);

/** Bob's change feed, as the browser reads it: the `node` events' data, parsed. */
async function bobsFeed() {
  const response = await request(server, FEED, { headers: { authorization: BOB } });
  expect(response.status).toBe(200);
  const stream = readEvents(response);
  const nodes = (): Record<string, unknown>[] => stream.events.filter(({ event }) => event === 'node').map(({ data }) => JSON.parse(data) as Record<string, unknown>);
  await stream.until((events) => events.some(({ event }) => event === 'ready'), 'the ready event', 5000);
  return {
    get nodes() {
      return nodes();
    },
    /** Waits for an event matching `wanted` (every field equal). */
    async waitFor(wanted: Record<string, unknown>): Promise<Record<string, unknown>> {
      const matches = (node: Record<string, unknown>): boolean => Object.entries(wanted).every(([key, value]) => node[key] === value);
      await stream.until(() => nodes().some(matches), `bob's feed to hold ${JSON.stringify(wanted)}`, 5000);
      return nodes().find(matches) as Record<string, unknown>;
    },
    close: () => stream.close(),
  };
}

beforeAll(async () => {
  server = await startTestServer({ changeFeed: { pollIntervalMs: 50 } });
  await server.built.accounts.users.create({ uid: 'bob', password: 'bob-password-1', displayName: 'Bob' });
  for (const folder of ['/Project', '/Project/docs', '/Archive', '/Elsewhere']) expect((await dav(ADMIN, 'admin', folder, { method: 'MKCOL' })).status).toBe(201);
  expect((await dav(ADMIN, 'admin', '/Project/plan.txt', { method: 'PUT', body: 'plan' })).status).toBe(201);
  expect((await dav(BOB, 'bob', '/Inbox', { method: 'MKCOL' })).status).toBe(201);
}, 60_000);
afterAll(() => server.stop());

describe("the recipient's folder etags", () => {
  let shareId = '';

  it('change at the root when a share is added, and again when it is removed', async () => {
    const before = await etagOf('/');
    shareId = await shareWithBob('/Project');
    const shared = await etagOf('/');
    expect(shared).not.toBe(before);
    expect((await bobSees('/', '1')).has('/Project')).toBe(true);
    // Another share, then that one removed: each a new root etag.
    const archive = await shareWithBob('/Archive', 1);
    const both = await etagOf('/');
    expect(both).not.toBe(shared);
    await ocs('DELETE', `/shares/${archive}`);
    const after = await etagOf('/');
    expect(after).not.toBe(both);
    expect((await bobSees('/', '1')).has('/Archive')).toBe(false);
  });

  it('change at the root when something changes inside the share, and the mount root with it', async () => {
    const root = await etagOf('/');
    const mount = (await bobSees('/', '1')).get('/Project')?.etag;
    expect((await dav(ADMIN, 'admin', '/Project/docs/new.txt', { method: 'PUT', body: 'new' })).status).toBe(201);
    const rootAfter = await etagOf('/');
    expect(rootAfter).not.toBe(root);
    expect((await bobSees('/', '1')).get('/Project')?.etag).not.toBe(mount);
    // The same listing asked again: nothing changed, the same etag (it is not made up per request).
    expect(await etagOf('/')).toBe(rootAfter);
    // A change of the owner's outside the share changes nothing bob sees.
    expect((await dav(ADMIN, 'admin', '/Elsewhere/x.txt', { method: 'PUT', body: 'x' })).status).toBe(201);
    expect(await etagOf('/')).toBe(rootAfter);
  });

  it('change on every folder above a share the recipient moved, where it left and where it went', async () => {
    const root = await etagOf('/');
    const inbox = await etagOf('/Inbox');
    const moved = await dav(BOB, 'bob', '/Project', { method: 'MOVE', headers: { destination: `${server.url}/remote.php/dav/files/bob/Inbox/Project` } });
    expect(moved.status).toBe(201);
    const rootMoved = await etagOf('/');
    const inboxMoved = await etagOf('/Inbox');
    expect(rootMoved).not.toBe(root);
    expect(inboxMoved).not.toBe(inbox);
    // Inside the moved share: the root's listing shows /Inbox with its new etag, and a change inside reaches both.
    expect((await bobSees('/', '1')).get('/Inbox')?.etag).toBe(inboxMoved);
    expect((await dav(ADMIN, 'admin', '/Project/plan.txt', { method: 'PUT', body: 'plan, edited' })).status).toBe(204);
    expect(await etagOf('/Inbox')).not.toBe(inboxMoved);
    expect(await etagOf('/')).not.toBe(rootMoved);
    expect((await bobSees('/', '1')).get('/Inbox')?.etag).toBe(await etagOf('/Inbox'));
    // Back to the root, for the tests after.
    expect((await dav(BOB, 'bob', '/Inbox/Project', { method: 'MOVE', headers: { destination: `${server.url}/remote.php/dav/files/bob/Project` } })).status).toBe(201);
  });

  it('change when the share is removed by its owner, and the share is gone from the listing', async () => {
    const root = await etagOf('/');
    await ocs('DELETE', `/shares/${shareId}`);
    expect(await etagOf('/')).not.toBe(root);
    expect([...(await bobSees('/', '1')).keys()].sort()).toEqual(['/', '/Inbox']);
  });
});

describe("the recipient's change feed", () => {
  it('tells a share landing, a file added, renamed and moved out inside it, and the share leaving, at the recipient\'s paths', async () => {
    const feed = await bobsFeed();
    const id = await shareWithBob('/Project');
    const project = (await bobSees('/', '1')).get('/Project');
    expect(await feed.waitFor({ path: '/Project', folder: '/', type: 'folder' })).toMatchObject({ etag: project?.etag });
    expect((await dav(ADMIN, 'admin', '/Project/docs/live.txt', { method: 'PUT', body: 'live' })).status).toBe(201);
    const added = await feed.waitFor({ path: '/Project/docs/live.txt' });
    expect(added).toMatchObject({ folder: '/Project/docs', type: 'file', etag: expect.any(String) });
    expect(added).not.toHaveProperty('deleted');
    expect((await dav(ADMIN, 'admin', '/Project/docs/live.txt', { method: 'MOVE', headers: { destination: `${server.url}/remote.php/dav/files/admin/Project/docs/renamed.txt` } })).status).toBe(201);
    expect(await feed.waitFor({ path: '/Project/docs/renamed.txt' })).toMatchObject({ from: '/Project/docs/live.txt', fileid: added.fileid });
    expect((await dav(ADMIN, 'admin', '/Project/docs/renamed.txt', { method: 'MOVE', headers: { destination: `${server.url}/remote.php/dav/files/admin/Elsewhere/renamed.txt` } })).status).toBe(201);
    expect(await feed.waitFor({ path: '/Project/docs/renamed.txt', deleted: true })).toMatchObject({ fileid: added.fileid });
    await ocs('DELETE', `/shares/${id}`);
    await feed.waitFor({ path: '/Project', deleted: true });
    // Nothing of the owner's own tree (paths bob has no way to) ever reached bob.
    expect(feed.nodes.filter((node) => String(node.path).startsWith('/Elsewhere'))).toEqual([]);
    await feed.close();
  });

  it("never tells the recipient of the owner's favorite mark on a shared node: a mark is its user's alone", async () => {
    const id = await shareWithBob('/Project');
    const feed = await bobsFeed();
    const mark = `<d:propertyupdate xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:set><d:prop><oc:favorite>1</oc:favorite></d:prop></d:set></d:propertyupdate>`;
    expect((await dav(ADMIN, 'admin', '/Project/plan.txt', { method: 'PROPPATCH', body: mark })).status).toBe(207);
    // A later change inside the share reaches bob, so the mark's event, had it been sent, would be there before it.
    expect((await dav(ADMIN, 'admin', '/Project/after-mark.txt', { method: 'PUT', body: 'after' })).status).toBe(201);
    await feed.waitFor({ path: '/Project/after-mark.txt' });
    expect(feed.nodes.filter((node) => node.path === '/Project/plan.txt')).toEqual([]);
    await feed.close();
    await ocs('DELETE', `/shares/${id}`);
  });

  it("tells a change of the share's permissions, which changes the recipient's root etag too", async () => {
    const id = await shareWithBob('/Project');
    const feed = await bobsFeed();
    const before = await etagOf('/');
    await ocs('PUT', `/shares/${id}`, { permissions: 1 });
    expect(await feed.waitFor({ path: '/Project', properties: true })).toMatchObject({ folder: '/', type: 'folder' });
    expect(await etagOf('/')).not.toBe(before);
    expect((await bobSees('/', '1')).get('/Project')?.permissions).toBe('SGDNV');
    await ocs('DELETE', `/shares/${id}`);
    await feed.close();
  });

  it('tells the recipient of their own rename of the share root and of leaving it', async () => {
    await shareWithBob('/Project');
    const feed = await bobsFeed();
    expect((await dav(BOB, 'bob', '/Project', { method: 'MOVE', headers: { destination: `${server.url}/remote.php/dav/files/bob/Our%20Project` } })).status).toBe(201);
    expect(await feed.waitFor({ path: '/Our Project' })).toMatchObject({ from: '/Project', type: 'folder' });
    expect((await dav(BOB, 'bob', '/Our Project', { method: 'DELETE' })).status).toBe(204);
    await feed.waitFor({ path: '/Our Project', deleted: true });
    expect((await dav(ADMIN, 'admin', '/Project/plan.txt')).status).toBe(200);
    await feed.close();
  });

  it('keeps the recipient\'s changes in the shared table every server process reads, under the recipient', async () => {
    const id = await shareWithBob('/Project');
    expect((await dav(ADMIN, 'admin', '/Project/table.txt', { method: 'PUT', body: 't' })).status).toBe(201);
    await ocs('DELETE', `/shares/${id}`);
    const deadline = Date.now() + 5000;
    let rows = await server.built.changes.log.forUser('bob', 0, 1000);
    while (!rows.some((row) => row.path === '/Project' && row.etag === null) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      rows = await server.built.changes.log.forUser('bob', 0, 1000);
    }
    const tail = rows.slice(rows.map((row) => row.path === '/Project' && row.etag !== null).lastIndexOf(true));
    expect(tail.map((row) => [row.path, row.etag === null])).toEqual([
      ['/Project', false],
      ['/Project/table.txt', false],
      ['/Project', true],
    ]);
  });
});

describe('the mount root of a read-only share', () => {
  it('can be renamed, moved and left by the recipient (D and NV), its content not written, the owner\'s files kept', async () => {
    await shareWithBob('/Archive', 1);
    expect((await bobSees('/', '1')).get('/Archive')?.permissions).toBe('SGDNV');
    expect((await dav(BOB, 'bob', '/Archive/x.txt', { method: 'PUT', body: 'x' })).status).toBe(403);
    expect((await dav(BOB, 'bob', '/Archive', { method: 'MOVE', headers: { destination: `${server.url}/remote.php/dav/files/bob/Inbox/Old` } })).status).toBe(201);
    expect((await bobSees('/Inbox', '1')).get('/Inbox/Old')?.permissions).toBe('SGDNV');
    expect((await dav(BOB, 'bob', '/Inbox/Old', { method: 'DELETE' })).status).toBe(204);
    expect((await dav(BOB, 'bob', '/Inbox/Old', { method: 'PROPFIND', headers: { depth: '0' } })).status).toBe(404);
    expect((await dav(ADMIN, 'admin', '/Archive', { method: 'PROPFIND', headers: { depth: '0' } })).status).toBe(207);
    expect(await ocs('GET', '/shares?shared_with_me=true', undefined, BOB)).toEqual([]);
  });
});
