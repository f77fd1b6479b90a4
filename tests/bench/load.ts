/**
 * `npm run bench:load`: the file server under load from `wrk` (Debian's
 * package: `apt-get install wrk`), over loopback, with the server in a process
 * of its own (`server-process.ts`). For 32 and 128 connections, 10 s each
 * (BENCH_LOAD_SECONDS): requests per second and p50/p99 latency of
 *
 * - PROPFIND Depth 1 of a folder of 100 files, with every property the files
 *   app asks for;
 * - GET of a 1 KiB file;
 * - PUT of new 1 KiB files, each under a name of its own.
 *
 * Then every PUT that wrk saw acknowledged (2xx, by the `OC-FileId` of its
 * answer) must be listed in the folder with its size, and every stored file
 * must hold exactly the bytes sent under its name. wrk shares the 2 cores with
 * the server: the figures are the pair's, not the server's alone.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PROPFIND_BODY } from './support';
import { SERVER_PROCESS, spawnServer, stopServer } from '../support/spawnServer';
import { rawRequest } from '../server/raw-http';

const run = promisify(execFile);
const PASSWORD = 'admin-password';
const AUTH = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const CONNECTIONS = [32, 128];
const THREADS = 2;
const FOLDER_FILES = 100;
const FILES = '/remote.php/dav/files/admin';
/** The body of a PUT: its name, then padding to 1 KiB (written the same way in Lua below). */
const PUT_SIZE = 1024;

function putBody(name: string): string {
  return `${name}\n`.padEnd(PUT_SIZE, 'x');
}

/** One request as admin (path sent as given). */
async function call(port: number, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; text: string }> {
  const answer = await rawRequest(`http://127.0.0.1:${port}`, method, path, { authorization: AUTH, ...headers }, body);
  return { status: answer.status, text: answer.body };
}

/** A Lua string literal. */
function lua(text: string): string {
  return JSON.stringify(text).replace(/\\u([0-9a-f]{4})/g, (_, hex: string) => `\\u{${hex}}`);
}

/**
 * The wrk script of a scenario: a fixed request, or (PUT) a new name per
 * request whose acknowledged file ids are gathered from every thread at the
 * end; `done` writes the figures (and the ids) to `resultFile` as JSON.
 */
function wrkScript(scenario: Scenario, resultFile: string): string {
  const headers = `{ ["Authorization"] = ${lua(AUTH)}${Object.entries(scenario.headers)
    .map(([name, value]) => `, [${lua(name)}] = ${lua(value)}`)
    .join('')} }`;
  const common = `
local threads = {}
function setup(thread)
  thread:set("tid", #threads + 1)
  table.insert(threads, thread)
end
`;
  const done = `
function done(summary, latency, requests)
  local acked = {}
  for _, thread in ipairs(threads) do
    local ids = thread:get("acked")
    if ids then for _, id in ipairs(ids) do table.insert(acked, '"' .. id .. '"') end end
  end
  local e = summary.errors
  local out = io.open(${lua(resultFile)}, "w")
  out:write(string.format('{"requests": %d, "durationUs": %d, "p50Us": %d, "p99Us": %d, "errors": {"connect": %d, "read": %d, "write": %d, "status": %d, "timeout": %d}, "acked": [%s]}',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), e.connect, e.read, e.write, e.status, e.timeout, table.concat(acked, ",")))
  out:close()
end
`;
  if (scenario.method !== 'PUT') {
    return `${common}
wrk.method = ${lua(scenario.method)}
wrk.path = ${lua(scenario.path)}
wrk.headers = ${headers}
${scenario.body !== undefined ? `wrk.body = ${lua(scenario.body)}` : ''}
${done}`;
  }
  return `${common}
local counter = 0
acked = {}
function request()
  counter = counter + 1
  local name = string.format("t%d-%d.txt", tid, counter)
  local body = name .. "\\n"
  body = body .. string.rep("x", ${PUT_SIZE} - #body)
  return wrk.format("PUT", ${lua(scenario.path)} .. name, ${headers}, body)
end
function response(status, headers, body)
  if status >= 200 and status < 300 then
    local id = headers["oc-fileid"] or headers["OC-FileId"]
    if id then table.insert(acked, id) end
  end
end
${done}`;
}

interface Scenario {
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

interface WrkResult {
  requests: number;
  durationUs: number;
  p50Us: number;
  p99Us: number;
  errors: { connect: number; read: number; write: number; status: number; timeout: number };
  acked: string[];
}

async function runWrk(port: number, scenario: Scenario, connections: number, workDir: string): Promise<WrkResult> {
  const script = join(workDir, 'scenario.lua');
  const resultFile = join(workDir, 'result.json');
  await writeFile(script, wrkScript(scenario, resultFile));
  await run('wrk', [`-t${THREADS}`, `-c${connections}`, `-d${SECONDS}s`, '--timeout', '10s', '-s', script, `http://127.0.0.1:${port}`], { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(await readFile(resultFile, 'utf8')) as WrkResult;
}

/**
 * Checks a PUT run: every acknowledged file id is listed in `folder` with the
 * size sent, and every file stored there holds exactly the bytes sent under
 * its name. Returns a line for the report, and whether it held.
 */
async function checkPuts(port: number, dataDir: string, folder: string, acked: string[]): Promise<{ line: string; held: boolean }> {
  const listing = await call(port, 'PROPFIND', `${FILES}/${folder}/`, { depth: '1', 'content-type': 'application/xml' }, '<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><oc:id/><d:getcontentlength/><d:displayname/></d:prop></d:propfind>');
  if (listing.status !== 207) return { line: `listing the uploads answered ${listing.status}`, held: false };
  const listed = new Map<string, { name: string; size: number }>();
  for (const response of listing.text.split('</d:response>')) {
    const id = /<oc:id>([^<]+)<\/oc:id>/.exec(response)?.[1];
    const name = /<d:displayname>([^<]+)<\/d:displayname>/.exec(response)?.[1];
    const size = Number(/<d:getcontentlength>(\d+)<\/d:getcontentlength>/.exec(response)?.[1]);
    if (id && name && name !== folder) listed.set(id, { name, size });
  }
  const missing = acked.filter((id) => !listed.has(id));
  const wrongSize = acked.filter((id) => listed.has(id) && listed.get(id)?.size !== PUT_SIZE);
  // Every stored file, acknowledged or not (answers still in flight when wrk stopped), must be whole.
  const stored = await readdir(join(dataDir, 'files', 'admin', folder));
  let wrongContent = 0;
  for (const name of stored) if ((await readFile(join(dataDir, 'files', 'admin', folder, name), 'utf8')) !== putBody(name)) wrongContent += 1;
  const held = missing.length === 0 && wrongSize.length === 0 && wrongContent === 0 && new Set(acked).size === acked.length;
  const unacked = stored.length - acked.length;
  return {
    line:
      `acknowledged ${acked.length}: ${missing.length} missing, ${wrongSize.length} of the wrong size; ${stored.length} stored, every byte checked: ${wrongContent} wrong` +
      (unacked > 0 ? ` (${unacked} stored whose answer came after wrk stopped)` : ''),
    held,
  };
}

async function main(): Promise<void> {
  let version: string;
  try {
    const { stdout, stderr } = await run('wrk', ['-v']).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? '' }));
    version = /^wrk \S+/.exec(`${stdout}${stderr}`)?.[0] ?? '';
    if (!version) throw new Error('no version');
  } catch {
    throw new Error('bench:load needs wrk on the PATH: apt-get install wrk (Debian package)');
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'cumulus-bench-load-'));
  const workDir = await mkdtemp(join(tmpdir(), 'cumulus-bench-wrk-'));
  const { port, child } = await spawnServer(SERVER_PROCESS, [dataDir, PASSWORD]);
  let failed = false;
  try {
    await call(port, 'MKCOL', `${FILES}/listed`);
    for (let i = 0; i < FOLDER_FILES; i += 1) await call(port, 'PUT', `${FILES}/listed/file-${String(i).padStart(3, '0')}.txt`, {}, `content of file ${i}\n`);
    await call(port, 'PUT', `${FILES}/small.txt`, {}, 'x'.repeat(1024));
    console.log(`Load from ${version} (${THREADS} threads, ${SECONDS} s per run, keep-alive) against the server in its own process on 127.0.0.1; both share this machine's cores`);
    for (const connections of CONNECTIONS) {
      const putFolder = `put-${connections}`;
      await call(port, 'MKCOL', `${FILES}/${putFolder}`);
      const scenarios: Scenario[] = [
        { label: `PROPFIND Depth 1, ${FOLDER_FILES} files`, method: 'PROPFIND', path: `${FILES}/listed/`, headers: { Depth: '1', 'Content-Type': 'application/xml' }, body: PROPFIND_BODY },
        { label: 'GET of a 1 KiB file', method: 'GET', path: `${FILES}/small.txt`, headers: {} },
        { label: 'PUT of new 1 KiB files', method: 'PUT', path: `${FILES}/${putFolder}/`, headers: { 'Content-Type': 'text/plain' } },
      ];
      for (const scenario of scenarios) {
        const result = await runWrk(port, scenario, connections, workDir);
        const perSecond = result.requests / (result.durationUs / 1e6);
        const errors = Object.entries(result.errors).filter(([, n]) => n > 0);
        if (errors.length > 0) failed = true;
        console.log(
          `${scenario.label.padEnd(30)} ${String(connections).padStart(3)} connections: ${perSecond.toFixed(0).padStart(6)} req/s, ` +
            `p50 ${(result.p50Us / 1000).toFixed(1)} ms, p99 ${(result.p99Us / 1000).toFixed(1)} ms (${result.requests} requests; ` +
            `${errors.length ? `errors ${errors.map(([kind, n]) => `${kind} ${n}`).join(', ')}` : 'no errors'})`,
        );
        if (scenario.method === 'PUT') {
          const check = await checkPuts(port, dataDir, putFolder, result.acked);
          console.log(`  every acknowledged PUT stored: ${check.held ? 'held' : 'MISSED'}; ${check.line}`);
          if (!check.held) failed = true;
        }
      }
    }
  } finally {
    await stopServer(child);
    await rm(dataDir, { recursive: true, force: true });
    await rm(workDir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

await main();
