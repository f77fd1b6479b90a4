/**
 * The sharing plugin's OCS share API against the real server: create, list, get, update and
 * delete user and link shares at Nextcloud's paths (v1 and v2, JSON and XML), with the
 * protocol's field types, permission rules and status codes (protocol §1–§3, §5.4).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestServer } from '../../../../tests/server/helpers';
import { ADMIN, basic, request, startTestServer } from '../../../../tests/server/helpers';

interface Envelope<T> {
  ocs: { meta: { status: string; statuscode: number; message: string; totalitems?: string }; data: T };
}
type Share = Record<string, unknown>;

const API = '/ocs/v2.php/apps/files_sharing/api/v1';
const BOB = basic('bob', 'bob-password-1');
const CAROL = basic('carol', 'carol-password-1');

let server: TestServer;

async function ocs<T>(method: string, path: string, auth: string, body?: Record<string, unknown>): Promise<{ status: number; body: Envelope<T>; headers: Headers }> {
  const response = await request(server, `${path}${path.includes('?') ? '&' : '?'}format=json`, {
    method,
    headers: { authorization: auth, 'ocs-apirequest': 'true', ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T>, headers: response.headers };
}

async function put(auth: string, path: string, content = 'x'): Promise<void> {
  const user = Buffer.from(auth.slice(6), 'base64').toString().split(':')[0] ?? '';
  const response = await request(server, `/remote.php/dav/files/${user}${path}`, { method: 'PUT', headers: { authorization: auth }, body: content });
  expect([201, 204]).toContain(response.status);
}

async function mkcol(auth: string, path: string): Promise<void> {
  const user = Buffer.from(auth.slice(6), 'base64').toString().split(':')[0] ?? '';
  const response = await request(server, `/remote.php/dav/files/${user}${path}`, { method: 'MKCOL', headers: { authorization: auth } });
  expect(response.status).toBe(201);
}

beforeAll(async () => {
  server = await startTestServer();
  await server.built.accounts.users.create({ uid: 'bob', password: 'bob-password-1', displayName: 'Bob Builder' });
  await server.built.accounts.users.create({ uid: 'carol', password: 'carol-password-1', displayName: 'Carol' });
  await mkcol(ADMIN, '/Photos');
  await put(ADMIN, '/Photos/a.jpg', 'jpeg');
  await put(ADMIN, '/report.txt', 'report');
  await mkcol(ADMIN, '/Photos/Sub');
}, 60000);
afterAll(() => server.stop());

describe('creating shares', () => {
  it('creates a read-only link with permissions 17, a token, a url and the typed fields', async () => {
    const { status, body } = await ocs<Share>('POST', `${API}/shares`, ADMIN, { path: '/Photos', shareType: 3 });
    expect(status).toBe(200);
    expect(body.ocs.meta).toMatchObject({ status: 'ok', statuscode: 200, message: 'OK' });
    expect(body.ocs.meta).not.toHaveProperty('totalitems');
    const share = body.ocs.data;
    expect(typeof share.id).toBe('string');
    expect(share).toMatchObject({
      share_type: 3,
      permissions: 17,
      uid_owner: 'admin',
      uid_file_owner: 'admin',
      item_type: 'folder',
      path: '/Photos',
      file_target: '/Photos',
      mimetype: 'httpd/unix-directory',
      share_with: null,
      share_with_displayname: '(Shared link)',
      password: null,
      parent: null,
      expiration: null,
      hide_download: 0,
      mail_send: 0,
      attributes: null,
      can_edit: true,
      can_delete: true,
      'mount-type': '',
      'is-mount-root': false,
    });
    expect(share.token).toMatch(/^[a-zA-Z2-9]{15}$/);
    expect(share.url).toBe(`${server.url}/index.php/s/${String(share.token)}`);
    for (const key of ['stime', 'item_source', 'file_source', 'file_parent', 'item_size', 'item_mtime', 'storage', 'item_permissions']) expect(typeof share[key]).toBe('number');
    expect(share.item_source).toBe(share.file_source);
  });

  it('gives public-upload links 31 (legacy publicUpload overriding permissions) and file drops 4', async () => {
    const upload = await ocs<Share>('POST', `${API}/shares`, ADMIN, { path: '/Photos', shareType: 3, permissions: 1, publicUpload: 'true' });
    expect(upload.body.ocs.data.permissions).toBe(31);
    const drop = await ocs<Share>('POST', `${API}/shares`, ADMIN, { path: '/Photos', shareType: 3, permissions: 4 });
    expect(drop.body.ocs.data.permissions).toBe(4);
    const onFile = await ocs<Share>('POST', `${API}/shares`, ADMIN, { path: '/report.txt', shareType: 3, publicUpload: 'true' });
    expect(onFile.status).toBe(400);
    const neither = await ocs<Share>('POST', `${API}/shares`, ADMIN, { path: '/Photos', shareType: 3, permissions: 2 });
    expect(neither.body.ocs.meta.message).toBe('Share must at least have READ or CREATE permissions');
  });

  it('stores a link password hashed, never in clear', async () => {
    const { body } = await ocs<Share>('POST', `${API}/shares`, ADMIN, { path: '/report.txt', shareType: 3, password: 's3cret!', label: 'family', expireDate: '2031-01-31' });
    const share = body.ocs.data;
    expect(share.password).toMatch(/^\$argon2id\$/);
    expect(share.share_with).toBe(share.password);
    expect(JSON.stringify(share)).not.toContain('s3cret!');
    expect(share).toMatchObject({ label: 'family', expiration: '2031-01-31 00:00:00', item_type: 'file', permissions: 17 });
  });

  it('shares with a user: default 31 on a folder, at most 19 on a file, READ always added', async () => {
    const folder = await ocs<Share>('POST', `${API}/shares`, ADMIN, { path: '/Photos', shareType: 0, shareWith: 'bob' });
    expect(folder.body.ocs.data).toMatchObject({ share_type: 0, permissions: 31, share_with: 'bob', share_with_displayname: 'Bob Builder', share_with_displayname_unique: 'bob', file_target: '/Photos' });
    expect(folder.body.ocs.data).not.toHaveProperty('url');
    const file = await ocs<Share>('POST', `${API}/shares`, ADMIN, { path: 'report.txt', shareType: '0', shareWith: 'bob', permissions: '2' });
    expect(file.body.ocs.data.permissions).toBe(3);
    const again = await ocs<Share>('POST', `${API}/shares`, ADMIN, { path: '/Photos', shareType: 0, shareWith: 'bob', permissions: 1 });
    expect(again.body.ocs.data.id).toBe(folder.body.ocs.data.id);
  });

  it('answers the documented errors', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ shareType: 3 }, 404, 'Please specify a file or folder path'],
      [{ path: '/nope', shareType: 3 }, 404, 'Wrong path, file/folder does not exist'],
      [{ path: '/../bob', shareType: 3 }, 404, 'Wrong path, file/folder does not exist'],
      [{ path: '/Photos', shareType: 99 }, 400, 'Unknown share type'],
      [{ path: '/Photos', shareType: 0, shareWith: 'nobody' }, 404, 'Please specify a valid account to share with'],
      [{ path: '/Photos', shareType: 0, shareWith: 'admin' }, 403, 'Cannot share with yourself'],
      [{ path: '/', shareType: 3 }, 403, 'You cannot share your root folder'],
      [{ path: '/Photos', shareType: 1, shareWith: 'staff' }, 404, 'Group sharing is disabled by the administrator'],
      [{ path: '/Photos', shareType: 3, expireDate: 'soon' }, 404, 'Invalid date. Format must be YYYY-MM-DD'],
      [{ path: '/Photos', shareType: 3, expireDate: '2001-01-01' }, 404, 'Expiration date is in the past'],
      [{ path: '/Photos', shareType: 3, label: 'x'.repeat(256) }, 400, 'Maximum label length is 255'],
      [{ path: '/Photos', shareType: 3, attributes: '{"a":1}' }, 400, 'Invalid share attributes provided: "{"a":1}"'],
    ];
    for (const [body, status, message] of cases) {
      const answer = await ocs<unknown>('POST', `${API}/shares`, ADMIN, body);
      expect({ body, status: answer.status, message: answer.body.ocs.meta.message }).toEqual({ body, status, message });
      expect(answer.body.ocs.data).toEqual([]);
    }
  });
});

describe('reshares and the sharer limit', () => {
  it('lets a recipient reshare within their permissions only, and not without SHARE', async () => {
    await mkcol(ADMIN, '/Team');
    await mkcol(ADMIN, '/Team/Docs');
    await ocs<Share>('POST', `${API}/shares`, ADMIN, { path: '/Team', shareType: 0, shareWith: 'bob', permissions: 1 | 16 | 4 });
    const more = await ocs<Share>('POST', `${API}/shares`, BOB, { path: '/Team/Docs', shareType: 0, shareWith: 'carol', permissions: 31 });
    expect(more.status).toBe(404);
    expect(more.body.ocs.meta.message).toBe('Cannot increase permissions of Docs');
    const ok = await ocs<Share>('POST', `${API}/shares`, BOB, { path: '/Team/Docs', shareType: 0, shareWith: 'carol', permissions: 5 });
    expect(ok.body.ocs.data).toMatchObject({ uid_owner: 'bob', uid_file_owner: 'admin', permissions: 5, path: '/Team/Docs', 'mount-type': 'shared', 'is-mount-root': false });
    await ocs<Share>('POST', `${API}/shares`, ADMIN, { path: '/report.txt', shareType: 0, shareWith: 'carol', permissions: 1 });
    const noShare = await ocs<Share>('POST', `${API}/shares`, CAROL, { path: '/report.txt', shareType: 3 });
    expect(noShare.status).toBe(404);
    expect(noShare.body.ocs.meta.message).toBe('You are not allowed to share report.txt');
  });

  it('lists received shares for shared_with_me, the path as the recipient sees it', async () => {
    const { body } = await ocs<Share[]>('GET', `${API}/shares?shared_with_me=true`, BOB);
    const paths = body.ocs.data.map((share) => share.path).sort();
    expect(paths).toEqual(['/Photos', '/Team', '/report.txt']);
    expect(body.ocs.data.every((share) => share['mount-type'] === 'shared' && share['is-mount-root'] === true && share.can_edit === false)).toBe(true);
  });

  it('shows the owner reshares on a path with reshares=true only', async () => {
    const own = await ocs<Share[]>('GET', `${API}/shares?path=/Team/Docs`, ADMIN);
    expect(own.body.ocs.data).toEqual([]);
    const all = await ocs<Share[]>('GET', `${API}/shares?path=/Team/Docs&reshares=true`, ADMIN);
    expect(all.body.ocs.data.map((share) => share.uid_owner)).toEqual(['bob']);
    const sub = await ocs<Share[]>('GET', `${API}/shares?path=/Team&subfiles=true`, BOB);
    expect(sub.body.ocs.data.map((share) => share.path)).toEqual(['/Team/Docs']);
    const notDir = await ocs<unknown>('GET', `${API}/shares?path=/report.txt&subfiles=true`, ADMIN);
    expect(notDir.body.ocs.meta.message).toBe('Not a directory');
  });
});

describe('get, update, delete', () => {
  let linkId = '';
  beforeAll(async () => {
    linkId = String((await ocs<Share>('POST', `${API}/shares`, ADMIN, { path: '/Photos/Sub', shareType: 3 })).body.ocs.data.id);
  });

  it('gets one share as a list of one, 404 for others', async () => {
    const one = await ocs<Share[]>('GET', `${API}/shares/${linkId}`, ADMIN);
    expect(one.body.ocs.data).toHaveLength(1);
    expect(one.body.ocs.data[0]?.id).toBe(linkId);
    const stranger = await ocs<unknown>('GET', `${API}/shares/${linkId}`, CAROL);
    expect([stranger.status, stranger.body.ocs.meta.message]).toEqual([404, 'Wrong share ID, share does not exist']);
    const bogus = await ocs<unknown>('GET', `${API}/shares/abc`, ADMIN);
    expect(bogus.status).toBe(404);
  });

  it('updates each field and returns the object', async () => {
    const none = await ocs<unknown>('PUT', `${API}/shares/${linkId}`, ADMIN, { name: 'x' });
    expect([none.status, none.body.ocs.meta.message]).toEqual([400, 'Wrong or no update parameter given']);
    const updated = await ocs<Share>('PUT', `${API}/shares/${linkId}`, ADMIN, { permissions: 15, note: 'hi', label: 'L', hideDownload: 'true', expireDate: '2040-02-03', attributes: '[{"scope":"permissions","key":"download","value":false}]' });
    expect(updated.body.ocs.data).toMatchObject({ permissions: 31, note: 'hi', label: 'L', hide_download: 1, expiration: '2040-02-03 00:00:00', attributes: '[{"scope":"permissions","key":"download","value":false}]' });
    const cleared = await ocs<Share>('PUT', `${API}/shares/${linkId}`, ADMIN, { expireDate: '', password: 'pw-1234' });
    expect(cleared.body.ocs.data.expiration).toBeNull();
    expect(cleared.body.ocs.data.password).toMatch(/^\$argon2id\$/);
    const unset = await ocs<Share>('PUT', `${API}/shares/${linkId}`, ADMIN, { password: '' });
    expect(unset.body.ocs.data.password).toBeNull();
  });

  it('refuses a recipient editing an incoming share (403) and lets them delete it', async () => {
    const received = (await ocs<Share[]>('GET', `${API}/shares?shared_with_me=true`, CAROL)).body.ocs.data;
    const share = received.find((item) => item.path === '/report.txt');
    const edit = await ocs<unknown>('PUT', `${API}/shares/${String(share?.id)}`, CAROL, { permissions: 1 });
    expect([edit.status, edit.body.ocs.meta.message]).toEqual([403, 'You are not allowed to edit incoming shares']);
    const removed = await ocs<unknown>('DELETE', `${API}/shares/${String(share?.id)}`, CAROL);
    expect([removed.status, removed.body.ocs.data]).toEqual([200, []]);
    const after = (await ocs<Share[]>('GET', `${API}/shares?shared_with_me=true`, CAROL)).body.ocs.data;
    expect(after.map((item) => item.path)).toEqual(['/Docs']);
  });

  it('deleting a user share deletes its recipient reshares', async () => {
    const team = (await ocs<Share[]>('GET', `${API}/shares?path=/Team`, ADMIN)).body.ocs.data[0];
    expect((await ocs<unknown>('DELETE', `${API}/shares/${String(team?.id)}`, ADMIN)).status).toBe(200);
    expect((await ocs<Share[]>('GET', `${API}/shares?shared_with_me=true`, CAROL)).body.ocs.data).toEqual([]);
  });

  it('drops the shares of a deleted node', async () => {
    await mkcol(ADMIN, '/Gone');
    await ocs<Share>('POST', `${API}/shares`, ADMIN, { path: '/Gone', shareType: 3 });
    await request(server, '/remote.php/dav/files/admin/Gone', { method: 'DELETE', headers: { authorization: ADMIN } });
    const all = (await ocs<Share[]>('GET', `${API}/shares`, ADMIN)).body.ocs.data;
    expect(all.some((share) => share.path === '/Gone')).toBe(false);
  });
});

describe('envelope, sharees and capabilities', () => {
  it('speaks v1 (statuscode 100, HTTP 200 for errors with the error code) and XML', async () => {
    const v1 = await request(server, '/ocs/v1.php/apps/files_sharing/api/v1/shares/999999?format=json', { headers: { authorization: ADMIN } });
    expect(v1.status).toBe(200);
    const body = (await v1.json()) as Envelope<unknown>;
    expect(body.ocs.meta).toEqual({ status: 'failure', statuscode: 404, message: 'Wrong share ID, share does not exist', totalitems: '', itemsperpage: '' });
    const ok = (await (await request(server, '/ocs/v1.php/apps/files_sharing/api/v1/shares?format=json', { headers: { authorization: ADMIN } })).json()) as Envelope<unknown[]>;
    expect(ok.ocs.meta.statuscode).toBe(100);
    const xml = await request(server, `${API}/shares`, { headers: { authorization: ADMIN } });
    expect(xml.headers.get('content-type')).toContain('application/xml');
    expect(await xml.text()).toMatch(/^<\?xml version="1.0"\?>\n<ocs><meta><status>ok<\/status><statuscode>200<\/statuscode>.*<data><element><id>\d+<\/id>/s);
  });

  it('takes form and query parameters like JSON', async () => {
    const form = await request(server, `${API}/shares?format=json&path=/report.txt`, {
      method: 'POST',
      headers: { authorization: ADMIN, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'shareType=3&password=pw-9999',
    });
    const share = ((await form.json()) as Envelope<Share>).ocs.data;
    expect(share).toMatchObject({ share_type: 3, path: '/report.txt' });
    expect(share.password).toMatch(/^\$argon2id\$/);
  });

  it('searches sharees over the users, exact matches apart, never the viewer', async () => {
    const { body } = await ocs<Record<string, unknown>>('GET', `${API}/sharees?itemType=folder&search=bob`, ADMIN);
    expect(body.ocs.data).toMatchObject({
      exact: { users: [{ label: 'Bob Builder', value: { shareType: 0, shareWith: 'bob' }, shareWithDisplayNameUnique: 'bob', icon: 'icon-user', subline: '', status: [] }], groups: [], remotes: [], remote_groups: [], emails: [], circles: [], rooms: [] },
      users: [],
      lookupEnabled: false,
    });
    const all = await ocs<{ users: { value: { shareWith: string } }[] }>('GET', `${API}/sharees?itemType=file&search=&perPage=1`, ADMIN);
    expect(all.body.ocs.data.users.map((user) => user.value.shareWith)).toEqual(['bob']);
    expect(all.headers.get('link')).toContain('page=2');
    const missing = await ocs<unknown>('GET', `${API}/sharees?search=bob`, ADMIN);
    expect([missing.status, missing.body.ocs.meta.message]).toEqual([400, 'Missing itemType']);
  });

  it('advertises files_sharing in the capabilities', async () => {
    const caps = await ocs<{ capabilities: { files_sharing: Record<string, unknown> } }>('GET', '/ocs/v2.php/cloud/capabilities', ADMIN);
    expect(caps.body.ocs.data.capabilities.files_sharing).toMatchObject({ api_enabled: true, public: { enabled: true, upload: true, upload_files_drop: true, multiple_links: true }, resharing: true, default_permissions: 31, group_sharing: false });
  });

  it('refuses anonymous callers in the envelope', async () => {
    const response = await request(server, `${API}/shares?format=json`);
    expect(response.status).toBe(401);
  });
});

describe('switched off', () => {
  it('answers 404 at the share API and drops files_sharing once the plugin is deactivated', async () => {
    await server.built.plugins.host.deactivate('sharing');
    const gone = await ocs<unknown>('GET', `${API}/shares`, ADMIN);
    expect([gone.status, gone.body.ocs.meta.status]).toEqual([404, 'failure']);
    const caps = await ocs<{ capabilities: Record<string, unknown> }>('GET', '/ocs/v2.php/cloud/capabilities', ADMIN);
    expect(caps.body.ocs.data.capabilities).not.toHaveProperty('files_sharing');
  });
});
