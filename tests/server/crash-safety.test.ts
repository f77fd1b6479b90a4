import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request as httpRequest } from 'node:http';
import { cp, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerProcess } from '../support/serverProcess';
import { startServerProcess } from '../support/serverProcess';
import { basic } from './helpers';
import { copyTestDatabase } from '../scale/postgres-cluster';
import { mulberry32 } from '../support/prng';

/**
 * The server as a real process, killed with SIGKILL in the middle of a COPY or MOVE of a
 * 1,000-file folder (at named points through CUMULUS_TEST_CRASH_AT, and at random moments)
 * and in the middle of a PUT, then started again: it must show the old state or the
 * complete new one, with every file id, favorite and dead property where it was, and no
 * temporary leftovers.
 */

const PASSWORD = 'crash-test-password';
const AUTH = basic('admin', PASSWORD);
const FILES = '/remote.php/dav/files/admin';
/** Files directly in /src, plus SUB_FILES in /src/sub: 1,000 in all. */
const TOP_FILES = 990;
const SUB_FILES = 10;
const NAMESPACES = 'xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns" xmlns:x="urn:crash-test"';
const PROPS = `<?xml version="1.0"?><d:propfind ${NAMESPACES}><d:prop><oc:fileid/><oc:favorite/><d:getcontentlength/><d:resourcetype/><x:tag/></d:prop></d:propfind>`;

/** One node as PROPFIND shows it. */
interface Node {
  fileid: string;
  favorite: string;
  size: string;
  folder: boolean;
  tag: string | undefined;
}

type Tree = Map<string, Node>;

const dav = (server: ServerProcess, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Response> =>
  fetch(server.url + FILES + path, { method, headers: { authorization: AUTH, ...headers }, ...(body !== undefined ? { body } : {}) });

/** A folder's whole tree (relative paths, '' for the folder itself), or null when it does not exist. */
async function tree(server: ServerProcess, folder: string): Promise<Tree | null> {
  const result: Tree = new Map();
  const pending = [''];
  while (pending.length > 0) {
    const relative = pending.shift() as string;
    const response = await dav(server, 'PROPFIND', `${folder}${relative}/`, { depth: '1' }, PROPS);
    if (response.status === 404 && relative === '') return null;
    expect(response.status).toBe(207);
    for (const part of (await response.text()).split('<d:response>').slice(1)) {
      const href = decodeURIComponent(/<d:href>([^<]*)<\/d:href>/.exec(part)?.[1] ?? '');
      const path = href.slice((FILES + folder).length).replace(/\/$/, '');
      const ok = part.split('<d:propstat>').find((stat) => stat.includes('200 OK')) ?? '';
      const node: Node = {
        fileid: /<oc:fileid>(\d+)<\/oc:fileid>/.exec(ok)?.[1] ?? '',
        favorite: /<oc:favorite>(\d)<\/oc:favorite>/.exec(ok)?.[1] ?? '',
        size: /<d:getcontentlength>(\d+)<\/d:getcontentlength>/.exec(ok)?.[1] ?? '',
        folder: ok.includes('<d:collection/>'),
        tag: /<tag xmlns="urn:crash-test">([^<]*)<\/tag>/.exec(ok)?.[1],
      };
      if (path !== relative) {
        result.set(path, node);
        if (node.folder) pending.push(path);
      } else if (relative === '') {
        result.set('', node);
      }
    }
  }
  return result;
}

/** The names and sizes (and tags, which COPY keeps) of a tree, without ids. */
const shape = (nodes: Tree): Map<string, string> => new Map([...nodes].filter(([path]) => path !== '').map(([path, node]) => [path, `${node.folder ? 'dir' : node.size} ${node.tag ?? ''}`]));

/** The entries of a data dir's tmp/ (none when it does not exist). */
const tmpEntries = async (dataDir: string): Promise<string[]> => readdir(join(dataDir, 'tmp')).catch(() => []);

/** A COPY or MOVE to send, and what to expect of it. */
interface Operation {
  method: 'COPY' | 'MOVE';
  destination: '/copy' | '/moved' | '/old';
}

describe('crash safety of COPY, MOVE and PUT (the server killed with SIGKILL, then restarted)', () => {
  let work: string;
  let seed: string;
  /** The state every run starts from. */
  let src: Tree;
  let old: Tree;
  const running = new Set<ServerProcess>();

  const start = async (dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> => {
    const server = await startServerProcess(dataDir, { CUMULUS_ADMIN_PASSWORD: PASSWORD, ...env });
    running.add(server);
    void server.exited.then(() => running.delete(server));
    return server;
  };

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'cumulus-crash-'));
    seed = join(work, 'seed');
    // 1,000 files put on disk before the first start, which takes them in.
    const root = join(seed, 'files', 'admin');
    await mkdir(join(root, 'src', 'sub'), { recursive: true });
    await mkdir(join(root, 'old'), { recursive: true });
    for (let i = 0; i < TOP_FILES; i += 1) await writeFile(join(root, 'src', `f${i}.txt`), `file ${i} `.repeat(1 + (i % 7)));
    for (let i = 0; i < SUB_FILES; i += 1) await writeFile(join(root, 'src', 'sub', `s${i}.txt`), `sub ${i}`);
    for (let i = 0; i < 3; i += 1) await writeFile(join(root, 'old', `o${i}.txt`), `old ${i}`);
    const server = await start(seed);
    // Favorites and dead properties on the folder, the subfolder, files at both levels and the old destination.
    const marked = ['/src', '/src/sub', '/src/sub/s3.txt', '/old', '/old/o1.txt', ...Array.from({ length: 10 }, (_, i) => `/src/f${i * 97}.txt`)];
    for (const [i, path] of marked.entries()) {
      const patch = `<?xml version="1.0"?><d:propertyupdate ${NAMESPACES}><d:set><d:prop><oc:favorite>1</oc:favorite><x:tag>tag-${i}</x:tag></d:prop></d:set></d:propertyupdate>`;
      expect((await dav(server, 'PROPPATCH', path, {}, patch)).status).toBe(207);
    }
    src = (await tree(server, '/src')) as Tree;
    old = (await tree(server, '/old')) as Tree;
    expect([...src.values()].filter((node) => !node.folder)).toHaveLength(TOP_FILES + SUB_FILES);
    expect(src.get('/sub/s3.txt')).toMatchObject({ favorite: '1', tag: 'tag-2' });
    await server.stop();
  }, 300_000);

  afterAll(async () => {
    for (const server of running) await server.kill();
    await rm(work, { recursive: true, force: true });
  });

  let runs = 0;
  /** A fresh copy of the seeded data dir. */
  const fresh = async (): Promise<string> => {
    runs += 1;
    const dataDir = join(work, `run-${runs}`);
    await cp(seed, dataDir, { recursive: true });
    // The PostgreSQL test mode keeps the metadata out of the data dir: copied beside it.
    await copyTestDatabase(seed, dataDir);
    return dataDir;
  };

  /**
   * Sends `operation` to a server started with `env` and waits until the process is gone:
   * killed by the test after `killAfterMs`, or by itself at a CUMULUS_TEST_CRASH_AT point.
   */
  const crash = async (dataDir: string, operation: Operation, kill: { env?: Record<string, string>; afterMs?: number }): Promise<void> => {
    const server = await start(dataDir, kill.env ?? {});
    const headers = { destination: server.url + FILES + operation.destination, overwrite: 'T' };
    const answer = dav(server, operation.method, '/src', headers).then(
      (response) => response.status,
      () => 0,
    );
    if (kill.afterMs !== undefined) {
      await new Promise((done) => setTimeout(done, kill.afterMs));
      await server.kill();
      await answer;
      return;
    }
    const status = await answer;
    // The crash point must have been reached: the request then gets no answer at all.
    const ended = await Promise.race([server.exited.then(() => true), new Promise<boolean>((done) => setTimeout(() => done(false), 5000))]);
    if (!ended) await server.kill();
    expect({ point: kill.env?.CUMULUS_TEST_CRASH_AT, status, killedAtPoint: ended }).toEqual({ point: kill.env?.CUMULUS_TEST_CRASH_AT, status: 0, killedAtPoint: true });
  };

  /** Restarts the server and checks it shows the old state or the complete new one; returns which. */
  const checkAfterRestart = async (dataDir: string, operation: Operation): Promise<'old' | 'new'> => {
    const server = await start(dataDir);
    try {
      // Start-up removed every temporary leftover, and nothing unexpected sits in the user's root.
      expect(await tmpEntries(dataDir)).toEqual([]);
      const topLevel = (await readdir(join(dataDir, 'files', 'admin'))).sort();
      const source = await tree(server, '/src');
      const target = await tree(server, operation.destination);
      const untouchedOld = operation.destination === '/old' ? old : null;
      const state = operation.method === 'MOVE' ? (source ? 'old' : 'new') : target && (untouchedOld === null || shape(target).size !== shape(old).size) ? 'new' : 'old';
      if (operation.method === 'COPY') {
        // The source is untouched either way, ids and all.
        expect(source).toEqual(src);
        if (state === 'old') {
          expect(target).toEqual(untouchedOld);
        } else {
          // The complete copy: every file with its size and dead property, new ids.
          expect(shape(target as Tree)).toEqual(shape(src));
          expect((target as Tree).get('/f0.txt')?.fileid).not.toBe(src.get('/f0.txt')?.fileid);
        }
        expect(topLevel).toEqual(state === 'new' && operation.destination === '/copy' ? ['copy', 'old', 'src'] : ['old', 'src']);
      } else if (state === 'old') {
        expect(source).toEqual(src);
        expect(target).toEqual(operation.destination === '/old' ? old : null);
        expect(topLevel).toEqual(['old', 'src']);
      } else {
        // Moved: the same ids, favorites and dead properties, at the new place.
        expect(target).toEqual(src);
        expect(topLevel).toEqual(operation.destination === '/old' ? ['old'] : ['moved', 'old']);
      }
      // The quota count matches the files: nothing counted twice or lost.
      const quota = await (await dav(server, 'PROPFIND', '/', { depth: '0' }, '<d:propfind xmlns:d="DAV:"><d:prop><d:quota-used-bytes/></d:prop></d:propfind>')).text();
      const bytes = (nodes: Tree | null): number => [...(nodes ?? new Map<string, Node>()).values()].reduce((sum, node) => sum + (node.folder ? 0 : Number(node.size)), 0);
      const expected =
        operation.method === 'COPY'
          ? bytes(src) + (state === 'new' ? bytes(src) : 0) + (state === 'new' && operation.destination === '/old' ? 0 : bytes(old))
          : bytes(src) + (state === 'new' && operation.destination === '/old' ? 0 : bytes(old));
      expect(quota).toContain(`<d:quota-used-bytes>${expected}</d:quota-used-bytes>`);
      return state;
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  };

  const points: [Operation, string, 'old' | 'new'][] = [
    [{ method: 'COPY', destination: '/copy' }, 'copy:after-files:1', 'old'],
    [{ method: 'COPY', destination: '/copy' }, 'copy:after-files:500', 'old'],
    [{ method: 'COPY', destination: '/copy' }, 'copy:after-journal', 'old'],
    [{ method: 'COPY', destination: '/copy' }, 'copy:after-place', 'new'],
    [{ method: 'COPY', destination: '/copy' }, 'copy:after-commit', 'new'],
    [{ method: 'COPY', destination: '/old' }, 'copy:after-files:500', 'old'],
    [{ method: 'COPY', destination: '/old' }, 'copy:after-set-aside', 'old'],
    [{ method: 'COPY', destination: '/old' }, 'copy:after-place', 'new'],
    [{ method: 'MOVE', destination: '/moved' }, 'move:after-journal', 'old'],
    [{ method: 'MOVE', destination: '/moved' }, 'move:after-rename', 'new'],
    [{ method: 'MOVE', destination: '/moved' }, 'move:after-commit', 'new'],
    [{ method: 'MOVE', destination: '/old' }, 'move:after-set-aside', 'old'],
    [{ method: 'MOVE', destination: '/old' }, 'move:after-rename', 'new'],
  ];

  it.each(points)('%o killed at %s comes back in the %s state', async (operation, point, expected) => {
    const dataDir = await fresh();
    await crash(dataDir, operation, { env: { CUMULUS_TEST_CRASH_AT: point } });
    expect(await checkAfterRestart(dataDir, operation)).toBe(expected);
  }, 120_000);

  // DELETE is journaled too: for good (set aside, rows removed, bytes after), and into the
  // trash (a transfer into the trash's area keeping the ids). A kill leaves /src whole, or gone
  // (and then whole in the trash, ids, favorites and dead properties included).
  const deletes: [string, Record<string, string>, 'old' | 'gone' | 'trashed'][] = [
    ['delete:after-journal', { 'x-nc-skip-trashbin': 'true' }, 'old'],
    ['delete:after-set-aside', { 'x-nc-skip-trashbin': 'true' }, 'gone'],
    ['delete:after-commit', { 'x-nc-skip-trashbin': 'true' }, 'gone'],
    ['transfer:after-journal', {}, 'old'],
    ['transfer:after-rename', {}, 'trashed'],
  ];
  it.each(deletes)('DELETE killed at %s (%o) comes back %s', async (point, headers, expected) => {
    const dataDir = await fresh();
    const server = await start(dataDir, { CUMULUS_TEST_CRASH_AT: point });
    const status = await dav(server, 'DELETE', '/src', headers).then(
      (response) => response.status,
      () => 0,
    );
    const ended = await Promise.race([server.exited.then(() => true), new Promise<boolean>((done) => setTimeout(() => done(false), 5000))]);
    if (!ended) await server.kill();
    expect({ point, status, ended }).toEqual({ point, status: 0, ended: true });
    const again = await start(dataDir);
    try {
      expect(await tmpEntries(dataDir)).toEqual([]);
      expect((await readdir(join(dataDir, 'files', 'admin'))).sort()).toEqual(expected === 'old' ? ['old', 'src'] : ['old']);
      const source = await tree(again, '/src');
      if (expected === 'old') expect(source).toEqual(src);
      else expect(source).toBeNull();
      const bytes = (nodes: Tree): number => [...nodes.values()].reduce((sum, node) => sum + (node.folder ? 0 : Number(node.size)), 0);
      const quota = await (await dav(again, 'PROPFIND', '/', { depth: '0' }, '<d:propfind xmlns:d="DAV:"><d:prop><d:quota-used-bytes/></d:prop></d:propfind>')).text();
      expect(quota).toContain(`<d:quota-used-bytes>${bytes(old) + (expected === 'old' ? bytes(src) : 0)}</d:quota-used-bytes>`);
      const trash = await (
        await fetch(`${again.url}/remote.php/dav/trashbin/admin/trash/`, {
          method: 'PROPFIND',
          headers: { authorization: AUTH, depth: '1' },
          body: '<d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns" xmlns:nc="http://nextcloud.org/ns"><d:prop><oc:fileid/><oc:size/><nc:trashbin-filename/></d:prop></d:propfind>',
        })
      ).text();
      if (expected === 'trashed') {
        expect(trash).toContain('<nc:trashbin-filename>src</nc:trashbin-filename>');
        expect(trash).toContain(`<oc:fileid>${src.get('')?.fileid}</oc:fileid>`);
        expect(trash).toContain(`<oc:size>${bytes(src)}</oc:size>`);
      } else {
        expect(trash).not.toContain('<nc:trashbin-filename>src</nc:trashbin-filename>');
      }
    } finally {
      await again.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  // The same kill between a MOVE's rename on disk and its database update, without the
  // server's help: a preload wraps rename(2). Today's server came back with new file ids here.
  const renameKill = (suffix: string): Record<string, string> => ({
    NODE_OPTIONS: `--import ${join(dirname(fileURLToPath(import.meta.url)), '../support/kill-after-rename.mjs')}`,
    CUMULUS_TEST_KILL_AFTER_RENAME_TO: suffix,
  });
  it.each([{ method: 'MOVE', destination: '/moved' } as const, { method: 'MOVE', destination: '/old' } as const])(
    '%o killed right after its rename on disk comes back moved, with every id, favorite and dead property',
    async (operation) => {
      const dataDir = await fresh();
      await crash(dataDir, operation, { env: renameKill(`/files/admin${operation.destination}`) });
      expect(await checkAfterRestart(dataDir, operation)).toBe('new');
    },
    120_000,
  );

  it('comes back in the old or the complete new state after kills at random moments of COPY and MOVE', async () => {
    const seedValue = Number(process.env.CRASH_TEST_SEED ?? Date.now() % 1_000_000);
    process.stdout.write(`crash-safety random kills: CRASH_TEST_SEED=${seedValue}\n`);
    const next = mulberry32(seedValue);
    // How long an uninterrupted COPY and MOVE of the folder take here, to spread the kills over them.
    const timing = await fresh();
    const server = await start(timing);
    const timed = async (method: string, from: string, to: string): Promise<number> => {
      const began = Date.now();
      expect((await dav(server, method, from, { destination: server.url + FILES + to })).status).toBe(201);
      return Date.now() - began;
    };
    const durations = { COPY: await timed('COPY', '/src', '/copy'), MOVE: await timed('MOVE', '/copy', '/moved') };
    process.stdout.write(`uninterrupted: COPY ${durations.COPY} ms, MOVE ${durations.MOVE} ms\n`);
    await server.stop();
    await rm(timing, { recursive: true, force: true });
    const operations: Operation[] = [
      { method: 'COPY', destination: '/copy' },
      { method: 'COPY', destination: '/old' },
      { method: 'MOVE', destination: '/moved' },
      { method: 'MOVE', destination: '/old' },
    ];
    const seen: string[] = [];
    // One kill per operation and destination: the named points above pin each step down; these
    // catch a moment between them, a new one every run (the seed is printed to replay it).
    for (let round = 0; round < operations.length; round += 1) {
      const operation = operations[round % operations.length] as Operation;
      const afterMs = Math.floor(next() * durations[operation.method]);
      const dataDir = await fresh();
      await crash(dataDir, operation, { afterMs });
      const state = await checkAfterRestart(dataDir, operation).catch((error: unknown) => {
        throw new Error(`${operation.method} ${operation.destination} killed after ${afterMs} ms (CRASH_TEST_SEED=${seedValue}): ${(error as Error).message}`);
      });
      seen.push(`${operation.method} ${operation.destination} +${afterMs}ms: ${state}`);
    }
    process.stdout.write(`${seen.join('\n')}\n`);
  }, 600_000);

  it('sweeps the temporary file of a PUT killed mid-way at start-up, and keeps chunked uploads', async () => {
    const dataDir = await fresh();
    const server = await start(dataDir);
    // A chunked upload in progress: its workspace must survive restarts until it expires.
    const upload = `${server.url}/remote.php/dav/uploads/admin/upload-1`;
    expect((await fetch(upload, { method: 'MKCOL', headers: { authorization: AUTH, destination: `${server.url}${FILES}/big.bin` } })).status).toBe(201);
    expect((await fetch(`${upload}/1`, { method: 'PUT', headers: { authorization: AUTH }, body: 'x'.repeat(1000) })).status).toBe(201);
    const put = slowPut(server.url, '/killed.bin', 8 * 1024 * 1024);
    await put.sent(1024 * 1024);
    await waitFor(async () => (await tmpEntries(dataDir)).length === 1);
    await server.kill();
    put.abort();
    expect(await tmpEntries(dataDir)).toHaveLength(1);

    const again = await start(dataDir);
    try {
      expect(await tmpEntries(dataDir)).toEqual([]);
      expect((await dav(again, 'HEAD', '/killed.bin')).status).toBe(404);
      expect((await stat(join(dataDir, 'uploads', 'admin', 'upload-1'))).isDirectory()).toBe(true);
      const chunks = await fetch(`${again.url}/remote.php/dav/uploads/admin/upload-1`, { method: 'PROPFIND', headers: { authorization: AUTH, depth: '1' } });
      expect(chunks.status).toBe(207);
      expect(await chunks.text()).toContain('/remote.php/dav/uploads/admin/upload-1/1</d:href>');
    } finally {
      await again.stop();
    }
  }, 120_000);

  it('sweeps leftovers every CUMULUS_TMP_SWEEP_INTERVAL seconds, never the file of a PUT in progress', async () => {
    const dataDir = await fresh();
    const server = await start(dataDir, { CUMULUS_TMP_SWEEP_INTERVAL: '1' });
    const body = 2 * 1024 * 1024;
    const put = slowPut(server.url, '/slow.bin', body);
    try {
      await put.sent(1024 * 1024);
      await waitFor(async () => (await tmpEntries(dataDir)).length === 1);
      const [live] = await tmpEntries(dataDir);
      // Leftovers as a crashed request leaves them: a partial upload and an unfinished copy.
      await writeFile(join(dataDir, 'tmp', 'put-0123456789abcdef01234567.part'), 'partial');
      await mkdir(join(dataDir, 'tmp', 'copy-0123456789abcdef01234567', 'inner'), { recursive: true });
      await waitFor(async () => (await tmpEntries(dataDir)).length === 1, 20_000);
      expect(await tmpEntries(dataDir)).toEqual([live]);
      // Across several more sweeps the PUT's own file stays, and the PUT completes.
      await new Promise((done) => setTimeout(done, 2500));
      expect(await tmpEntries(dataDir)).toEqual([live]);
      expect(await put.finish()).toBe(201);
      const stored = await dav(server, 'GET', '/slow.bin');
      expect((await stored.arrayBuffer()).byteLength).toBe(body);
    } finally {
      put.abort();
      await server.stop();
    }
  }, 120_000);
});

/** Polls `check` until it holds (or fails after `timeoutMs`). */
async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('Timed out waiting');
    await new Promise((done) => setTimeout(done, 50));
  }
}

/** A PUT of `length` bytes whose body the test sends bit by bit. */
function slowPut(baseUrl: string, path: string, length: number): { sent(bytes: number): Promise<void>; finish(): Promise<number>; abort(): void } {
  const { hostname, port } = new URL(baseUrl);
  let status: Promise<number> = Promise.resolve(0);
  const req = httpRequest({ hostname, port, method: 'PUT', path: FILES + path, headers: { authorization: AUTH, 'content-length': String(length) } });
  status = new Promise((done) => {
    req.on('response', (res) => {
      res.resume();
      done(res.statusCode ?? 0);
    });
    req.on('error', () => done(0));
  });
  let written = 0;
  const write = (bytes: number): Promise<void> =>
    new Promise((done) => {
      written += bytes;
      req.write(Buffer.alloc(bytes, 7), () => done());
    });
  return {
    sent: (bytes) => write(bytes),
    finish: async () => {
      await write(length - written);
      req.end();
      return status;
    },
    abort: () => req.destroy(),
  };
}
