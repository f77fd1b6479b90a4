/**
 * `npm run bench:desktop-sync`: the Nextcloud desktop client (`nextcloudcmd`,
 * Debian's nextcloud-desktop-cmd) syncing many small files up to the real
 * server: 2,000 files of 1–8 KB in 20 folders, into an empty account, timed
 * from start to exit. Each round runs once with the server's bulk upload
 * (`POST /remote.php/dav/bulk`, capability `dav.bulkupload`) and once
 * without it, back to back, alternating which goes first; the report gives
 * the medians, each round's ratio and the load average (the machine may be
 * shared). Every run is checked: all files arrived byte for byte, and bulk
 * upload was used exactly when it was offered.
 *
 *     node --import tsx tests/bench/desktop-sync.ts [files=2000] [rounds=3]
 */
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { median, procStatCpu } from './support';

const run = promisify(execFile);
const PASSWORD = 'bench-desktop-password';
const FILES = Number(process.argv[2] ?? 2000);
const ROUNDS = Number(process.argv[3] ?? 3);
const serverScript = fileURLToPath(new URL('./server-process.ts', import.meta.url));

/** Deterministic sizes and contents: file i has 1–8 KB of bytes derived from i. */
function makeTree(root: string, count: number): Map<string, string> {
  const hashes = new Map<string, string>();
  for (let i = 0; i < count; i += 1) {
    const folder = `dir-${String(i % 20).padStart(2, '0')}`;
    mkdirSync(join(root, folder), { recursive: true });
    const size = 1024 + ((i * 7919) % (7 * 1024 + 1));
    const content = Buffer.alloc(size, `file ${i} `);
    const path = `${folder}/small-${i}.txt`;
    writeFileSync(join(root, path), content);
    hashes.set(path, createHash('sha1').update(content).digest('hex'));
  }
  return hashes;
}

/** The SHA-1 of every file below `root` (relative paths). */
function hashTree(root: string, prefix = ''): Map<string, string> {
  const hashes = new Map<string, string>();
  for (const entry of readdirSync(join(root, prefix), { withFileTypes: true })) {
    const path = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) for (const [inner, hash] of hashTree(root, path)) hashes.set(inner, hash);
    else hashes.set(path, createHash('sha1').update(readFileSync(join(root, path))).digest('hex'));
  }
  return hashes;
}

/** The CPU seconds (user + system) a running process has used, from /proc. */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  return procStatCpu(readFileSync(`/proc/${pid}/stat`, 'utf8')).own;
}

async function startServer(dataDir: string, bulkUpload: boolean): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverScript, dataDir, PASSWORD, JSON.stringify({ bulkUpload })], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    const parsed = JSON.parse(line) as { port: number };
    lines.close();
    return { port: parsed.port, child };
  }
  throw new Error('the server process ended before listening');
}

/** One sync of a fresh copy of the tree into a fresh server: seconds, and whether bulk was used. */
async function syncOnce(source: Map<string, string>, bulkUpload: boolean): Promise<{ seconds: number; bulkPosts: number; puts: number; clientCpu: number; serverCpu: number }> {
  const work = mkdtempSync(join(tmpdir(), 'cumulus-bench-desktop-'));
  const local = join(work, 'local');
  makeTree(local, FILES);
  const server = await startServer(join(work, 'data'), bulkUpload);
  try {
    const started = performance.now();
    // GNU time reports the client's CPU seconds (user + system) on its last line: less swayed by a busy machine than the wall time.
    const { stdout, stderr } = await run('/usr/bin/time', ['-f', 'cpu %U %S', 'nextcloudcmd', '--non-interactive', '-u', 'admin', '-p', PASSWORD, local, `http://127.0.0.1:${server.port}`], {
      env: { ...process.env, HOME: work },
      timeout: 900_000,
      maxBuffer: 512 * 1024 * 1024,
    });
    const seconds = (performance.now() - started) / 1000;
    const log = stdout + stderr;
    const cpu = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(stderr);
    const clientCpu = cpu ? Number(cpu[1]) + Number(cpu[2]) : NaN;
    const serverCpu = cpuSeconds(server.child.pid);
    const arrived = hashTree(join(work, 'data', 'files', 'admin'));
    for (const [path, hash] of source) if (arrived.get(path) !== hash) throw new Error(`${path} did not arrive intact (bulk ${bulkUpload})`);
    // The client logs each request as `accessmanager ]: <operation> "" "<url>"` (Qt's 3 = PUT, 4 = POST).
    const bulkPosts = (log.match(/accessmanager \]:\s+4 "" "[^"]*\/remote\.php\/dav\/bulk"/g) ?? []).length;
    const puts = (log.match(/accessmanager \]:\s+3 "" "[^"]*\/remote\.php\/dav\/files\//g) ?? []).length;
    if (bulkUpload !== bulkPosts > 0) throw new Error(`bulk upload offered: ${bulkUpload}, bulk requests seen: ${bulkPosts}`);
    return { seconds, bulkPosts, puts, clientCpu, serverCpu };
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    rmSync(work, { recursive: true, force: true });
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'cumulus-bench-desktop-source-'));
const source = makeTree(scratch, FILES);
rmSync(scratch, { recursive: true, force: true });
const modes = (process.env['BENCH_DESKTOP_MODES'] ?? 'bulk,put').split(',').map((mode) => mode === 'bulk');
console.log(`nextcloudcmd syncing ${FILES} files of 1–8 KB up, ${ROUNDS} rounds; load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
const times = new Map<boolean, number[]>(modes.map((mode) => [mode, []]));
const cpus = new Map<boolean, { client: number[]; server: number[] }>(modes.map((mode) => [mode, { client: [], server: [] }]));
for (let round = 0; round < ROUNDS; round += 1) {
  const order = round % 2 === 0 ? modes : [...modes].reverse();
  const line: string[] = [];
  for (const bulk of order) {
    const result = await syncOnce(source, bulk);
    times.get(bulk)!.push(result.seconds);
    cpus.get(bulk)!.client.push(result.clientCpu);
    cpus.get(bulk)!.server.push(result.serverCpu);
    line.push(`${bulk ? 'bulk' : 'PUT '} ${result.seconds.toFixed(2)} s, CPU client ${result.clientCpu.toFixed(2)} s server ${result.serverCpu.toFixed(2)} s (${result.bulkPosts} bulk POSTs, ${result.puts} PUTs)`);
  }
  console.log(`round ${round + 1}: ${line.join(', ')}; load ${loadavg()[0]!.toFixed(2)}`);
}
for (const [bulk, values] of times) {
  const cpu = cpus.get(bulk)!;
  console.log(
    `median ${bulk ? 'with bulk upload   ' : 'without bulk upload'}: ${median(values).toFixed(2)} s (${(FILES / median(values)).toFixed(0)} files/s); CPU client ${median(cpu.client).toFixed(2)} s, server ${median(cpu.server).toFixed(2)} s`,
  );
}
if (times.size === 2) console.log(`ratio without/with bulk: ${(median(times.get(false)!) / median(times.get(true)!)).toFixed(2)}×`);
