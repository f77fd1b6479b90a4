/**
 * Public links against the real server (protocol §5): the `/s/{token}` page
 * (password first, throttled; then the shell's page in public mode with the link's facts), public WebDAV and its legacy twin, read-only, upload-enabled
 * and file-drop links taking anonymous plain PUTs, hide-download and the download attribute,
 * expiry at the end of the day, and hostile paths and guessed tokens reaching nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestServer } from '../../../../tests/server/helpers';
import { ADMIN, basic, request, startTestServer } from '../../../../tests/server/helpers';

const API = '/ocs/v2.php/apps/files_sharing/api/v1';
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
let server: TestServer;
let distDir = '';

/** The link's facts the page gives the shell (`<head data-public-share>`), or null when the page carries none. */
async function factsOf(response: Response): Promise<Record<string, unknown> | null> {
  const html = await response.text();
  const attribute = /data-public-share="([^"]*)"/.exec(html)?.[1];
  if (attribute === undefined) return null;
  const text = attribute.replace(/&(quot|#39|lt|gt|amp);/g, (_, name: string) => ({ quot: '"', '#39': "'", lt: '<', gt: '>', amp: '&' })[name] ?? '');
  return JSON.parse(text) as Record<string, unknown>;
}

async function link(body: Record<string, unknown>): Promise<{ id: string; token: string }> {
  const response = await request(server, `${API}/shares?format=json`, { method: 'POST', headers: { authorization: ADMIN, 'content-type': 'application/json' }, body: JSON.stringify({ shareType: 3, ...body }) });
  expect(response.status).toBe(200);
  const data = ((await response.json()) as { ocs: { data: { id: string; token: string } } }).ocs.data;
  return { id: data.id, token: data.token };
}

async function update(id: string, body: Record<string, unknown>): Promise<void> {
  const response = await request(server, `${API}/shares/${id}?format=json`, { method: 'PUT', headers: { authorization: ADMIN, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status).toBe(200);
}

function pub(token: string, path = '', init: RequestInit = {}): Promise<Response> {
  return request(server, `/public.php/dav/files/${token}${path}`, init);
}

function raw(method: string, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, method, path, headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

async function adminHas(path: string): Promise<boolean> {
  return (await request(server, `/remote.php/dav/files/admin${path}`, { method: 'HEAD', headers: { authorization: ADMIN } })).status === 200;
}

beforeAll(async () => {
  // A stand-in for the built shell: the page is its index.html with the link's facts on <head>.
  distDir = await mkdtemp(join(tmpdir(), 'cumulus-public-dist-'));
  await mkdir(join(distDir, 'shell'));
  await writeFile(join(distDir, 'shell', 'index.html'), '<!doctype html><html lang="en"><head><title>Cumulus Files</title></head><body><div id="root"></div></body></html>');
  server = await startTestServer({ throttleMaxFailures: 3, distDir });
  for (const folder of ['/Pub', '/Locked', '/Upload', '/Drop', '/Hidden', '/ViewOnly']) {
    expect((await request(server, `/remote.php/dav/files/admin${folder}`, { method: 'MKCOL', headers: { authorization: ADMIN } })).status).toBe(201);
  }
  for (const path of ['/Pub/a.txt', '/Locked/l.txt', '/Hidden/h.txt', '/ViewOnly/v.txt', '/secret.txt']) {
    await request(server, `/remote.php/dav/files/admin${path}`, { method: 'PUT', headers: { authorization: ADMIN }, body: `content of ${path}` });
  }
}, 60000);
afterAll(async () => {
  await server.stop();
  await rm(distDir, { recursive: true, force: true });
});

describe('an open read-only link', () => {
  let token = '';
  beforeAll(async () => {
    token = (await link({ path: '/Pub' })).token;
  });

  it('serves the shell in public mode on /s/{token} (and below it) with the link\'s facts, and the files anonymously', async () => {
    const page = await request(server, `/s/${token}`);
    expect(page.status).toBe(200);
    expect(await factsOf(page)).toEqual({
      token,
      type: 'folder',
      name: 'Pub',
      fileName: 'Pub',
      mime: 'httpd/unix-directory',
      size: expect.any(Number),
      mtime: expect.any(Number),
      permissions: 1,
      hideDownload: false,
      downloadable: true,
      ownerDisplayName: 'admin',
      note: '',
    });
    // The shell's history routes below the link reload to the same page; a signed-in visitor is still anonymous there.
    const below = await request(server, `/s/${token}/files?dir=/`, { headers: { authorization: ADMIN } });
    expect(below.status).toBe(200);
    const html = await below.clone().text();
    expect(html).not.toContain('data-user=');
    expect((await factsOf(below))?.['token']).toBe(token);
    // The share API's link (`/index.php/s/{token}`) leads to the page the shell routes below.
    const legacy = await request(server, `/index.php/s/${token}`);
    expect([legacy.status, legacy.headers.get('location')]).toEqual([302, `/s/${token}`]);
    expect(await (await pub(token, '/a.txt')).text()).toBe('content of /Pub/a.txt');
  });

  it('names the share by its label, carries the note, and describes a single file', async () => {
    const { id, token: other } = await link({ path: '/Pub/a.txt' });
    await update(id, { label: 'Holiday', note: 'Enjoy' });
    expect(await factsOf(await request(server, `/s/${other}`))).toMatchObject({ type: 'file', name: 'Holiday', fileName: 'a.txt', mime: 'text/plain', size: 21, note: 'Enjoy', permissions: 1 });
  });

  it('lists over public WebDAV without S in the permissions, and refuses writes', async () => {
    const listing = await pub(token, '/', { method: 'PROPFIND', headers: { ...XHR, depth: '1' } });
    expect(listing.status).toBe(207);
    const xml = await listing.text();
    expect(xml).toContain(`<d:href>/public.php/dav/files/${token}/a.txt</d:href>`);
    expect(xml).not.toContain('secret.txt');
    const props = await pub(token, '/a.txt', { method: 'PROPFIND', headers: { ...XHR, depth: '0' }, body: '<d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><oc:permissions/></d:prop></d:propfind>' });
    expect(await props.text()).toContain('<oc:permissions>G</oc:permissions>');
    expect((await pub(token, '/', { method: 'PROPFIND', headers: { depth: '1' } })).status).toBe(401);
    expect((await pub(token, '/new.txt', { method: 'PUT', headers: XHR, body: 'x' })).status).toBe(403);
    expect((await pub(token, '/a.txt', { method: 'DELETE', headers: XHR })).status).toBe(403);
    expect(await adminHas('/Pub/a.txt')).toBe(true);
  });

  it('reaches nothing outside the link: .., encoded slashes, Destination elsewhere, guessed tokens', async () => {
    expect(await raw('GET', `/public.php/dav/files/${token}/%2e%2e/secret.txt`)).toBe(400);
    expect(await raw('GET', `/public.php/dav/files/${token}/..%2Fsecret.txt`)).toBe(400);
    expect(await raw('GET', `/public.php/dav/files/${token}%2F..%2Fsecret.txt`)).toBe(404);
    expect(await raw('GET', `/public.php/dav/files/${token}/../secret.txt`)).not.toBe(200);
    expect(await raw('GET', '/public.php/dav/files/aaaaaaaaaaaaaaa/secret.txt')).toBe(404);
    expect(await raw('GET', '/public.php/dav/files/admin/secret.txt')).toBe(404);
    expect((await request(server, '/s/aaaaaaaaaaaaaaa')).status).toBe(404);
    expect((await request(server, '/s/..%2F..%2Fetc')).status).toBe(404);
  });
});

describe('a password-protected link', () => {
  let token = '';
  beforeAll(async () => {
    token = (await link({ path: '/Locked', password: 'open sesame' })).token;
  });

  it('asks for the password first, then lists and serves with the page cookie', async () => {
    const first = await request(server, `/s/${token}`);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(`/s/${token}/authenticate/showShare`);
    const wrong = await request(server, `/s/${token}/authenticate/showShare`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'password=nope' });
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).toContain('The password is wrong. Try again.');
    const right = await request(server, `/s/${token}/authenticate/showShare`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'password=open+sesame' });
    expect(right.status).toBe(303);
    const cookie = (right.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(new RegExp(`^cumulus_share_${token}=`));
    const listing = await request(server, `/s/${token}`, { headers: { cookie } });
    expect(listing.status).toBe(200);
    expect((await factsOf(listing))?.['name']).toBe('Locked');
    expect(await (await pub(token, '/l.txt', { headers: { cookie } })).text()).toBe('content of /Locked/l.txt');
  });

  it('takes Basic with any user name on public WebDAV, the token as user on the legacy endpoint', async () => {
    expect((await pub(token, '/l.txt')).status).toBe(401);
    expect((await pub(token, '/l.txt', { headers: { authorization: basic('anyone', 'open sesame') } })).status).toBe(200);
    const legacy = await request(server, '/public.php/webdav/l.txt', { headers: { ...XHR, authorization: basic(token, 'open sesame') } });
    expect(await legacy.text()).toBe('content of /Locked/l.txt');
    const dummy = await pub(token, '/l.txt', { headers: XHR });
    expect(dummy.headers.get('www-authenticate')).toMatch(/^DummyBasic/);
  });

  it('throttles wrong passwords with 429', async () => {
    const other = (await link({ path: '/Locked', password: 'another one' })).token;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await pub(other, '/l.txt', { headers: { authorization: basic('x', `guess-${i}`) } })).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await pub(other, '/l.txt', { headers: { authorization: basic('x', 'another one') } })).status).toBe(429);
  });
});

describe('uploads', () => {
  it('an upload-enabled link takes anonymous plain PUTs the owner then sees', async () => {
    const { token } = await link({ path: '/Upload', publicUpload: 'true' });
    expect((await factsOf(await request(server, `/s/${token}`)))?.['permissions']).toBe(15);
    expect((await pub(token, '/hello.txt', { method: 'PUT', body: 'hi' })).status).toBe(401);
    expect((await pub(token, '/hello.txt', { method: 'PUT', headers: XHR, body: 'hi' })).status).toBe(201);
    expect(await (await request(server, '/remote.php/dav/files/admin/Upload/hello.txt', { headers: { authorization: ADMIN } })).text()).toBe('hi');
    const escape = await pub(token, '/hello.txt', { method: 'MOVE', headers: { ...XHR, destination: `${server.url}/remote.php/dav/files/admin/escaped.txt` } });
    expect(escape.status).toBe(201);
    expect(await adminHas('/escaped.txt')).toBe(false);
    expect(await adminHas('/Upload/escaped.txt')).toBe(true);
  });

  it('a file drop takes PUTs only, never lists, and keeps both of two same-named files', async () => {
    const { token } = await link({ path: '/Drop', permissions: 4 });
    expect((await factsOf(await request(server, `/s/${token}`)))?.['permissions']).toBe(4);
    const listing = await pub(token, '/', { method: 'PROPFIND', headers: { ...XHR, depth: '1' } });
    expect(listing.status).toBe(405);
    expect(await listing.text()).toContain('Only PUT is allowed on files drop');
    expect((await pub(token, '/d.txt', { method: 'PUT', headers: XHR, body: 'one' })).status).toBe(201);
    expect((await pub(token, '/d.txt', { method: 'PUT', headers: XHR, body: 'two' })).status).toBe(201);
    expect((await pub(token, '/d.txt', { headers: XHR })).status).toBe(405);
    expect(await (await request(server, '/remote.php/dav/files/admin/Drop/d.txt', { headers: { authorization: ADMIN } })).text()).toBe('one');
    expect(await (await request(server, '/remote.php/dav/files/admin/Drop/d%20(2).txt', { headers: { authorization: ADMIN } })).text()).toBe('two');
    expect((await pub(token, '/n.txt', { method: 'PUT', headers: { ...XHR, 'x-nc-nickname': 'Guest' }, body: 'n' })).status).toBe(201);
    expect(await adminHas('/Drop/Guest/n.txt')).toBe(true);
  });
});

describe('download rules and expiry', () => {
  it('hide download: /s/{token}/download is 404, DAV still serves the viewer', async () => {
    const { id, token } = await link({ path: '/Hidden' });
    await update(id, { hideDownload: 'true' });
    expect((await request(server, `/s/${token}/download`)).status).toBe(404);
    expect((await pub(token, '/h.txt')).status).toBe(200);
    expect((await factsOf(await request(server, `/s/${token}`)))?.['hideDownload']).toBe(true);
  });

  it('the download attribute refuses downloads (403) on the page and over DAV', async () => {
    const { id, token } = await link({ path: '/ViewOnly' });
    await update(id, { attributes: '[{"scope":"permissions","key":"download","value":false}]' });
    const page = await request(server, `/s/${token}/download`);
    expect([page.status, await page.text()]).toEqual([403, 'Share has no download permission']);
    expect((await factsOf(await request(server, `/s/${token}`)))?.['downloadable']).toBe(false);
    expect((await pub(token, '/v.txt')).status).toBe(403);
  });

  it('an expired link stops working after its last day', async () => {
    const { id, token } = await link({ path: '/Pub', expireDate: '2099-01-01' });
    expect((await request(server, `/s/${token}`)).status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    await server.built.db.withTables<{ sharing_shares: { id: number; expiration: string } }>().updateTable('sharing_shares').set({ expiration: today }).where('id', '=', Number(id)).execute();
    expect((await request(server, `/s/${token}`)).status).toBe(200);
    const yesterday = new Date(Date.now() - 86400000).toISOString().slice(0, 10);
    await server.built.db.withTables<{ sharing_shares: { id: number; expiration: string } }>().updateTable('sharing_shares').set({ expiration: yesterday }).where('id', '=', Number(id)).execute();
    expect((await request(server, `/s/${token}`)).status).toBe(404);
    expect((await pub(token, '/a.txt')).status).toBe(404);
  });
});

describe('switched off', () => {
  it('public pages and public WebDAV answer 404 once the plugin is deactivated', async () => {
    const { token } = await link({ path: '/Pub' });
    await server.built.plugins.host.deactivate('sharing');
    expect((await request(server, `/s/${token}`)).status).toBe(404);
    expect((await pub(token, '/a.txt')).status).toBe(404);
  });
});
