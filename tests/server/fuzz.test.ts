/**
 * Fuzz test: thousands of malformed WebDAV and chunked-upload requests
 * (`fuzz-requests.ts`) against the real server in a process of its own on
 * 127.0.0.1. It holds when no answer is a 5xx (except 502 for a Destination
 * on another server), every request is answered in time, the server still
 * lists and stores files afterwards, its memory after GC has not grown, and
 * nothing was written outside its data dir.
 *
 * The seed is printed; `CUMULUS_FUZZ_SEED=<n>` replays a run and
 * `CUMULUS_FUZZ_COUNT=<n>` changes its size (default 4000 requests).
 */
import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SpawnedServer } from '../support/spawnServer';
import { SERVER_PROCESS, spawnServer, stopServer } from '../support/spawnServer';
import type { FuzzCase, FuzzRequest } from './fuzz-requests';
import { FUZZ_FIXTURE, FUZZ_FOLDER, fuzzCases } from './fuzz-requests';

const PASSWORD = 'fuzz-admin-password';
const AUTHORIZATION = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;
const SEED = Number(process.env.CUMULUS_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const COUNT = Number(process.env.CUMULUS_FUZZ_COUNT ?? 4000);
/** Requests in flight at once: enough to overlap uploads and renames, few enough for a 2-core CI machine. */
const PARALLEL = 6;
/** A request unanswered for this long counts as a stalled server. */
const REQUEST_TIMEOUT_MS = 20_000;
/** Sending stops after this (the test must end on a busy CI machine), reporting how far it got. */
const SEND_BUDGET_MS = 60_000;
/** A raw request the server may leave unanswered (its body never comes) is given up after this. */
const RAW_WAIT_MS = 3_000;
/** Growth of the server's heap after GC between the warm-up and the end that counts as a leak. */
const HEAP_GROWTH_LIMIT = 16 * 1024 * 1024;
/** Growth of its resident set (allocator arenas and SQLite's cache included, so looser). */
const RSS_GROWTH_LIMIT = 64 * 1024 * 1024;

const FILES = '/remote.php/dav/files/admin';

let sandbox: string;
let dataDir: string;
let server: SpawnedServer;
let serverLog = '';
const agent = new Agent({ keepAlive: true, maxSockets: PARALLEL + 2 });

interface Answer {
  status: number;
  body: string;
  /** The Lock-Token of a LOCK's answer. */
  lockToken?: string;
  error?: string;
}

/** A connection not yet open after this is given up and the request sent again on a new one (it never reached the server). */
const CONNECT_TIMEOUT_MS = 5_000;
/** How often a request that never left the client is sent again before it counts as a failure. */
const CONNECT_RETRIES = 2;
/** Requests sent again because their connection did not open (the client's side, not the server's): printed with the figures. */
let reconnects = 0;

/** Sends one request through node:http, the path as given. */
function sendOnce(port: number, item: FuzzRequest, fresh: boolean): Promise<Answer & { notConnected?: boolean }> {
  return new Promise((done) => {
    // node:http frames a GET or HEAD body by nothing unless told its length; the server would read it as the next request.
    const headers = item.body ? { 'content-length': String(item.body.length), ...item.headers } : item.headers;
    let req;
    try {
      req = request({ host: '127.0.0.1', port, method: item.method, path: item.path, headers, agent: fresh ? false : agent, timeout: REQUEST_TIMEOUT_MS }, (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (chunk: Buffer) => {
          if (kept < 2000) chunks.push(chunk);
          kept += chunk.length;
        });
        const token = res.headers['lock-token'];
        const lockToken = typeof token === 'string' ? token : undefined;
        res.on('end', () => done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8').slice(0, 2000), ...(lockToken ? { lockToken } : {}) }));
        res.on('error', (error) => done({ status: res.statusCode ?? 0, body: '', error: error.message }));
      });
    } catch (error) {
      // node:http refuses some header values and paths before sending: nothing reached the server.
      done({ status: -1, body: '', error: (error as Error).message });
      return;
    }
    const sent = req;
    // A connection that does not open in time never carried the request: the server saw nothing, so it is tried again.
    let connectTimer: NodeJS.Timeout | undefined;
    sent.on('socket', (socket) => {
      if (!socket.connecting) return;
      connectTimer = setTimeout(() => {
        sent.removeAllListeners('error');
        sent.on('error', () => undefined);
        sent.destroy();
        done({ status: 0, body: '', error: `connection not open within ${CONNECT_TIMEOUT_MS} ms`, notConnected: true });
      }, CONNECT_TIMEOUT_MS);
      socket.once('connect', () => clearTimeout(connectTimer));
      socket.once('close', () => clearTimeout(connectTimer));
    });
    // What the connection did tells a stalled server from a lost connection: bytes each way, and whether it was a kept-alive one.
    sent.on('timeout', () => {
      const socket = sent.socket;
      if ((socket?.bytesWritten ?? 0) === 0) {
        // Not a byte of it left the client: the server cannot have left it unanswered.
        sent.removeAllListeners('error');
        sent.on('error', () => undefined);
        sent.destroy();
        done({ status: 0, body: '', error: `not sent within ${REQUEST_TIMEOUT_MS} ms`, notConnected: true });
        return;
      }
      sent.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms (${sent.reusedSocket ? 'reused' : 'new'} connection, ${socket?.bytesWritten ?? 0} B sent, ${socket?.bytesRead ?? 0} B received)`));
    });
    sent.on('error', (error) => {
      clearTimeout(connectTimer);
      done({ status: 0, body: '', error: error.message });
    });
    sent.end(item.body);
  });
}

/** Sends one request, again on a connection of its own when its connection did not open (at most {@link CONNECT_RETRIES} times). */
async function send(port: number, item: FuzzRequest): Promise<Answer> {
  let answer = await sendOnce(port, item, false);
  for (let retry = 0; answer.notConnected && retry < CONNECT_RETRIES; retry += 1) {
    reconnects += 1;
    answer = await sendOnce(port, item, true);
  }
  const { notConnected: _, ...rest } = answer;
  return rest;
}

/** Writes raw bytes, half-closes, and returns every status line that came back (none is fine: the request was broken). */
function sendRaw(port: number, bytes: Buffer): Promise<{ statuses: number[]; text: string }> {
  return new Promise((done) => {
    const socket = connect({ host: '127.0.0.1', port });
    let received = '';
    const finish = (): void => {
      clearTimeout(timer);
      socket.destroy();
      done({ statuses: [...received.matchAll(/HTTP\/1\.[01] (\d{3})/g)].map((m) => Number(m[1])), text: received.slice(0, 2000) });
    };
    const timer = setTimeout(finish, RAW_WAIT_MS);
    socket.on('connect', () => socket.end(bytes));
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => undefined);
    socket.on('close', finish);
  });
}

/** The server's memory after a full GC, asked over IPC. */
function serverMemory(): Promise<NodeJS.MemoryUsage> {
  return new Promise((done, fail) => {
    const child = server.child;
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      fail(new Error('The server did not report its memory within 30 s: its event loop is stuck'));
    }, 30_000);
    const onMessage = (message: unknown): void => {
      const reply = message as { memory?: NodeJS.MemoryUsage; collected?: boolean };
      if (!reply.memory) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      if (!reply.collected) fail(new Error('The server was started without --expose-gc'));
      else done(reply.memory);
    };
    child.on('message', onMessage);
    child.send('memory');
  });
}

/** Every entry below `dir` (folders end with `/`) with file contents, to compare before and after. */
async function tree(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(`${entry.name}/`, ...(await tree(full)).map((inner) => `${entry.name}/${inner}`));
    else out.push(`${entry.name}: ${(await readFile(full)).toString('base64')}`);
  }
  return out.sort();
}

/** The data dir's top level, without SQLite's journal files (they come and go). */
async function dataDirTop(): Promise<string[]> {
  return (await readdir(dataDir)).filter((name) => !/-(wal|shm|journal)$/.test(name)).sort();
}

/** Sabre answers GET on a collection with 501 (`webdav-methods.test.ts` holds the server to it). */
function sabreGetOnFolder(item: FuzzRequest, answer: Answer): boolean {
  return item.method === 'GET' && answer.status === 501 && answer.body.includes('<s:message>GET is only implemented on File objects</s:message>');
}

function describeRequest(item: FuzzRequest): string {
  const headers = Object.entries(item.headers)
    .filter(([name]) => name !== 'authorization')
    .map(([name, value]) => `${name}: ${value.length > 80 ? `${value.slice(0, 80)}…(${value.length})` : value}`)
    .join(', ');
  const path = item.path.length > 160 ? `${item.path.slice(0, 160)}…(${item.path.length})` : item.path;
  return `[${item.label}] ${item.method} ${path}${headers ? ` {${headers}}` : ''}${item.body ? ` body ${item.body.length} B: ${JSON.stringify(item.body.subarray(0, 120).toString('utf8'))}` : ''}`;
}

beforeAll(async () => {
  // The server runs with its data dir, working directory and TMPDIR in a sandbox next to a folder it must not touch.
  sandbox = await mkdtemp(join(tmpdir(), 'cumulus-fuzz-'));
  dataDir = join(sandbox, 'data');
  for (const dir of ['cwd', 'tmp', 'outside']) await mkdir(join(sandbox, dir));
  await writeFile(join(sandbox, 'outside', 'sentinel.txt'), 'must stay');
  server = await spawnServer(SERVER_PROCESS, [dataDir, PASSWORD], {
    nodeFlags: ['--expose-gc'],
    cwd: join(sandbox, 'cwd'),
    env: { ...process.env, TMPDIR: join(sandbox, 'tmp') },
    ipc: true,
    onStderr: (text) => (serverLog = (serverLog + text).slice(-8000)),
  });
  for (const entry of [`${FUZZ_FOLDER}/`, ...FUZZ_FIXTURE.map((name) => `${FUZZ_FOLDER}/${name}`)]) {
    const path = `${FILES}/${entry.split('/').map(encodeURIComponent).join('/')}`;
    const answer = await send(server.port, entry.endsWith('/') ? { method: 'MKCOL', path, headers: { authorization: AUTHORIZATION }, label: 'fixture' } : { method: 'PUT', path, headers: { authorization: AUTHORIZATION }, body: Buffer.from(`content of ${entry}`), label: 'fixture' });
    if (answer.status !== 201) throw new Error(`Making the fixture ${entry} answered ${answer.status}`);
  }
}, 60_000);

afterAll(async () => {
  agent.destroy();
  if (server) await stopServer(server.child);
  if (sandbox) await rm(sandbox, { recursive: true, force: true });
});

describe('fuzzing WebDAV and chunked upload', () => {
  it('answers every malformed request without a 5xx, stays up, keeps its memory and writes only in its data dir', async () => {
    const cases = fuzzCases(SEED, COUNT, { port: server.port, authorization: AUTHORIZATION });
    console.log(`Fuzz seed ${SEED} (replay: CUMULUS_FUZZ_SEED=${SEED} CUMULUS_FUZZ_COUNT=${COUNT})`);
    const outsideBefore = await tree(join(sandbox, 'outside'));
    const topBefore = await dataDirTop();
    const failures: string[] = [];
    const statusCounts = new Map<number, number>();
    /** Locks the run took (a LOCK of the root locks every write after it): released before the sanity check. */
    const locks: { path: string; token: string }[] = [];
    let sent = 0;
    let next = 0;
    const started = Date.now();

    async function run(item: FuzzRequest, index: number): Promise<void> {
      sent += 1;
      if (item.raw) {
        const { statuses, text } = await sendRaw(server.port, item.raw);
        for (const status of statuses) {
          statusCounts.set(status, (statusCounts.get(status) ?? 0) + 1);
          if (status >= 500 && !sabreGetOnFolder(item, { status, body: text })) failures.push(`#${index} ${status} ${describeRequest(item)} raw ${JSON.stringify(item.raw.subarray(0, 200).toString('latin1'))} → ${JSON.stringify(text.slice(0, 300))}`);
        }
        return;
      }
      const answer = await send(server.port, item);
      if (answer.status === -1) return;
      if (answer.lockToken) locks.push({ path: item.path, token: answer.lockToken });
      statusCounts.set(answer.status, (statusCounts.get(answer.status) ?? 0) + 1);
      const allowed = answer.status !== 0 && (answer.status < 500 || (answer.status === 502 && item.foreignDestination === true) || sabreGetOnFolder(item, answer));
      if (!allowed) failures.push(`#${index} ${answer.status || answer.error} ${describeRequest(item)} → ${JSON.stringify(answer.body.slice(0, 300))}`);
    }

    /** Sends cases [next, end) on PARALLEL connections, stopping when the time budget is spent. */
    async function sendUpTo(end: number): Promise<void> {
      async function worker(): Promise<void> {
        while (next < end && Date.now() - started < SEND_BUDGET_MS) {
          const index = next++;
          for (const item of cases[index] as FuzzCase) await run(item, index);
        }
      }
      await Promise.all(Array.from({ length: PARALLEL }, worker));
    }
    // The first quarter warms the server up (caches, compiled code, SQLite pages); then its heap is measured, idle.
    await sendUpTo(Math.floor(cases.length / 4));
    const warmUp = await serverMemory();
    await sendUpTo(cases.length);
    const seconds = (Date.now() - started) / 1000;
    const end = await serverMemory();
    const statuses = [...statusCounts.entries()].sort((a, b) => a[0] - b[0]).map(([status, n]) => `${status}×${n}`).join(' ');
    const growth = { heap: end.heapUsed - warmUp.heapUsed, rss: end.rss - warmUp.rss };
    console.log(
      `Fuzz seed ${SEED}: ${sent} requests in ${next} cases of ${cases.length} in ${seconds.toFixed(1)} s; statuses ${statuses}; ${reconnects} sent again after a connection that did not open\n` +
        `  server memory after GC: heap ${(end.heapUsed / 2 ** 20).toFixed(1)} MiB, rss ${(end.rss / 2 ** 20).toFixed(1)} MiB` +
        `; growth since the first quarter: heap ${(growth.heap / 2 ** 20).toFixed(1)} MiB, rss ${(growth.rss / 2 ** 20).toFixed(1)} MiB`,
    );
    if (failures.length > 0) console.log(`Fuzz seed ${SEED}: ${failures.length} failures, the first 40:\n${failures.slice(0, 40).join('\n')}\nserver stderr (last 8 kB):\n${serverLog}`);

    expect(failures.slice(0, 40)).toEqual([]);
    for (const { path, token } of locks) await send(server.port, { method: 'UNLOCK', path, headers: { authorization: AUTHORIZATION, 'lock-token': token }, label: 'clean-up' });
    // Still up: lists, stores and reads a file.
    const listing = await send(server.port, { method: 'PROPFIND', path: `${FILES}/`, headers: { authorization: AUTHORIZATION, depth: '1' }, label: 'sanity' });
    expect(listing.status).toBe(207);
    const stored = await send(server.port, { method: 'PUT', path: `${FILES}/after-fuzz.txt`, headers: { authorization: AUTHORIZATION }, body: Buffer.from('still here'), label: 'sanity' });
    expect([201, 204]).toContain(stored.status);
    expect((await send(server.port, { method: 'GET', path: `${FILES}/after-fuzz.txt`, headers: { authorization: AUTHORIZATION }, label: 'sanity' })).body).toBe('still here');
    // Memory: what the first quarter warmed up may stay, the rest must not grow.
    expect(growth.heap).toBeLessThan(HEAP_GROWTH_LIMIT);
    expect(growth.rss).toBeLessThan(RSS_GROWTH_LIMIT);
    // Nothing written outside the data dir: the sandbox holds what it held, the folder next to it is untouched, nor the cwd or TMPDIR.
    expect((await readdir(sandbox)).sort()).toEqual(['cwd', 'data', 'outside', 'tmp']);
    expect(await tree(join(sandbox, 'outside'))).toEqual(outsideBefore);
    expect(await readdir(join(sandbox, 'cwd'))).toEqual([]);
    // tsx, which loads the server's TypeScript, keeps its compile cache in TMPDIR (tsx-<uid>): not the server's doing.
    expect((await readdir(join(sandbox, 'tmp'))).filter((name) => !/^tsx-\d+$/.test(name))).toEqual([]);
    // In the data dir, only the server's own areas may have appeared (uploads/ with the first chunked upload).
    expect((await dataDirTop()).filter((name) => !topBefore.includes(name) && !['uploads', 'tmp'].includes(name))).toEqual([]);
    expect(await readdir(join(dataDir, 'files'))).toEqual(['admin']);
  }, 180_000);
});
