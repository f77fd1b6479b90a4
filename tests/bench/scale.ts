/**
 * `npm run bench:scale`: the same measurements in three configurations, side by side:
 *
 * - SQLite + disk, one process (the embedded default);
 * - PostgreSQL + S3, one process;
 * - PostgreSQL + S3, two processes behind nginx (round robin), on one bucket.
 *
 * Measured: PROPFIND Depth 1 of a folder of 10,000 files (median), a 1 GiB chunked upload
 * (10 MiB chunks, 4 in parallel) in MiB/s, and requests per second of small PUTs and GETs at 32
 * connections (`wrk`, Debian's package). PostgreSQL is a throwaway cluster (durability off, as
 * in the tests), S3 a throwaway Ceph RADOS Gateway on one memstore OSD started as `npm run
 * test:s3` starts it (tests/scale/ceph-rgw.ts; a fresh one per configuration, so the objects of
 * one never weigh on the next), nginx the configuration of server/README.md. On disk, the
 * 10,000 files are written into the data dir and found by the first listing; on S3 (where
 * nothing is found behind the server's back) they are PUT through the server, 16 at a time.
 * `BENCH_SCALE_PG_DISK=1` adds the two PostgreSQL configurations with content on the disk.
 *
 *     npm run bench:scale        (BENCH_SCALE_UPLOAD_MIB=256 for a shorter upload)
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request, Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { median, PROPFIND_BODY, sendChunks } from './support';
import { startServerProcess } from '../support/serverProcess';
import type { ServerProcess } from '../support/serverProcess';
import { startPostgresCluster } from '../scale/postgres-cluster';
import { startBalancer } from '../scale/nginx-balancer';
import { startCephRgw } from '../scale/ceph-rgw';
import type { CephRgw } from '../scale/ceph-rgw';

const run = promisify(execFile);
const PASSWORD = 'admin-password';
const AUTH = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;
const FILES = 10_000;
const RUNS = 9;
const CHUNK = 10 * 1024 * 1024;
const UPLOAD_BYTES = Number(process.env.BENCH_SCALE_UPLOAD_MIB ?? 1024) * 1024 * 1024;
const PARALLEL = 4;
const WRK_SECONDS = Number(process.env.BENCH_SCALE_WRK_SECONDS ?? 8);
const CHUNK_BYTES = randomBytes(CHUNK);

/** PUTs at a time when the 10,000 files are created through the server. */
const FILL_PARALLEL = 16;

const agent = new Agent({ keepAlive: true, maxSockets: Math.max(PARALLEL, FILL_PARALLEL) + 1 });

function call(base: URL, method: string, path: string, headers: Record<string, string>, body?: Buffer | string): Promise<{ status: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request({ host: base.hostname, port: base.port, method, path, agent, headers: { authorization: AUTH, ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** What `wrk` measured: the rate of answers, those that were errors, and requests it gave up on (over 2 s). */
interface WrkResult {
  perSecond: number;
  failed: number;
  timedOut: number;
}

interface Figures {
  propfindMs: number;
  uploadMiBs: number;
  put: WrkResult;
  get: WrkResult;
}

const manyName = (i: number): string => `file ${String(i).padStart(5, '0')}.txt`;

/** The 10,000 files: written into the data dir (found by the first listing), or PUT through the server when the content is on S3. */
async function fill(base: URL, dataDir: string, onS3: boolean): Promise<void> {
  if (!onS3) {
    const folder = join(dataDir, 'files', 'admin', 'many');
    await mkdir(folder, { recursive: true });
    for (let i = 0; i < FILES; i += 1) await writeFile(join(folder, manyName(i)), `content of file ${i}\n`);
    return;
  }
  if ((await call(base, 'MKCOL', '/remote.php/dav/files/admin/many', {})).status !== 201) throw new Error('MKCOL many failed');
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < FILES) {
      const i = next++;
      const put = await call(base, 'PUT', `/remote.php/dav/files/admin/many/${encodeURIComponent(manyName(i))}`, {}, `content of file ${i}\n`);
      if (put.status !== 201) throw new Error(`PUT of file ${i} answered ${put.status}`);
    }
  };
  await Promise.all(Array.from({ length: FILL_PARALLEL }, worker));
}

async function propfind(base: URL, dataDir: string, onS3: boolean): Promise<number> {
  await fill(base, dataDir, onS3);
  const path = '/remote.php/dav/files/admin/many/';
  const headers = { depth: '1', 'content-type': 'application/xml' };
  await call(base, 'PROPFIND', path, headers, PROPFIND_BODY);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const result = await call(base, 'PROPFIND', path, headers, PROPFIND_BODY);
    if (result.status !== 207) throw new Error(`PROPFIND answered ${result.status}`);
    times.push(result.ms);
  }
  return median(times);
}

async function chunkedUpload(base: URL): Promise<number> {
  const id = randomBytes(8).toString('hex');
  const destination = `${base.origin}/remote.php/dav/files/admin/big.bin`;
  const started = process.hrtime.bigint();
  if ((await call(base, 'MKCOL', `/remote.php/dav/uploads/admin/${id}`, { destination })).status !== 201) throw new Error('MKCOL failed');
  await sendChunks(
    (n, body) => call(base, 'PUT', `/remote.php/dav/uploads/admin/${id}/${n}`, { 'content-length': String(body.length), 'oc-total-length': String(UPLOAD_BYTES), destination }, body).then((put) => put.status),
    UPLOAD_BYTES,
    CHUNK_BYTES,
    PARALLEL,
  );
  const moved = await call(base, 'MOVE', `/remote.php/dav/uploads/admin/${id}/.file`, { destination, 'oc-total-length': String(UPLOAD_BYTES) });
  if (moved.status !== 201) throw new Error(`MOVE answered ${moved.status}`);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return UPLOAD_BYTES / 1024 / 1024 / seconds;
}

/** Requests per second `wrk` reaches with 32 connections (`script` is its Lua), and how many were answered with an error. */
async function wrk(base: URL, script: string): Promise<WrkResult> {
  const dir = await mkdtemp(join(tmpdir(), 'cumulus-wrk-'));
  try {
    await writeFile(join(dir, 'script.lua'), script);
    const { stdout } = await run('wrk', ['-t', '2', '-c', '32', '-d', `${WRK_SECONDS}s`, '-s', join(dir, 'script.lua'), base.origin], { maxBuffer: 1024 * 1024 });
    const perSecond = /Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1];
    const failed = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0);
    // Requests unanswered after wrk's 2 s: not in its rate, and no error answer either.
    const timedOut = Number(/timeout (\d+)/.exec(stdout)?.[1] ?? 0);
    return { perSecond: Number(perSecond), failed, timedOut };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const SMALL_PUT = `wrk.method = "PUT"
wrk.body = "a small file of a few bytes\\n"
wrk.headers["Authorization"] = "${AUTH}"
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("id", threads)
end
local n = 0
request = function()
  n = n + 1
  return wrk.format(nil, "/remote.php/dav/files/admin/small/t" .. id .. "-" .. (n % 250) .. ".txt")
end
`;
const SMALL_GET = `wrk.method = "GET"
wrk.headers["Authorization"] = "${AUTH}"
local n = 0
request = function()
  n = n + 1
  return wrk.format(nil, "/remote.php/dav/files/admin/small/get-" .. (n % 50) .. ".txt")
end
`;

async function measure(base: URL, dataDir: string, onS3: boolean): Promise<Figures> {
  const propfindMs = await propfind(base, dataDir, onS3);
  const uploadMiBs = await chunkedUpload(base);
  if ((await call(base, 'MKCOL', '/remote.php/dav/files/admin/small', {})).status !== 201) throw new Error('MKCOL small failed');
  const put = await wrk(base, SMALL_PUT);
  // The GETs read 50 files that surely exist.
  for (let i = 0; i < 50; i += 1) await call(base, 'PUT', `/remote.php/dav/files/admin/small/get-${i}.txt`, {}, `small file ${i}\n`);
  const get = await wrk(base, SMALL_GET);
  return { propfindMs, uploadMiBs, put, get };
}

async function configuration(name: string, databaseBase: string | undefined, processes: number, s3 = false): Promise<[string, Figures]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cumulus-bench-scale-'));
  const env: Record<string, string> = { CUMULUS_ADMIN_PASSWORD: PASSWORD, CUMULUS_TRUSTED_PROXIES: '127.0.0.1' };
  if (databaseBase) env.CUMULUS_DATABASE_URL = `${databaseBase}/bench_${randomBytes(4).toString('hex')}`;
  const servers: ServerProcess[] = [];
  let rgw: CephRgw | undefined;
  try {
    if (s3) {
      rgw = await startCephRgw();
      Object.assign(env, {
        CUMULUS_S3_BUCKET: 'cumulus-bench',
        CUMULUS_S3_ENDPOINT: rgw.endpoint,
        CUMULUS_S3_REGION: rgw.region,
        CUMULUS_S3_ACCESS_KEY_ID: rgw.accessKeyId,
        CUMULUS_S3_SECRET_ACCESS_KEY: rgw.secretAccessKey,
      });
    }
    // One first (it creates the schema and admin), then the others.
    for (let i = 0; i < processes; i += 1) servers.push(await startServerProcess(dataDir, env));
    const balancer = processes > 1 ? await startBalancer(servers.map((server) => server.url.replace('http://', ''))) : undefined;
    try {
      const figures = await measure(new URL(balancer?.url ?? servers[0]?.url ?? ''), dataDir, s3);
      process.stdout.write(`${name}: done\n`);
      return [name, figures];
    } finally {
      await balancer?.stop();
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await rgw?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A rate, with the count of error answers (they count in wrk's rate) and of timeouts (they do not) when there were any. */
const rate = (result: WrkResult): string =>
  `${result.perSecond.toFixed(0)}${result.failed > 0 ? ` (${result.failed} errors)` : ''}${result.timedOut > 0 ? ` (${result.timedOut} timeouts)` : ''}`;

const cluster = await startPostgresCluster();
try {
  const results = [
    await configuration('SQLite + disk, 1 process', undefined, 1),
    ...(process.env.BENCH_SCALE_PG_DISK === '1'
      ? [await configuration('PostgreSQL + disk, 1 process', cluster.url, 1), await configuration('PostgreSQL + disk, 2 processes + nginx', cluster.url, 2)]
      : []),
    await configuration('PostgreSQL + S3, 1 process', cluster.url, 1, true),
    await configuration('PostgreSQL + S3, 2 processes + nginx', cluster.url, 2, true),
  ];
  const rows: [string, (f: Figures) => string][] = [
    [`PROPFIND Depth 1, ${FILES} files (median ms)`, (f) => f.propfindMs.toFixed(1)],
    [`${UPLOAD_BYTES / 1024 / 1024} MiB chunked upload (MiB/s)`, (f) => f.uploadMiBs.toFixed(0)],
    ['small PUT, 32 connections (req/s)', (f) => rate(f.put)],
    ['small GET, 32 connections (req/s)', (f) => rate(f.get)],
  ];
  const width = 44;
  const column = 40;
  console.log(`\n${''.padEnd(width)}${results.map(([name]) => name.padStart(column)).join('')}`);
  for (const [label, value] of rows) console.log(`${label.padEnd(width)}${results.map(([, figures]) => value(figures).padStart(column)).join('')}`);
  const base = results[0]?.[1];
  if (base) {
    console.log(
      `\nratios to SQLite: ${results
        .slice(1)
        .map(([name, f]) => `${name}: PROPFIND ×${(f.propfindMs / base.propfindMs).toFixed(2)}, upload ×${(f.uploadMiBs / base.uploadMiBs).toFixed(2)}, PUT ×${(f.put.perSecond / base.put.perSecond).toFixed(2)}, GET ×${(f.get.perSecond / base.get.perSecond).toFixed(2)}`)
        .join('; ')}`,
    );
  }
} finally {
  agent.destroy();
  await cluster.stop();
}
