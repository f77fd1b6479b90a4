import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestServer } from './helpers';
import { ADMIN, basic, startTestServer } from './helpers';
import type { ServerProcess } from '../support/serverProcess';
import { startServerProcess } from '../support/serverProcess';

/**
 * A MOVE or DELETE sent again because its answer was lost (the process was killed
 * after the commit, the connection dropped) is answered with the original status from the
 * finished-operations table, as long as its result is still in place, within the replay
 * window, and for the same user only; anything else answers as before (404, 412).
 */
const FILES = '/remote.php/dav/files/admin';
const BOB = basic('bob', 'bob-password');

let server: TestServer;

const dav = (method: string, path: string, headers: Record<string, string> = {}, body?: string, auth = ADMIN, target: { url: string } = server): Promise<Response> =>
  fetch(target.url + path, { method, headers: { authorization: auth, ...headers }, ...(body !== undefined ? { body } : {}) });
const put = async (path: string, body: string, auth = ADMIN): Promise<void> => {
  expect((await dav('PUT', path, {}, body, auth)).status).toBeLessThan(300);
};
const get = async (path: string): Promise<{ status: number; body: string }> => {
  const response = await dav('GET', path);
  return { status: response.status, body: await response.text() };
};
const fileId = async (path: string, target: { url: string } = server): Promise<string | null> => {
  const response = await dav('PROPFIND', path, { depth: '0' }, '<d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><oc:fileid/></d:prop></d:propfind>', ADMIN, target);
  if (response.status === 404) return null;
  return /<oc:fileid>(\d+)<\/oc:fileid>/.exec(await response.text())?.[1] ?? null;
};
const to = (path: string, overwrite = 'T'): Record<string, string> => ({ destination: server.url + path, overwrite });

beforeAll(async () => {
  server = await startTestServer();
  await server.built.accounts.users.create({ uid: 'bob', password: 'bob-password' });
});

afterAll(async () => {
  await server?.stop();
});

describe('replayed MOVE and DELETE (a COPY sent again is a new request)', () => {
  it('answers a MOVE sent again after it succeeded with its status, and changes nothing', async () => {
    await put(`${FILES}/m1.txt`, 'move me');
    const first = await dav('MOVE', `${FILES}/m1.txt`, to(`${FILES}/m1-moved.txt`));
    expect(first.status).toBe(201);
    const id = await fileId(`${FILES}/m1-moved.txt`);
    const again = await dav('MOVE', `${FILES}/m1.txt`, to(`${FILES}/m1-moved.txt`));
    expect(again.status).toBe(201);
    expect(again.headers.get('oc-fileid')).toBe(first.headers.get('oc-fileid'));
    expect(await get(`${FILES}/m1-moved.txt`)).toEqual({ status: 200, body: 'move me' });
    expect(await fileId(`${FILES}/m1-moved.txt`)).toBe(id);
    expect((await get(`${FILES}/m1.txt`)).status).toBe(404);

    // A MOVE that replaced its destination answers 204 again.
    await put(`${FILES}/m2.txt`, 'new');
    await put(`${FILES}/m2-there.txt`, 'old');
    expect((await dav('MOVE', `${FILES}/m2.txt`, to(`${FILES}/m2-there.txt`))).status).toBe(204);
    expect((await dav('MOVE', `${FILES}/m2.txt`, to(`${FILES}/m2-there.txt`))).status).toBe(204);
    expect(await get(`${FILES}/m2-there.txt`)).toEqual({ status: 200, body: 'new' });
  });

  it('answers a DELETE sent again with 204, and leaves a COPY sent again to RFC 4918: 412 with Overwrite: F', async () => {
    // A COPY's source is still there: the same COPY again is a new request, refused on the copy
    // the first one made (litmus's copy_overwrite sends exactly that and expects the 412).
    await put(`${FILES}/c1.txt`, 'copy me');
    expect((await dav('COPY', `${FILES}/c1.txt`, to(`${FILES}/c1-copy.txt`, 'F'))).status).toBe(201);
    const id = await fileId(`${FILES}/c1-copy.txt`);
    expect((await dav('COPY', `${FILES}/c1.txt`, to(`${FILES}/c1-copy.txt`, 'F'))).status).toBe(412);
    expect(await fileId(`${FILES}/c1-copy.txt`)).toBe(id);
    expect(await get(`${FILES}/c1-copy.txt`)).toEqual({ status: 200, body: 'copy me' });

    await put(`${FILES}/d1.txt`, 'delete me');
    expect((await dav('DELETE', `${FILES}/d1.txt`)).status).toBe(204);
    expect((await dav('DELETE', `${FILES}/d1.txt`)).status).toBe(204);
    expect((await get(`${FILES}/d1.txt`)).status).toBe(404);
    // A folder deleted for good, too.
    expect((await dav('MKCOL', `${FILES}/d2`)).status).toBe(201);
    expect((await dav('DELETE', `${FILES}/d2`, { 'x-nc-skip-trashbin': 'true' })).status).toBe(204);
    expect((await dav('DELETE', `${FILES}/d2`, { 'x-nc-skip-trashbin': 'true' })).status).toBe(204);
  });

  it('answers as before once someone else changed the result: 404 and 412', async () => {
    await put(`${FILES}/r1.txt`, 'first');
    expect((await dav('MOVE', `${FILES}/r1.txt`, to(`${FILES}/r1-moved.txt`))).status).toBe(201);
    // Another file at the destination now (deleted and put again: a new file id).
    expect((await dav('DELETE', `${FILES}/r1-moved.txt`, { 'x-nc-skip-trashbin': 'true' })).status).toBe(204);
    await put(`${FILES}/r1-moved.txt`, 'someone else');
    expect((await dav('MOVE', `${FILES}/r1.txt`, to(`${FILES}/r1-moved.txt`))).status).toBe(404);
    expect(await get(`${FILES}/r1-moved.txt`)).toEqual({ status: 200, body: 'someone else' });

    // A copy changed since (a new etag, the same file id): 412.
    await put(`${FILES}/r2.txt`, 'original');
    expect((await dav('COPY', `${FILES}/r2.txt`, to(`${FILES}/r2-copy.txt`, 'F'))).status).toBe(201);
    await put(`${FILES}/r2-copy.txt`, 'edited since');
    expect((await dav('COPY', `${FILES}/r2.txt`, to(`${FILES}/r2-copy.txt`, 'F'))).status).toBe(412);
    expect(await get(`${FILES}/r2-copy.txt`)).toEqual({ status: 200, body: 'edited since' });

    // A MOVE whose destination was moved away: 404.
    await put(`${FILES}/r3.txt`, 'third');
    expect((await dav('MOVE', `${FILES}/r3.txt`, to(`${FILES}/r3-moved.txt`))).status).toBe(201);
    expect((await dav('MOVE', `${FILES}/r3-moved.txt`, to(`${FILES}/r3-elsewhere.txt`))).status).toBe(201);
    expect((await dav('MOVE', `${FILES}/r3.txt`, to(`${FILES}/r3-moved.txt`))).status).toBe(404);

    // A different request (Overwrite: F where T was sent) is not the one that finished.
    await put(`${FILES}/r4.txt`, 'fourth');
    expect((await dav('COPY', `${FILES}/r4.txt`, to(`${FILES}/r4-copy.txt`, 'T'))).status).toBe(201);
    expect((await dav('COPY', `${FILES}/r4.txt`, to(`${FILES}/r4-copy.txt`, 'F'))).status).toBe(412);
  });

  it('never answers one user\'s request from another user\'s finished operation', async () => {
    // The legacy URL names no user: the same request line for both.
    await put('/remote.php/webdav/u1.txt', 'admin\'s');
    expect((await dav('DELETE', '/remote.php/webdav/u1.txt')).status).toBe(204);
    expect((await dav('DELETE', '/remote.php/webdav/u1.txt', {}, undefined, BOB)).status).toBe(404);
    await put('/remote.php/webdav/u2.txt', 'admin\'s');
    expect((await dav('MOVE', '/remote.php/webdav/u2.txt', { destination: `${server.url}/remote.php/webdav/u2-moved.txt` })).status).toBe(201);
    expect((await dav('MOVE', '/remote.php/webdav/u2.txt', { destination: `${server.url}/remote.php/webdav/u2-moved.txt` }, undefined, BOB)).status).toBe(404);
    // Admin's own replay still answers.
    expect((await dav('DELETE', '/remote.php/webdav/u1.txt')).status).toBe(204);
  });
});

describe('the replay window', () => {
  let short: TestServer;
  let off: TestServer;
  beforeAll(async () => {
    [short, off] = await Promise.all([startTestServer({ replayWindow: 1 }), startTestServer({ replayWindow: 0 })]);
  });
  afterAll(async () => {
    await Promise.all([short?.stop(), off?.stop()]);
  });

  it('answers a replay within CUMULUS_REPLAY_WINDOW seconds and not after; 0 turns it off', async () => {
    for (const target of [short, off]) {
      expect((await dav('PUT', `${FILES}/w.txt`, {}, 'w', ADMIN, target)).status).toBe(201);
      expect((await dav('DELETE', `${FILES}/w.txt`, {}, undefined, ADMIN, target)).status).toBe(204);
    }
    expect((await dav('DELETE', `${FILES}/w.txt`, {}, undefined, ADMIN, short)).status).toBe(204);
    expect((await dav('DELETE', `${FILES}/w.txt`, {}, undefined, ADMIN, off)).status).toBe(404);
    await new Promise((done) => setTimeout(done, 1300));
    expect((await dav('DELETE', `${FILES}/w.txt`, {}, undefined, ADMIN, short)).status).toBe(404);
  });
});

describe('a MOVE of a 2,000-file tree, the process killed right after the commit', () => {
  let work: string;
  const running = new Set<ServerProcess>();
  afterAll(async () => {
    for (const process of running) await process.kill();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('answers the client\'s retry on the restarted process with 201, never 404', async () => {
    work = await mkdtemp(join(tmpdir(), 'cumulus-replay-'));
    const root = join(work, 'files', 'admin', 'tree');
    for (let folder = 0; folder < 20; folder += 1) {
      await mkdir(join(root, `d${folder}`), { recursive: true });
      for (let i = 0; i < 100; i += 1) await writeFile(join(root, `d${folder}`, `f${i}.txt`), `file ${folder}/${i}`);
    }
    const env = { CUMULUS_ADMIN_PASSWORD: 'admin-password' };
    const killed = await startServerProcess(work, { ...env, CUMULUS_TEST_CRASH_AT: 'move:after-commit' });
    running.add(killed);
    // The first PROPFIND takes the 2,000 files in (their file ids).
    const before = await fileId(`${FILES}/tree/d7/f42.txt`, killed);
    expect(before).not.toBeNull();
    const headers = { destination: `${killed.url}${FILES}/moved`, overwrite: 'F' };
    const lost = await dav('MOVE', `${FILES}/tree`, headers, undefined, ADMIN, killed).then(
      (response) => response.status,
      () => 0,
    );
    // No answer: the process killed itself at move:after-commit.
    expect(lost).toBe(0);
    expect(await killed.exited).toEqual({ code: null, signal: 'SIGKILL' });
    running.delete(killed);

    const restarted = await startServerProcess(work, env);
    running.add(restarted);
    const retry = await dav('MOVE', `${FILES}/tree`, { ...headers, destination: `${restarted.url}${FILES}/moved` }, undefined, ADMIN, restarted);
    expect(retry.status).toBe(201);
    // The move's real outcome: every file at the destination with its id, nothing at the source.
    expect(await fileId(`${FILES}/moved/d7/f42.txt`, restarted)).toBe(before);
    expect(await fileId(`${FILES}/tree`, restarted)).toBeNull();
    const entries = async (path: string): Promise<number> => {
      const listing = await dav('PROPFIND', path, { depth: '1' }, undefined, ADMIN, restarted);
      expect(listing.status).toBe(207);
      return (await listing.text()).split('<d:response>').length - 1;
    };
    expect(await entries(`${FILES}/moved`)).toBe(1 + 20);
    expect(await entries(`${FILES}/moved/d19`)).toBe(1 + 100);
    await restarted.stop();
    running.delete(restarted);
  }, 180_000);
});
