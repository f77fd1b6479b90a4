/**
 * Received shares through the mount provider, over WebDAV against the real server: the
 * recipient sees a share at their root with the granted permissions only and the share
 * properties, is refused what the share does not grant (and any path out of it), writes
 * count against the owner's quota, renaming and deleting the share root act for the recipient
 * alone, view-only shares refuse downloads, and the sharer sees `oc:share-types`
 * (protocol §4, §10 item 6).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request as httpRequest } from 'node:http';
import type { TestServer } from '../../../../tests/server/helpers';
import { ADMIN, basic, request, startTestServer } from '../../../../tests/server/helpers';

const API = '/ocs/v2.php/apps/files_sharing/api/v1';
const BOB = basic('bob', 'bob-password-1');
const PROPS = '<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns" xmlns:nc="http://nextcloud.org/ns" xmlns:ocs="http://open-collaboration-services.org/ns"><d:prop><oc:permissions/><nc:mount-type/><nc:is-mount-root/><ocs:share-permissions/><nc:share-attributes/><oc:owner-id/><oc:owner-display-name/><oc:share-types/><oc:fileid/></d:prop></d:propfind>';

let server: TestServer;

function dav(auth: string, user: string, path: string, init: RequestInit = {}): Promise<Response> {
  return request(server, `/remote.php/dav/files/${user}${path}`, { ...init, headers: { authorization: auth, ...(init.headers as Record<string, string> | undefined) } });
}

/** PROPFIND: each response's href with its props as text, by local name. */
async function propfind(auth: string, user: string, path: string, depth = '1'): Promise<Map<string, Record<string, string>>> {
  const response = await dav(auth, user, path, { method: 'PROPFIND', headers: { depth, 'content-type': 'application/xml' }, body: PROPS });
  expect(response.status).toBe(207);
  const xml = await response.text();
  const out = new Map<string, Record<string, string>>();
  for (const block of xml.split('<d:response>').slice(1)) {
    const href = decodeURIComponent(/<d:href>([^<]*)<\/d:href>/.exec(block)?.[1] ?? '');
    const found = /<d:prop>(.*?)<\/d:prop>/s.exec(block.split('</d:propstat>')[0] ?? '')?.[1] ?? '';
    const props: Record<string, string> = {};
    for (const match of found.matchAll(/<(\w+):([\w-]+)>(.*?)<\/\1:\2>|<(\w+):([\w-]+)\/>/gs)) {
      const name = match[2] ?? match[5] ?? '';
      props[name] = match[3] ?? '';
    }
    out.set(href, props);
  }
  return out;
}

async function share(body: Record<string, unknown>, auth = ADMIN): Promise<Record<string, unknown>> {
  const response = await request(server, `${API}/shares?format=json`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json', 'ocs-apirequest': 'true' }, body: JSON.stringify(body) });
  const json = (await response.json()) as { ocs: { data: Record<string, unknown> } };
  expect(response.status).toBe(200);
  return json.ocs.data;
}

/** A request with the path sent exactly as written (fetch would normalise `..`). */
function raw(method: string, path: string, auth: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, method, path, headers: { authorization: auth } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  server = await startTestServer();
  await server.built.accounts.users.create({ uid: 'bob', password: 'bob-password-1', displayName: 'Bob' });
  await server.built.accounts.users.setDisplayName('admin', 'The Admin');
  for (const folder of ['/Shared', '/Shared/sub', '/Team', '/Secret']) expect((await dav(ADMIN, 'admin', folder, { method: 'MKCOL' })).status).toBe(201);
  for (const [path, body] of [['/Shared/a.txt', 'alpha'], ['/Shared/sub/b.txt', 'beta'], ['/private.txt', 'mine'], ['/Secret/s.txt', 'secret']]) {
    expect((await dav(ADMIN, 'admin', path ?? '', { method: 'PUT', body })).status).toBe(201);
  }
  await share({ path: '/Shared', shareType: 0, shareWith: 'bob', permissions: 1 });
  await share({ path: '/Team', shareType: 0, shareWith: 'bob', permissions: 15 });
  await share({ path: '/Secret', shareType: 0, shareWith: 'bob', permissions: 1, attributes: '[{"scope":"permissions","key":"download","value":false}]' });
  await share({ path: '/private.txt', shareType: 3 });
}, 60000);
afterAll(() => server.stop());

describe('the recipient', () => {
  it('sees received shares at the root with the granted permissions and the share properties', async () => {
    const root = await propfind(BOB, 'bob', '/');
    expect([...root.keys()].sort()).toEqual(['/remote.php/dav/files/bob/', '/remote.php/dav/files/bob/Secret/', '/remote.php/dav/files/bob/Shared/', '/remote.php/dav/files/bob/Team/']);
    expect(root.get('/remote.php/dav/files/bob/Shared/')).toMatchObject({ permissions: 'SGDNV', 'mount-type': 'shared', 'is-mount-root': 'true', 'share-permissions': '1', 'owner-id': 'admin', 'owner-display-name': 'The Admin', 'share-attributes': '[]' });
    expect(root.get('/remote.php/dav/files/bob/Team/')).toMatchObject({ permissions: 'SGDNVCK', 'share-permissions': '15' });
    expect(root.get('/remote.php/dav/files/bob/')).toMatchObject({ 'mount-type': '', 'owner-id': 'bob' });
    const inside = await propfind(BOB, 'bob', '/Shared');
    expect(inside.get('/remote.php/dav/files/bob/Shared/a.txt')).toMatchObject({ permissions: 'SG', 'mount-type': 'shared', 'is-mount-root': 'false', 'owner-id': 'admin' });
    expect(inside.get('/remote.php/dav/files/bob/Shared/sub/')).toMatchObject({ permissions: 'SG' });
    expect(await (await dav(BOB, 'bob', '/Shared/sub/b.txt')).text()).toBe('beta');
  });

  it("gets the same rows in the Files app's compact listing as in the multistatus, at the root with its mounts and inside a share", async () => {
    for (const path of ['/', '/Shared']) {
      const response = await dav(BOB, 'bob', path, { method: 'PROPFIND', headers: { depth: '1', 'content-type': 'application/xml', accept: 'application/vnd.cumulus.listing+ndjson' }, body: PROPS });
      expect(response.status).toBe(200);
      const [head, ...lines] = (await response.text()).split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as unknown);
      const names = (head as { props: string[] }).props.map((clark) => clark.slice(clark.indexOf('}') + 1));
      const rows = lines.filter((line): line is [string, ...(string | null)[]] => Array.isArray(line));
      expect(lines[lines.length - 1]).toEqual({ done: true, count: rows.length });
      const multistatus = await propfind(BOB, 'bob', path);
      const base = `/remote.php/dav/files/bob${path === '/' ? '/' : `${path}/`}`;
      expect(rows.map(([name]) => name).sort()).toEqual([...multistatus.keys()].map((href) => href.slice(base.length).replace(/\/$/, '')).sort());
      for (const [name, ...values] of rows) {
        const props = multistatus.get(base + name) ?? multistatus.get(`${base}${name}/`);
        names.forEach((prop, i) => {
          if (values[i] !== null) expect([name, prop, values[i]]).toEqual([name, prop, props?.[prop]]);
        });
      }
    }
  });

  it('is refused every write a read-only share does not grant, and nothing changes', async () => {
    expect((await dav(BOB, 'bob', '/Shared/new.txt', { method: 'PUT', body: 'x' })).status).toBe(403);
    expect((await dav(BOB, 'bob', '/Shared/a.txt', { method: 'PUT', body: 'x' })).status).toBe(403);
    expect((await dav(BOB, 'bob', '/Shared/dir', { method: 'MKCOL' })).status).toBe(403);
    expect((await dav(BOB, 'bob', '/Shared/a.txt', { method: 'DELETE' })).status).toBe(403);
    expect((await dav(BOB, 'bob', '/Shared/a.txt', { method: 'MOVE', headers: { destination: `${server.url}/remote.php/dav/files/bob/Shared/c.txt` } })).status).toBe(403);
    expect(await (await dav(ADMIN, 'admin', '/Shared/a.txt')).text()).toBe('alpha');
    expect((await dav(ADMIN, 'admin', '/Shared/new.txt', { method: 'HEAD' })).status).toBe(404);
  });

  it('reaches nothing outside the share: no .., no encoded slashes, no other user ids', async () => {
    expect(await raw('GET', '/remote.php/dav/files/bob/Shared/../private.txt', BOB)).not.toBe(200);
    expect(await raw('GET', '/remote.php/dav/files/bob/Shared/%2e%2e/private.txt', BOB)).toBe(400);
    expect(await raw('GET', '/remote.php/dav/files/bob/Shared%2F..%2Fprivate.txt', BOB)).toBe(400);
    expect(await raw('GET', '/remote.php/dav/files/bob/Shared/..%2Fprivate.txt', BOB)).toBe(400);
    expect(await raw('GET', '/remote.php/dav/files/admin/private.txt', BOB)).toBe(404);
    expect(await raw('GET', '/remote.php/dav/files/bob/private.txt', BOB)).toBe(404);
    const copy = await dav(BOB, 'bob', '/Shared/a.txt', { method: 'COPY', headers: { destination: `${server.url}/remote.php/dav/files/admin/stolen.txt` } });
    expect(copy.status).toBeGreaterThanOrEqual(400);
    expect((await dav(ADMIN, 'admin', '/stolen.txt', { method: 'HEAD' })).status).toBe(404);
  });

  it('writes into a writable share, counted against the owner', async () => {
    expect((await dav(BOB, 'bob', '/Team/up.txt', { method: 'PUT', body: 'from bob' })).status).toBe(201);
    expect(await (await dav(ADMIN, 'admin', '/Team/up.txt')).text()).toBe('from bob');
    expect((await server.built.files.getUsage('bob')).used).toBe(0);
    await server.built.accounts.users.setQuota('admin', (await server.built.files.getUsage('admin')).used + 10);
    expect((await dav(BOB, 'bob', '/Team/big.bin', { method: 'PUT', body: 'x'.repeat(100) })).status).toBe(507);
    await server.built.accounts.users.setQuota('bob', 10_000);
    expect((await dav(BOB, 'bob', '/Team/big.bin', { method: 'PUT', body: 'x'.repeat(100) })).status).toBe(507);
    await server.built.accounts.users.setQuota('admin', -1);
    expect((await dav(BOB, 'bob', '/Team/up.txt', { method: 'MOVE', headers: { destination: `${server.url}/remote.php/dav/files/bob/Team/moved.txt` } })).status).toBe(201);
    expect((await dav(ADMIN, 'admin', '/Team/moved.txt', { method: 'HEAD' })).status).toBe(200);
  });

  it('copies a file out of a share into their own files', async () => {
    expect((await dav(BOB, 'bob', '/Shared/a.txt', { method: 'COPY', headers: { destination: `${server.url}/remote.php/dav/files/bob/mine.txt` } })).status).toBe(201);
    expect(await (await dav(BOB, 'bob', '/mine.txt')).text()).toBe('alpha');
  });

  it('is refused downloads of a view-only share, but lists it with its attributes', async () => {
    const root = await propfind(BOB, 'bob', '/', '1');
    expect(root.get('/remote.php/dav/files/bob/Secret/')?.['share-attributes']).toBe('[{&quot;scope&quot;:&quot;permissions&quot;,&quot;key&quot;:&quot;download&quot;,&quot;value&quot;:false}]');
    const get = await dav(BOB, 'bob', '/Secret/s.txt');
    expect(get.status).toBe(403);
    expect(await get.text()).toContain('view-only mode.');
    expect((await dav(BOB, 'bob', '/Secret/s.txt', { method: 'COPY', headers: { destination: `${server.url}/remote.php/dav/files/bob/s.txt` } })).status).toBe(403);
  });

  it('renames the share root for themselves only, and deleting it unshares', async () => {
    expect((await dav(BOB, 'bob', '/Team', { method: 'MOVE', headers: { destination: `${server.url}/remote.php/dav/files/bob/Our%20Team` } })).status).toBe(201);
    expect((await dav(ADMIN, 'admin', '/Team', { method: 'PROPFIND', headers: { depth: '0' } })).status).toBe(207);
    expect((await dav(BOB, 'bob', '/Our%20Team/moved.txt')).status).toBe(200);
    const received = (await (await request(server, `${API}/shares?format=json&shared_with_me=true`, { headers: { authorization: BOB } })).json()) as { ocs: { data: { path: string }[] } };
    expect(received.ocs.data.map((item) => item.path).sort()).toEqual(['/Our Team', '/Secret', '/Shared']);
    expect((await dav(BOB, 'bob', '/Our%20Team', { method: 'DELETE' })).status).toBe(204);
    expect((await dav(BOB, 'bob', '/Our%20Team', { method: 'PROPFIND', headers: { depth: '0' } })).status).toBe(404);
    expect((await dav(ADMIN, 'admin', '/Team/moved.txt', { method: 'HEAD' })).status).toBe(200);
  });
});

describe('the sharer', () => {
  it('sees oc:share-types on shared nodes, empty elsewhere', async () => {
    const response = await dav(ADMIN, 'admin', '/', { method: 'PROPFIND', headers: { depth: '1', 'content-type': 'application/xml' }, body: PROPS });
    const xml = await response.text();
    const block = (name: string): string => xml.split('<d:response>').find((part) => part.includes(`<d:href>/remote.php/dav/files/admin/${name}</d:href>`)) ?? '';
    expect(block('Shared/')).toContain('<oc:share-types><oc:share-type>0</oc:share-type></oc:share-types>');
    expect(block('private.txt')).toContain('<oc:share-types><oc:share-type>3</oc:share-type></oc:share-types>');
    expect(block('Team/')).toMatch(/<oc:share-types\/>|<oc:share-types><\/oc:share-types>/);
  });
});
