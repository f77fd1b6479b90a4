import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { ServerProcess } from '../support/serverProcess';
import { startServerProcess } from '../support/serverProcess';
import { readEvents } from '../support/eventStream';
import { runCumulus } from '../support/runCumulus';
import { basic, openLoginForm, setCookies } from '../server/helpers';
import type { PostgresCluster } from './postgres-cluster';
import { startPostgresCluster } from './postgres-cluster';

/**
 * Two `cumulus serve` processes on one PostgreSQL database and one data directory: no state
 * that matters lives in one process. Whatever one process did, the other sees at once
 * (sessions, app passwords and their revocation, locks, upload workspaces), and the two
 * writing the same path at the same moment end in one consistent state.
 */
const PASSWORD = 'admin-password';
const ADMIN = basic('admin', PASSWORD);
const FILES = '/remote.php/dav/files/admin';

let cluster: PostgresCluster | undefined;
let databaseUrl: string;
let dataDir: string;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  // The cluster of `npm run test:pg`, else one of this file's own.
  const base = process.env['CUMULUS_TEST_POSTGRES'] ?? (cluster = await startPostgresCluster()).url;
  databaseUrl = `${base}/two_processes_${randomBytes(6).toString('hex')}`;
  dataDir = await mkdtemp(join(tmpdir(), 'cumulus-two-'));
  const env = { CUMULUS_DATABASE_URL: databaseUrl, CUMULUS_ADMIN_PASSWORD: PASSWORD, CUMULUS_THROTTLE_DELAY_MS: '0' };
  // Started at the same moment: the migrations and the first-start admin run once between them.
  [a, b] = await Promise.all([startServerProcess(dataDir, env), startServerProcess(dataDir, env)]);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await rm(dataDir, { recursive: true, force: true });
  await cluster?.stop();
});

const call = async (server: ServerProcess, method: string, path: string, init: { headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Response> =>
  fetch(server.url + path, {
    method,
    redirect: 'manual',
    headers: { authorization: ADMIN, ...init.headers },
    ...(init.body !== undefined ? { body: typeof init.body === 'string' ? init.body : new Uint8Array(init.body) } : {}),
  });

/** The rows of the file cache at a path, straight from the database. */
async function cacheRows(path: string): Promise<{ size: number; etag: string }[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ size: string; etag: string }>("select size, etag from filecache where uid = 'admin' and path = $1", [path]);
    return result.rows.map((row) => ({ size: Number(row.size), etag: row.etag }));
  } finally {
    await client.end();
  }
}

describe('two server processes on one PostgreSQL database', () => {
  it('created the admin once and applied each migration once, though both started together', async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      expect((await client.query("select count(*)::int as n from users where uid = 'admin'")).rows[0]).toEqual({ n: 1 });
      const dupes = await client.query('select name from migrations group by name having count(*) > 1');
      expect(dupes.rows).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('ends two PUTs of the same path at the same moment with one row and one whole body', async () => {
    for (let round = 0; round < 10; round += 1) {
      const path = `/same-${round % 3}.bin`;
      const bodies = [randomBytes(200_000 + round), randomBytes(150_000 + round)];
      const answers = await Promise.all([call(a, 'PUT', FILES + path, { body: bodies[0] }), call(b, 'PUT', FILES + path, { body: bodies[1] })]);
      // A 500 names its cause in the server's log: shown with the failure.
      if (answers.some((answer) => answer.status >= 500)) throw new Error(`PUT answered ${answers.map((answer) => answer.status).join(', ')}:\n${a.stdout().slice(-3000)}\n${b.stdout().slice(-3000)}`);
      for (const answer of answers) expect([201, 204]).toContain(answer.status);
      const fromA = Buffer.from(await (await call(a, 'GET', FILES + path)).arrayBuffer());
      const fromB = Buffer.from(await (await call(b, 'GET', FILES + path)).arrayBuffer());
      expect(fromA.equals(fromB)).toBe(true);
      expect(bodies.some((body) => body.equals(fromA))).toBe(true);
      const rows = await cacheRows(path);
      expect(rows).toHaveLength(1);
      // After a listing has checked the disk, the cached size is the body's that won.
      await call(a, 'PROPFIND', `${FILES}/`, { headers: { depth: '1' } });
      expect((await cacheRows(path))[0]?.size).toBe(fromA.length);
    }
  }, 120_000);

  it('creates a folder made by both at once exactly once: one 201, one 405', async () => {
    for (let round = 0; round < 5; round += 1) {
      const statuses = (await Promise.all([call(a, 'MKCOL', `${FILES}/both-${round}`), call(b, 'MKCOL', `${FILES}/both-${round}`)])).map((r) => r.status).sort();
      expect(statuses).toEqual([201, 405]);
      expect(await cacheRows(`/both-${round}`)).toHaveLength(1);
    }
  }, 60_000);

  it('keeps a browser session signed in on one process valid on the other', async () => {
    const form = await openLoginForm(a);
    const login = await fetch(`${a.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: form.cookie },
      body: new URLSearchParams({ user: 'admin', password: PASSWORD, requesttoken: form.token }).toString(),
    });
    expect(login.status).toBe(303);
    const session = setCookies(login).get('cumulus_session');
    if (!session) throw new Error('no session cookie');
    const cookie = `cumulus_session=${encodeURIComponent(session.value)}`;
    const token = await fetch(`${b.url}/csrftoken`, { headers: { cookie } });
    expect(token.status).toBe(200);
  });

  it('honours on one process an app password made on the other, and its revocation at once', async () => {
    const created = await call(a, 'GET', '/ocs/v2.php/core/getapppassword?format=json', { headers: { 'ocs-apirequest': 'true' } });
    expect(created.status).toBe(200);
    const appPassword = ((await created.json()) as { ocs: { data: { apppassword: string } } }).ocs.data.apppassword;
    const withApp = { authorization: basic('admin', appPassword) };
    // Both processes verify it, so both remember it in their credential caches.
    expect((await call(b, 'PROPFIND', `${FILES}/`, { headers: { ...withApp, depth: '0' } })).status).toBe(207);
    expect((await call(a, 'PROPFIND', `${FILES}/`, { headers: { ...withApp, depth: '0' } })).status).toBe(207);
    expect((await call(a, 'DELETE', '/ocs/v2.php/core/apppassword?format=json', { headers: withApp })).status).toBe(200);
    // The other process's cache is checked against the shared store: refused at once.
    expect((await call(b, 'PROPFIND', `${FILES}/`, { headers: { ...withApp, depth: '0' } })).status).toBe(401);
  });

  it("shows a share made or removed on one process in the other's oc:share-types at once", async () => {
    expect((await call(a, 'PUT', `${FILES}/shared.txt`, { body: 'shared' })).status).toBe(201);
    const shareTypes = async (server: ServerProcess): Promise<string[]> => {
      const answer = await call(server, 'PROPFIND', `${FILES}/shared.txt`, {
        headers: { depth: '0', 'content-type': 'application/xml' },
        body: '<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><oc:share-types/></d:prop></d:propfind>',
      });
      expect(answer.status).toBe(207);
      return [...(await answer.text()).matchAll(/<oc:share-type>(\d+)<\/oc:share-type>/g)].map((match) => match[1] ?? '');
    };
    // Each process has listed the file (and holds its share types) before the share exists.
    expect(await shareTypes(a)).toEqual([]);
    expect(await shareTypes(b)).toEqual([]);
    const created = await call(a, 'POST', '/ocs/v2.php/apps/files_sharing/api/v1/shares?format=json', {
      headers: { 'ocs-apirequest': 'true', 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/shared.txt', shareType: 3 }),
    });
    expect(created.status).toBe(200);
    const id = ((await created.json()) as { ocs: { data: { id: string } } }).ocs.data.id;
    expect(await shareTypes(b)).toEqual(['3']);
    expect((await call(a, 'DELETE', `/ocs/v2.php/apps/files_sharing/api/v1/shares/${id}?format=json`, { headers: { 'ocs-apirequest': 'true' } })).status).toBe(200);
    expect(await shareTypes(b)).toEqual([]);
  });

  it("changes a recipient's root etag on the other process, and tells its feed there, when a share lands, changes inside and leaves on one", async () => {
    const added = await runCumulus(['user:add', 'bob', '--password-from-env'], { CUMULUS_DATA_DIR: dataDir, CUMULUS_DATABASE_URL: databaseUrl, CUMULUS_PASSWORD: 'bob-password-1' });
    expect(added.code).toBe(0);
    const BOB = basic('bob', 'bob-password-1');
    const rootEtag = async (server: ServerProcess): Promise<string> => {
      const answer = await fetch(`${server.url}/remote.php/dav/files/bob/`, { method: 'PROPFIND', headers: { authorization: BOB, depth: '0' } });
      expect(answer.status).toBe(207);
      return /<d:getetag>([^<]*)<\/d:getetag>/.exec(await answer.text())?.[1] ?? '';
    };
    expect((await call(a, 'MKCOL', `${FILES}/Team`)).status).toBe(201);
    // Bob's feed on process b; the share and the writes go through process a.
    const feed = await fetch(`${b.url}/apps/files/api/v1/changes`, { headers: { authorization: BOB } });
    expect(feed.status).toBe(200);
    const stream = readEvents(feed);
    /** Waits for a `node` event whose data matches `pattern`. */
    const waitForEvent = (pattern: RegExp): Promise<void> => stream.until((events) => events.some(({ event, data }) => event === 'node' && pattern.test(data)), `${String(pattern)} in bob's feed`);
    await stream.until((events) => events.some(({ event }) => event === 'ready'), "the ready event of bob's feed");
    const before = await rootEtag(b);
    const created = await call(a, 'POST', '/ocs/v2.php/apps/files_sharing/api/v1/shares?format=json', {
      headers: { 'ocs-apirequest': 'true', 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/Team', shareType: 0, shareWith: 'bob', permissions: 31 }),
    });
    expect(created.status).toBe(200);
    const id = ((await created.json()) as { ocs: { data: { id: string } } }).ocs.data.id;
    const shared = await rootEtag(b);
    expect(shared).not.toBe(before);
    await waitForEvent(/"path":"\/Team","fileid":\d+,"type":"folder","etag"/);
    expect((await call(a, 'PUT', `${FILES}/Team/plan.txt`, { body: 'plan' })).status).toBe(201);
    expect(await rootEtag(b)).not.toBe(shared);
    await waitForEvent(/"path":"\/Team\/plan\.txt"/);
    const changed = await rootEtag(b);
    expect((await call(a, 'DELETE', `/ocs/v2.php/apps/files_sharing/api/v1/shares/${id}?format=json`, { headers: { 'ocs-apirequest': 'true' } })).status).toBe(200);
    expect(await rootEtag(b)).not.toBe(changed);
    await waitForEvent(/"path":"\/Team","fileid":\d+,"type":"folder","deleted":true/);
    await stream.close();
  }, 60_000);

  it('finds by name on one process what was uploaded on the other, at once', async () => {
    expect((await call(a, 'PUT', `${FILES}/Se%CC%81ance%20notes%20two-proc.txt`, { body: 'x' })).status).toBe(201);
    const found = await call(b, 'GET', '/apps/files/api/v1/search?q=seance%20NOTES');
    expect(found.status).toBe(200);
    expect(((await found.json()) as { results: { path: string }[] }).results.map((result) => result.path)).toEqual(['/Séance notes two-proc.txt'.normalize('NFD')]);
  });

  it('enforces a WebDAV lock taken on one process on the other', async () => {
    expect((await call(a, 'PUT', `${FILES}/locked.txt`, { body: 'v1' })).status).toBe(201);
    const lock = await call(a, 'LOCK', `${FILES}/locked.txt`, {
      headers: { 'content-type': 'application/xml', timeout: 'Second-600' },
      body: '<?xml version="1.0"?><d:lockinfo xmlns:d="DAV:"><d:lockscope><d:exclusive/></d:lockscope><d:locktype><d:write/></d:locktype></d:lockinfo>',
    });
    expect(lock.status).toBe(200);
    const token = lock.headers.get('lock-token');
    expect(token).toMatch(/^<opaquelocktoken:/);
    expect((await call(b, 'PUT', `${FILES}/locked.txt`, { body: 'v2' })).status).toBe(423);
    expect((await call(b, 'PUT', `${FILES}/locked.txt`, { body: 'v2', headers: { if: `(${token})` } })).status).toBe(204);
    expect((await call(b, 'UNLOCK', `${FILES}/locked.txt`, { headers: { 'lock-token': token ?? '' } })).status).toBe(204);
  });

  it('assembles a chunked upload whose chunks and MOVE land on alternate processes', async () => {
    const id = `upload-${randomBytes(4).toString('hex')}`;
    const destination = `${a.url}${FILES}/assembled.bin`;
    const chunks = Array.from({ length: 6 }, (_, i) => randomBytes(100_000 + i * 1000));
    const total = String(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
    expect((await call(a, 'MKCOL', `/remote.php/dav/uploads/admin/${id}`, { headers: { destination } })).status).toBe(201);
    for (const [i, chunk] of chunks.entries()) {
      const put = await call(i % 2 ? b : a, 'PUT', `/remote.php/dav/uploads/admin/${id}/${i + 1}`, { headers: { destination, 'oc-total-length': total }, body: chunk });
      expect(put.status).toBe(201);
    }
    // Behind a balancer every process is reached at one host; here each at its own.
    const move = await call(b, 'MOVE', `/remote.php/dav/uploads/admin/${id}/.file`, { headers: { destination: `${b.url}${FILES}/assembled.bin`, 'oc-total-length': total } });
    expect(move.status).toBe(201);
    const got = Buffer.from(await (await call(a, 'GET', `${FILES}/assembled.bin`)).arrayBuffer());
    expect(got.equals(Buffer.concat(chunks))).toBe(true);
  }, 60_000);

  it("leaves a live process's temporary files alone at another's start and sweeps, and sweeps them once it is killed", async () => {
    // The tags the processes announce (advisory locks, server/src/storage/metadata/instances.ts).
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    let tags: string[];
    try {
      const { rows } = await client.query<{ objid: string }>("select objid from pg_locks where locktype = 'advisory' and granted and objsubid = 2");
      tags = rows.map((row) => Number(row.objid).toString(16).padStart(8, '0'));
    } finally {
      await client.end();
    }
    // a and b (their tags appear once a start-up settled the journal).
    expect(tags).toHaveLength(2);
    const live = tags.map((tag) => `put-${tag}0123456789abcdef.part`).sort();
    const dead = 'put-7fffffff0123456789abcdef.part';
    await mkdir(join(dataDir, 'tmp'), { recursive: true });
    for (const name of [...live, dead]) await writeFile(join(dataDir, 'tmp', name), 'partial');
    const third = await startServerProcess(dataDir, { CUMULUS_DATABASE_URL: databaseUrl, CUMULUS_TMP_SWEEP_INTERVAL: '1' });
    try {
      expect((await readdir(join(dataDir, 'tmp'))).sort()).toEqual(live);
      // Its sweeps every second keep them while a and b run…
      await new Promise((wake) => setTimeout(wake, 2500));
      expect((await readdir(join(dataDir, 'tmp'))).sort()).toEqual(live);
      // …and take them once PostgreSQL has seen a and b die.
      await Promise.all([a.kill(), b.kill()]);
      for (let i = 0; i < 100 && (await readdir(join(dataDir, 'tmp'))).length > 0; i += 1) await new Promise((wake) => setTimeout(wake, 200));
      expect(await readdir(join(dataDir, 'tmp'))).toEqual([]);
    } finally {
      await third.stop();
    }
  }, 60_000);
});
