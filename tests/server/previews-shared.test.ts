/**
 * Previews beyond the user's own files, against the real server: files
 * shared with the user (through the share, with its access), trash items
 * (`/apps/files_trashbin/preview`), and public links (Nextcloud's
 * `/apps/files_sharing/publicpreview/{token}?file=…`), never of anything outside the share;
 * shares without downloads have previews for the server's own pages only (`X-NC-Preview`), as
 * Nextcloud's.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import sharp from 'sharp';
import type { TestServer } from './helpers';
import { ADMIN, basic, request, startTestServer } from './helpers';

const API = '/ocs/v2.php/apps/files_sharing/api/v1';
const BOB = basic('bob', 'bob-password-1');
const CAROL = basic('carol', 'carol-password-1');
const NO_DOWNLOAD = '[{"scope":"permissions","key":"download","value":false}]';

let server: TestServer;
const ids: Record<string, number> = {};
let folderLink = '';
let fileLink = '';
let hiddenLink = '';
let passwordLink = '';

function dav(auth: string, user: string, path: string, init: RequestInit = {}): Promise<Response> {
  return request(server, `/remote.php/dav/files/${user}${path}`, { ...init, headers: { authorization: auth, ...(init.headers as Record<string, string> | undefined) } });
}

async function share(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await request(server, `${API}/shares?format=json`, { method: 'POST', headers: { authorization: ADMIN, 'content-type': 'application/json', 'ocs-apirequest': 'true' }, body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { ocs: { data: Record<string, unknown> } }).ocs.data;
}

const get = (path: string, headers: Record<string, string> = {}): Promise<Response> => request(server, path, { headers });

beforeAll(async () => {
  // The repository's plugins: sharing, and the trash that keeps the deleted photo.
  server = await startTestServer({ pluginsDir: join(process.cwd(), 'plugins') });
  await server.built.accounts.users.create({ uid: 'bob', password: 'bob-password-1', displayName: 'Bob' });
  await server.built.accounts.users.create({ uid: 'carol', password: 'carol-password-1', displayName: 'Carol' });
  const jpeg = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#cc3366' } }).jpeg().toBuffer();
  for (const folder of ['/Shared', '/Shared/sub', '/ViewOnly', '/Outside']) expect((await dav(ADMIN, 'admin', folder, { method: 'MKCOL' })).status).toBe(201);
  for (const path of ['/Shared/photo.jpg', '/Shared/sub/deep.jpg', '/ViewOnly/v.jpg', '/Outside/secret.jpg', '/single.jpg', '/trashed.jpg']) {
    expect((await dav(ADMIN, 'admin', path, { method: 'PUT', body: jpeg })).status).toBe(201);
  }
  expect((await dav(ADMIN, 'admin', '/Shared/notes.txt', { method: 'PUT', body: 'plain text' })).status).toBe(201);
  for (const path of ['/Shared/photo.jpg', '/Shared/sub/deep.jpg', '/Shared/notes.txt', '/ViewOnly/v.jpg', '/Outside/secret.jpg', '/single.jpg', '/trashed.jpg']) {
    ids[path] = (await server.built.files.stat('admin', path))?.fileid ?? 0;
  }
  await share({ path: '/Shared', shareType: 0, shareWith: 'bob', permissions: 1 });
  await share({ path: '/ViewOnly', shareType: 0, shareWith: 'bob', permissions: 1, attributes: NO_DOWNLOAD });
  folderLink = String((await share({ path: '/Shared', shareType: 3 })).token);
  fileLink = String((await share({ path: '/single.jpg', shareType: 3 })).token);
  const hidden = await share({ path: '/Outside', shareType: 3 });
  hiddenLink = String(hidden.token);
  const update = await request(server, `${API}/shares/${String(hidden.id)}?format=json`, { method: 'PUT', headers: { authorization: ADMIN, 'content-type': 'application/json' }, body: JSON.stringify({ hideDownload: 'true' }) });
  expect(update.status).toBe(200);
  passwordLink = String((await share({ path: '/Shared', shareType: 3, password: 'link-password-9' })).token);
  // Into the trash.
  expect((await dav(ADMIN, 'admin', '/trashed.jpg', { method: 'DELETE' })).status).toBe(204);
}, 60000);
afterAll(() => server.stop());

const isImage = async (response: Response, type = 'image/jpeg'): Promise<void> => {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe(type);
  const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  expect(meta.width).toBeLessThanOrEqual(64);
};

describe('/core/preview for files shared with the user', () => {
  it('answers a recipient the preview of a file in a received share, at any depth', async () => {
    await isImage(await get(`/core/preview?fileId=${ids['/Shared/photo.jpg']}&x=32&y=32&a=0`, { authorization: BOB }));
    await isImage(await get(`/core/preview?fileId=${ids['/Shared/sub/deep.jpg']}&x=64&y=64&a=1`, { authorization: BOB }));
  });

  it('gives the MIME icon with mimeFallback=true where no preview can be made, 404 without', async () => {
    const icon = await get(`/core/preview?fileId=${ids['/Shared/notes.txt']}&x=32&y=32&mimeFallback=true`, { authorization: BOB });
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect((await get(`/core/preview?fileId=${ids['/Shared/notes.txt']}&x=32&y=32`, { authorization: BOB })).status).toBe(404);
  });

  it('answers nothing outside what was shared, and nothing to a user it was not shared with', async () => {
    expect((await get(`/core/preview?fileId=${ids['/Outside/secret.jpg']}&x=32&y=32&mimeFallback=true`, { authorization: BOB })).status).toBe(404);
    expect((await get(`/core/preview?fileId=${ids['/Shared/photo.jpg']}&x=32&y=32&mimeFallback=true`, { authorization: CAROL })).status).toBe(404);
  });

  it("refuses a view-only share's previews (403) unless the server's own page asks (X-NC-Preview), as Nextcloud", async () => {
    expect((await get(`/core/preview?fileId=${ids['/ViewOnly/v.jpg']}&x=32&y=32`, { authorization: BOB })).status).toBe(403);
    await isImage(await get(`/core/preview?fileId=${ids['/ViewOnly/v.jpg']}&x=32&y=32`, { authorization: BOB, 'x-nc-preview': 'true' }));
  });
});

describe('/apps/files_trashbin/preview', () => {
  it("answers the preview of the user's trashed file by its file id, to nobody else; /core/preview does not", async () => {
    const fileid = ids['/trashed.jpg'];
    await isImage(await get(`/index.php/apps/files_trashbin/preview?fileId=${fileid}&x=32&y=32&a=0`, { authorization: ADMIN }));
    expect((await get(`/apps/files_trashbin/preview?fileId=${fileid}&x=32&y=32`, { authorization: BOB })).status).toBe(404);
    expect((await get(`/apps/files_trashbin/preview?fileId=${ids['/single.jpg']}&x=32&y=32`, { authorization: ADMIN })).status).toBe(404);
    expect((await get(`/apps/files_trashbin/preview?fileId=${fileid}&x=32&y=32`)).status).toBe(401);
    expect((await get(`/apps/files_trashbin/preview?fileId=x&x=32&y=32`, { authorization: ADMIN })).status).toBe(400);
  });
});

describe('/apps/files_sharing/publicpreview/{token}', () => {
  const pub = (token: string, query: string, headers: Record<string, string> = {}): Promise<Response> => get(`/index.php/apps/files_sharing/publicpreview/${token}?${query}`, headers);

  it("answers an anonymous visitor previews of a folder link's files by path, and a file link's file", async () => {
    await isImage(await pub(folderLink, 'file=/photo.jpg&x=32&y=32&a=0'));
    await isImage(await pub(folderLink, `file=${encodeURIComponent('/sub/deep.jpg')}&x=32&y=32&a=1`));
    await isImage(await pub(fileLink, 'x=32&y=32'));
    const icon = await pub(folderLink, 'file=/notes.txt&x=32&y=32&mimeFallback=true');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('reaches nothing outside the share; bad input is 400, an unknown link 404', async () => {
    for (const file of ['/../Outside/secret.jpg', '../single.jpg', '/sub/../../single.jpg']) {
      expect([400, 404]).toContain((await pub(folderLink, `file=${encodeURIComponent(file)}&x=32&y=32`)).status);
    }
    expect((await pub(folderLink, 'file=/Outside/secret.jpg&x=32&y=32')).status).toBe(404);
    expect((await pub(folderLink, 'file=/sub&x=32&y=32')).status).toBe(400);
    expect((await pub(folderLink, 'x=32&y=32')).status).toBe(400);
    expect((await pub(folderLink, 'file=/photo.jpg&x=0&y=32')).status).toBe(400);
    expect((await pub('no-such-token', 'file=/photo.jpg&x=32&y=32')).status).toBe(404);
  });

  it('needs the password of a protected link', async () => {
    expect((await pub(passwordLink, 'file=/photo.jpg&x=32&y=32')).status).toBe(401);
    await isImage(await pub(passwordLink, 'file=/photo.jpg&x=32&y=32', { authorization: basic('anonymous', 'link-password-9') }));
  });

  it("refuses a hide-download link's previews (403) unless the server's own page asks (X-NC-Preview), as Nextcloud", async () => {
    expect((await pub(hiddenLink, 'file=/secret.jpg&x=32&y=32')).status).toBe(403);
    const own = await pub(hiddenLink, 'file=/secret.jpg&x=32&y=32', { 'x-nc-preview': 'true' });
    await isImage(own);
  });
});
