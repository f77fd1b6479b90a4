import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestServer } from './helpers';
import { ADMIN, basic, request, startTestServer } from './helpers';

let server: TestServer;
const BOB = basic('bob', 'bob-password');

beforeAll(async () => {
  server = await startTestServer();
  await server.built.accounts.users.create({ uid: 'bob', password: 'bob-password' });
});
afterAll(async () => server.stop());

const dav = (auth: string, user: string, method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
  request(server, `/remote.php/dav/files/${user}${path}`, { method, headers: { authorization: auth, ...headers }, ...(body === undefined ? {} : { body }) });
const fileidOf = async (auth: string, user: string, path: string) => Number((await dav(auth, user, 'PUT', path, 'x')).headers.get('oc-fileid')?.slice(0, 8));

/** A SEARCH of the children of `scope` (depth 1) with one of `ids`, answering the hrefs found. */
async function searchIds(auth: string, scope: string, ids: number[]): Promise<{ status: number; hrefs: string[] }> {
  const eqs = ids.map((id) => `<d:eq><d:prop><oc:fileid/></d:prop><d:literal>${id}</d:literal></d:eq>`).join('');
  const body =
    `<?xml version="1.0"?><d:searchrequest xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:basicsearch>` +
    `<d:select><d:prop><oc:fileid/><d:getetag/></d:prop></d:select>` +
    `<d:from><d:scope><d:href>${scope}</d:href><d:depth>1</d:depth></d:scope></d:from>` +
    `<d:where><d:or>${eqs}</d:or></d:where></d:basicsearch></d:searchrequest>`;
  const response = await request(server, '/remote.php/dav', { method: 'SEARCH', headers: { authorization: auth, 'content-type': 'text/xml' }, body });
  const text = await response.text();
  return { status: response.status, hrefs: [...text.matchAll(/<d:href>([^<]+)<\/d:href>/g)].map((match) => decodeURIComponent(match[1] ?? '')) };
}

describe('SEARCH by file id (how live updates read a burst of changed nodes)', () => {
  it("answers the scope's children with those ids only: not deeper, not elsewhere, never another user's", async () => {
    expect((await dav(ADMIN, 'admin', 'MKCOL', '/Team')).status).toBe(201);
    expect((await dav(ADMIN, 'admin', 'MKCOL', '/Team/Sub')).status).toBe(201);
    const a = await fileidOf(ADMIN, 'admin', '/Team/a.txt');
    const b = await fileidOf(ADMIN, 'admin', '/Team/b.txt');
    const deep = await fileidOf(ADMIN, 'admin', '/Team/Sub/deep.txt');
    const outside = await fileidOf(ADMIN, 'admin', '/outside.txt');
    const bobs = await fileidOf(BOB, 'bob', '/bobs.txt');
    const found = await searchIds(ADMIN, '/files/admin/Team', [a, b, deep, outside, bobs, 999_999]);
    expect(found.status).toBe(207);
    expect(found.hrefs.sort()).toEqual(['/remote.php/dav/files/admin/Team/a.txt', '/remote.php/dav/files/admin/Team/b.txt']);
    // Bob cannot reach admin's nodes by id either.
    expect((await searchIds(BOB, '/files/bob', [a, bobs])).hrefs).toEqual(['/remote.php/dav/files/bob/bobs.txt']);
  });

  it('finds the children of a received shared folder for its recipient, at the recipient\'s paths (a burst of live changes there)', async () => {
    expect((await dav(ADMIN, 'admin', 'MKCOL', '/Shared')).status).toBe(201);
    const one = await fileidOf(ADMIN, 'admin', '/Shared/one.txt');
    const two = await fileidOf(ADMIN, 'admin', '/Shared/two.txt');
    const secret = await fileidOf(ADMIN, 'admin', '/secret.txt');
    const shared = await request(server, '/ocs/v2.php/apps/files_sharing/api/v1/shares?format=json', {
      method: 'POST',
      headers: { authorization: ADMIN, 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/Shared', shareType: 0, shareWith: 'bob', permissions: 1 }),
    });
    expect(shared.status).toBe(200);
    const found = await searchIds(BOB, '/files/bob/Shared', [one, two, secret]);
    expect(found.status).toBe(207);
    expect(found.hrefs.sort()).toEqual(['/remote.php/dav/files/bob/Shared/one.txt', '/remote.php/dav/files/bob/Shared/two.txt']);
    // Nothing of the owner's outside the share, from bob's root either.
    expect((await searchIds(BOB, '/files/bob', [secret])).hrefs).toEqual([]);
  });
});
