/**
 * The permission choices of a public link against the real server, as Nextcloud's sharing tab
 * offers them: "View only" (READ), "Allow upload and editing" (READ, CREATE, UPDATE, DELETE),
 * "File drop (upload only)" (CREATE) on folders and "View only" / "Can edit" (READ, UPDATE) on
 * files; what the OCS API stores for each (permissions or the legacy `publicUpload`, clamped to
 * what the node can carry), and what an anonymous visitor then can and cannot do over public
 * WebDAV, with `oc:permissions` saying exactly that.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestServer } from '../../../../tests/server/helpers';
import { ADMIN, request, startTestServer } from '../../../../tests/server/helpers';

const API = '/ocs/v2.php/apps/files_sharing/api/v1';
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const PERMISSIONS_PROP = '<d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><oc:permissions/></d:prop></d:propfind>';
let server: TestServer;

interface Answer {
  status: number;
  message: string;
  permissions?: number;
  token?: string;
  id?: string;
}

async function ocs(method: string, path: string, body: Record<string, unknown>): Promise<Answer> {
  const response = await request(server, `${API}${path}?format=json`, { method, headers: { authorization: ADMIN, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await response.json()) as { ocs: { meta: { message: string }; data: { permissions?: number; token?: string; id?: string } } };
  return { status: response.status, message: json.ocs.meta.message, permissions: json.ocs.data.permissions, token: json.ocs.data.token, id: json.ocs.data.id };
}

async function link(body: Record<string, unknown>): Promise<Answer> {
  return ocs('POST', '/shares', { shareType: 3, ...body });
}

/** A visitor's request on the link's public WebDAV. */
function visit(token: string, path: string, method = 'GET', headers: Record<string, string> = {}, body?: string): Promise<Response> {
  return request(server, `/public.php/dav/files/${token}${path}`, { method, headers: { ...XHR, ...headers }, ...(body !== undefined ? { body } : {}) });
}

/** `oc:permissions` of the link's root and its children as the visitor's PROPFIND gives them, by name ('' the root). */
async function letters(token: string): Promise<Record<string, string>> {
  const response = await visit(token, '', 'PROPFIND', { depth: '1' }, PERMISSIONS_PROP);
  expect(response.status).toBe(207);
  const out: Record<string, string> = {};
  for (const match of (await response.text()).matchAll(/<d:href>([^<]*)<\/d:href>.*?<oc:permissions>([^<]*)<\/oc:permissions>/gs)) {
    out[decodeURIComponent((match[1] ?? '').slice(`/public.php/dav/files/${token}`.length).replace(/^\/|\/$/g, ''))] = match[2] ?? '';
  }
  return out;
}

async function ownerReads(path: string): Promise<string | null> {
  const response = await request(server, `/remote.php/dav/files/admin${path}`, { headers: { authorization: ADMIN } });
  return response.status === 200 ? response.text() : null;
}

beforeAll(async () => {
  server = await startTestServer({});
  for (const folder of ['/View', '/Edit', '/Drop', '/Legacy']) {
    expect((await request(server, `/remote.php/dav/files/admin${folder}`, { method: 'MKCOL', headers: { authorization: ADMIN } })).status).toBe(201);
  }
  for (const path of ['/View/v.txt', '/Edit/e.txt', '/Drop/d.txt', '/Legacy/l.txt', '/single.txt', '/editable.txt']) {
    await request(server, `/remote.php/dav/files/admin${path}`, { method: 'PUT', headers: { authorization: ADMIN }, body: `content of ${path}` });
  }
}, 60000);
afterAll(async () => {
  await server.stop();
});

describe('a folder link', () => {
  it('"View only" (READ): the visitor lists and reads, and can change nothing', async () => {
    const { permissions, token = '' } = await link({ path: '/View', permissions: 1 });
    expect(permissions).toBe(17);
    expect(await letters(token)).toEqual({ '': 'G', 'v.txt': 'G' });
    expect(await (await visit(token, '/v.txt')).text()).toBe('content of /View/v.txt');
    expect((await visit(token, '/new.txt', 'PUT', {}, 'x')).status).toBe(403);
    expect((await visit(token, '/v.txt', 'PUT', {}, 'x')).status).toBe(403);
    expect((await visit(token, '/sub', 'MKCOL')).status).toBe(403);
    expect((await visit(token, '/v.txt', 'MOVE', { destination: `${server.url}/public.php/dav/files/${token}/w.txt` })).status).toBe(403);
    expect((await visit(token, '/v.txt', 'DELETE')).status).toBe(403);
    expect(await ownerReads('/View/v.txt')).toBe('content of /View/v.txt');
    expect(await ownerReads('/View/new.txt')).toBeNull();
  });

  it('"Allow upload and editing" (15): uploads, edits, renames and deletes inside; the shared folder itself stays', async () => {
    const { permissions, token = '' } = await link({ path: '/Edit', permissions: 15 });
    expect(permissions).toBe(31);
    // The root can take new nodes but is not the visitor's to delete, rename or move.
    expect(await letters(token)).toEqual({ '': 'GCK', 'e.txt': 'GDNVW' });
    expect((await visit(token, '/up.txt', 'PUT', {}, 'uploaded')).status).toBe(201);
    expect((await visit(token, '/e.txt', 'PUT', {}, 'edited')).status).toBe(204);
    expect((await visit(token, '/sub', 'MKCOL')).status).toBe(201);
    expect((await visit(token, '/up.txt', 'MOVE', { destination: `${server.url}/public.php/dav/files/${token}/renamed.txt` })).status).toBe(201);
    expect((await visit(token, '/renamed.txt', 'DELETE')).status).toBe(204);
    expect((await visit(token, '', 'DELETE')).status).toBe(403);
    expect((await visit(token, '', 'MOVE', { destination: `${server.url}/public.php/dav/files/${token}/x` })).status).toBe(403);
    expect(await ownerReads('/Edit/e.txt')).toBe('edited');
    expect(await ownerReads('/Edit/renamed.txt')).toBeNull();
  });

  it('"File drop (upload only)" (CREATE): uploads without listing, reading or overwriting', async () => {
    const { permissions, token = '' } = await link({ path: '/Drop', permissions: 4 });
    expect(permissions).toBe(4);
    expect((await visit(token, '', 'PROPFIND', { depth: '1' }, PERMISSIONS_PROP)).status).toBe(405);
    expect((await visit(token, '/d.txt')).status).toBe(405);
    expect((await request(server, `/s/${token}/download`)).status).toBe(403);
    expect((await visit(token, '/d.txt', 'PUT', {}, 'dropped')).status).toBe(201);
    expect((await visit(token, '/d.txt', 'DELETE')).status).toBe(405);
    expect(await ownerReads('/Drop/d.txt')).toBe('content of /Drop/d.txt');
    expect(await ownerReads('/Drop/d%20(2).txt')).toBe('dropped');
  });

  it('takes the legacy publicUpload flag as Nextcloud does: true is upload and editing, false view only (it overrides permissions)', async () => {
    const created = await link({ path: '/Legacy', publicUpload: 'true', permissions: 1 });
    expect(created.permissions).toBe(31);
    expect(await letters(created.token ?? '')).toEqual({ '': 'GCK', 'l.txt': 'GDNVW' });
    const off = await ocs('PUT', `/shares/${created.id}`, { publicUpload: 'false' });
    expect([off.status, off.permissions]).toEqual([200, 17]);
    expect(await letters(created.token ?? '')).toEqual({ '': 'G', 'l.txt': 'G' });
    const drop = await ocs('PUT', `/shares/${created.id}`, { permissions: 4 });
    expect([drop.status, drop.permissions]).toEqual([200, 4]);
    const edit = await ocs('PUT', `/shares/${created.id}`, { permissions: 15 });
    expect([edit.status, edit.permissions]).toEqual([200, 31]);
  });

  it('refuses permissions no choice stands for, and changes nothing', async () => {
    const { id, token = '' } = await link({ path: '/Legacy', permissions: 1 });
    for (const [permissions, message] of [
      [2, 'Share must at least have READ or CREATE permissions'],
      [12, 'Share must have READ permission if UPDATE or DELETE permission is set'],
      [32, 'Invalid permissions'],
    ] as const) {
      expect(await link({ path: '/Legacy', permissions })).toMatchObject({ status: 400, message });
      expect(await ocs('PUT', `/shares/${id}`, { permissions })).toMatchObject({ status: 400, message });
    }
    expect(await letters(token)).toEqual({ '': 'G', 'l.txt': 'G' });
  });
});

describe('a file link', () => {
  it('"View only": the visitor reads the file and cannot replace it', async () => {
    const { permissions, token = '' } = await link({ path: '/single.txt' });
    expect(permissions).toBe(17);
    expect(await letters(token)).toEqual({ '': 'G' });
    expect((await visit(token, '', 'PUT', {}, 'replaced')).status).toBe(403);
    expect(await ownerReads('/single.txt')).toBe('content of /single.txt');
  });

  it('"Can edit" (READ, UPDATE): the visitor replaces the file, and cannot rename, move or delete it', async () => {
    const { permissions, token = '' } = await link({ path: '/editable.txt', permissions: 3 });
    expect(permissions).toBe(19);
    expect(await letters(token)).toEqual({ '': 'GW' });
    expect((await visit(token, '', 'PUT', {}, 'new contents')).status).toBe(204);
    expect(await ownerReads('/editable.txt')).toBe('new contents');
    expect(await (await visit(token, '')).text()).toBe('new contents');
    expect((await visit(token, '', 'DELETE')).status).toBe(403);
    expect(await ownerReads('/editable.txt')).toBe('new contents');
  });

  it('clamps a folder\'s choices to what a file carries: upload and editing is Can edit; upload and file drop are refused', async () => {
    expect((await link({ path: '/single.txt', permissions: 15 })).permissions).toBe(19);
    expect(await link({ path: '/single.txt', publicUpload: 'true' })).toMatchObject({ status: 400, message: 'Public upload is only possible for publicly shared folders' });
    expect(await link({ path: '/single.txt', permissions: 4 })).toMatchObject({ status: 400, message: 'Public upload is only possible for publicly shared folders' });
    const { id } = await link({ path: '/single.txt' });
    expect(await ocs('PUT', `/shares/${id}`, { publicUpload: 'true' })).toMatchObject({ status: 400, message: 'Public upload is only possible for publicly shared folders' });
    expect((await ocs('PUT', `/shares/${id}`, { permissions: 31 })).permissions).toBe(19);
  });
});
