/**
 * `npm run bench:versions`: what versions cost, in one run on this machine.
 *
 * 1. PUT over existing 1 MiB files (32 of them, one per connection) from `wrk` at 32
 *    connections, with the versions plugin enabled and without it (a plugins folder without
 *    it): req/s of each and their ratio (the target: within 10 %).
 * 2. PROPFIND Depth 1 of a file with 1,000 versions: the median of several runs (ms).
 * 3. `versions:expire` over 100,000 versions of one file (seconds), in process.
 *
 * The servers of 1 and 2 run in a child process (`server-process.ts`).
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import { median, timedRequest } from './support';
import { SERVER_PROCESS, spawnServer, stopServer } from '../support/spawnServer';
import { startServer } from '../../server/src/app';

const run = promisify(execFile);
const PASSWORD = 'admin-password';
const AUTH = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;
const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_VERSIONS_SECONDS ?? 10);
const MIB = 1024 * 1024;
const LISTED = 1000;
const EXPIRED = Number(process.env.BENCH_VERSIONS_EXPIRE ?? 100_000);
const PLUGINS = resolve(process.cwd(), 'plugins');
const agent = new Agent({ keepAlive: true, maxSockets: 4 });

/** A request whose answer's text is wanted (fetch, not timed). */
async function text(port: number, method: string, path: string, headers: Record<string, string>, body: string): Promise<{ status: number; body: string; ms: number }> {
  const started = process.hrtime.bigint();
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { method, headers: { authorization: AUTH, ...headers }, body });
  const answer = await response.text();
  return { status: response.status, body: answer, ms: Number(process.hrtime.bigint() - started) / 1e6 };
}

const call = (port: number, method: string, path: string, headers: Record<string, string> = {}, body?: string) => timedRequest({ port, agent, authorization: AUTH }, method, path, headers, body);

/** wrk's script: PUTs of 1 MiB cycling over the 32 files, the summary written as JSON. */
function script(resultFile: string): string {
  return `
local counter = 0
local body = string.rep("v", ${MIB})
request = function()
  counter = counter + 1
  return wrk.format("PUT", "/remote.php/dav/files/admin/bench/f" .. (counter % ${CONNECTIONS}) .. ".bin", { ["Authorization"] = "${AUTH}" }, body)
end
done = function(summary, latency, requests)
  local f = io.open("${resultFile}", "w")
  f:write(string.format('{"requests": %d, "durationUs": %d, "status": %d, "p50Us": %d}', summary.requests, summary.duration, summary.errors.status, latency:percentile(50)))
  f:close()
end`;
}

async function putRate(pluginsDir: string): Promise<{ rps: number; p50: number; errors: number }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cumulus-bench-versions-'));
  const { port, child } = await spawnServer(SERVER_PROCESS, [dataDir, PASSWORD, JSON.stringify({ pluginsDir })]);
  try {
    await call(port, 'MKCOL', '/remote.php/dav/files/admin/bench');
    const body = 'v'.repeat(MIB);
    for (let i = 0; i < CONNECTIONS; i += 1) await call(port, 'PUT', `/remote.php/dav/files/admin/bench/f${i}.bin`, {}, body);
    const resultFile = join(dataDir, 'wrk.json');
    await writeFile(join(dataDir, 'put.lua'), script(resultFile));
    await run('wrk', ['-t2', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--timeout', '20s', '-s', join(dataDir, 'put.lua'), `http://127.0.0.1:${port}`], { maxBuffer: 16 * MIB });
    const result = JSON.parse(await readFile(resultFile, 'utf8')) as { requests: number; durationUs: number; status: number; p50Us: number };
    return { rps: result.requests / (result.durationUs / 1e6), p50: result.p50Us / 1000, errors: result.status };
  } finally {
    await stopServer(child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A plugins folder of links to the repository's plugins, without the versions plugin. */
async function withoutVersions(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'cumulus-bench-plugins-'));
  for (const name of await readdir(PLUGINS)) if (name !== 'versions') await symlink(join(PLUGINS, name), join(dir, name));
  return dir;
}

async function listing(): Promise<{ ms: number; count: number }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cumulus-bench-versions-'));
  const { port, child } = await spawnServer(SERVER_PROCESS, [dataDir, PASSWORD, JSON.stringify({ pluginsDir: PLUGINS })]);
  try {
    for (let i = 0; i <= LISTED; i += 1) await call(port, 'PUT', '/remote.php/dav/files/admin/many.txt', {}, `content ${i}`);
    const found = await text(port, 'PROPFIND', '/remote.php/dav/files/admin/many.txt', { depth: '0' }, '<d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><oc:fileid/></d:prop></d:propfind>');
    const id = /<oc:fileid>(\d+)</.exec(found.body)?.[1];
    const body = '<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:nc="http://nextcloud.org/ns"><d:prop><d:getcontentlength/><d:getlastmodified/><d:getetag/><d:getcontenttype/><nc:version-label/><nc:version-author/><nc:has-preview/></d:prop></d:propfind>';
    let count = 0;
    const times: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      const result = await text(port, 'PROPFIND', `/remote.php/dav/versions/admin/versions/${id}`, { depth: '1' }, body);
      if (result.status !== 207) throw new Error(`PROPFIND of the versions answered ${result.status}`);
      count = (result.body.match(/<d:response>/g) ?? []).length - 1;
      times.push(result.ms);
    }
    return { ms: median(times), count };
  } finally {
    await stopServer(child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** `versions:expire` over EXPIRED version rows of one file, one a minute back from now (the auto schedule thins most). */
async function expiry(): Promise<{ seconds: number; removed: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cumulus-bench-versions-'));
  const server = await startServer({ dataDir, port: 0, adminPassword: PASSWORD, pluginsDir: PLUGINS, logRequests: false, distDir: join(dataDir, 'no-dist') });
  try {
    await server.built.files.write('admin', '/old.txt', (async function* () {
      yield Buffer.from('now');
    })(), { quota: -1 });
    const entry = await server.built.files.stat('admin', '/old.txt');
    const db = server.built.db as Kysely<{ versions_versions: Record<string, unknown> }>;
    const now = Math.floor(Date.now() / 1000);
    for (let start = 0; start < EXPIRED; start += 1000) {
      const rows = Array.from({ length: Math.min(1000, EXPIRED - start) }, (_, i) => {
        const version = now - 60 * (start + i + 1);
        return { uid: 'admin', fileid: entry!.fileid, version, mtime: version, size: 3, etag: 'e', mime: 'text/plain', checksum: '', content: `/${entry!.fileid}.v${version}`, author: 'admin', label: '' };
      });
      await db.insertInto('versions_versions').values(rows).execute();
    }
    await mkdir(join(dataDir, 'tmp'), { recursive: true });
    const command = server.built.plugins.host.commandsByName().get('versions:expire');
    const lines: string[] = [];
    const started = process.hrtime.bigint();
    await command?.run(['--user', 'admin'], { out: (line) => lines.push(line), err: (line) => lines.push(line) });
    return { seconds: Number(process.hrtime.bigint() - started) / 1e9, removed: lines.join(' ') };
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const bare = await withoutVersions();
try {
  // Each figure is printed as soon as it is measured.
  console.log(`Versions (this machine; wrk ${CONNECTIONS} connections, ${SECONDS} s per run)`);
  const on = await putRate(PLUGINS);
  console.log(`  PUT over an existing 1 MiB file, versions on:  ${on.rps.toFixed(1)} req/s (p50 ${on.p50.toFixed(0)} ms, ${on.errors} non-2xx)`);
  const off = await putRate(bare);
  console.log(`  PUT over an existing 1 MiB file, versions off: ${off.rps.toFixed(1)} req/s (p50 ${off.p50.toFixed(0)} ms, ${off.errors} non-2xx)  on/off ${(on.rps / off.rps).toFixed(2)}× (target ≥ 0.90×)`);
  // BENCH_VERSIONS_PUT_ONLY=1: the PUT figures alone.
  if (process.env.BENCH_VERSIONS_PUT_ONLY === '1') process.exit(0);
  const listed = await listing();
  console.log(`  PROPFIND Depth 1 of ${listed.count} versions of one file: ${listed.ms.toFixed(1)} ms (median of 9)`);
  const expired = await expiry();
  console.log(`  versions:expire over ${EXPIRED} versions of one file: ${expired.seconds.toFixed(1)} s (${expired.removed})`);
} finally {
  await rm(bare, { recursive: true, force: true });
}
