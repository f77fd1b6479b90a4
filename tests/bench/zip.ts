/**
 * `npm run bench:zip`: folder archives through the server against the system's own tools, in
 * one run on the same disk. Two trees under the server's data dir: a folder of large files
 * (`BENCH_ZIP_GIB`, default 4 GiB, in 256 MiB files) and a folder of `BENCH_ZIP_FILES`
 * (default 20,000) small files of 4 KiB. For each: the server's zip (GET `?accept=zip`, body
 * read and dropped by this process) against `zip -0 -r` and `tar -cf` of the same tree, their
 * output to /dev/null (tar's through a pipe: GNU tar does not read the files at all when its
 * archive is /dev/null itself), in MiB/s and files/s; the server's resident memory (its peak
 * while the archive streams, against its idle value); and, while the big archive streams, the
 * latency of a PROPFIND (Depth 1 of the small tree's first folder) against its idle value.
 * Targets (issue): at least 80 % of tar's throughput, peak RSS within 64 MB of idle, PROPFIND
 * p99 under twice its idle p99.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROPFIND_BODY } from './support';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PASSWORD = 'bench-password';
const AUTH = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;
const GIB = Number(process.env.BENCH_ZIP_GIB ?? '4');
const SMALL_FILES = Number(process.env.BENCH_ZIP_FILES ?? '20000');
const MIB = 1024 * 1024;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function makeTrees(home: string): Promise<void> {
  const big = join(home, 'Big');
  await mkdir(big, { recursive: true });
  // Real bytes, not holes: a random MiB repeated (writing fresh random bytes would dominate the set-up).
  const block = randomBytes(MIB);
  const fileMib = 256;
  for (let i = 0; i < Math.ceil((GIB * 1024) / fileMib); i += 1) {
    const handle = await open(join(big, `part-${String(i).padStart(3, '0')}.bin`), 'w');
    for (let m = 0; m < fileMib; m += 1) await handle.write(block);
    await handle.close();
  }
  const small = join(home, 'Small');
  const perFolder = 100;
  const body = randomBytes(4096);
  for (let d = 0; d < Math.ceil(SMALL_FILES / perFolder); d += 1) {
    const folder = join(small, `d${String(d).padStart(4, '0')}`);
    await mkdir(folder, { recursive: true });
    const count = Math.min(perFolder, SMALL_FILES - d * perFolder);
    await Promise.all(Array.from({ length: count }, (_, f) => writeFile(join(folder, `f${f}.bin`), body)));
  }
}

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

function timed(command: string, cwd: string): number {
  const started = process.hrtime.bigint();
  const result = spawnSync('sh', ['-c', command], { cwd, stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`${command} failed`);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** Downloads a path, dropping the body; the bytes and seconds it took. */
function download(port: number, path: string): Promise<{ bytes: number; seconds: number; status: number }> {
  return new Promise((resolvePromise, reject) => {
    const started = process.hrtime.bigint();
    const req = request({ host: '127.0.0.1', port, path, headers: { authorization: AUTH } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolvePromise({ bytes, seconds: Number(process.hrtime.bigint() - started) / 1e9, status: res.statusCode ?? 0 }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function propfind(port: number, path: string): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const started = process.hrtime.bigint();
    const req = request({ host: '127.0.0.1', port, path, method: 'PROPFIND', headers: { authorization: AUTH, depth: '1', 'content-type': 'application/xml' } }, (res) => {
      res.resume();
      res.on('end', () => resolvePromise(Number(process.hrtime.bigint() - started) / 1e6));
    });
    req.on('error', reject);
    req.end(PROPFIND_BODY);
  });
}

const work = await mkdtemp(join(tmpdir(), 'cumulus-bench-zip-'));
const dataDir = join(work, 'data');
const home = join(dataDir, 'files', 'admin');
process.stdout.write(`bench:zip: making ${GIB} GiB of large files and ${SMALL_FILES} small files in ${work}\n`);
await makeTrees(home);
const server = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', join(root, 'tests/bench/server-process.ts'), dataDir, PASSWORD], { cwd: root, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
const port = await new Promise<number>((resolvePromise, reject) => {
  let out = '';
  server.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const line = out.split('\n').find((candidate) => candidate.startsWith('{'));
    if (line) resolvePromise((JSON.parse(line) as { port: number }).port);
  });
  server.once('exit', () => reject(new Error('the server stopped')));
});
const pid = server.pid as number;
try {
  // The server learns the trees (a first listing of each); then its idle figures.
  // That first zip computes the CRC-32s (files put on disk behind the server's back have none
  // stored; uploads store theirs), which the server then remembers: its time is printed too.
  const first: Record<string, number> = {};
  for (const tree of ['Big', 'Small']) first[tree] = (await download(port, `/remote.php/dav/files/admin/${tree}?accept=zip`)).seconds;
  const idleRss = await rssOf(pid);
  const idleLatencies: number[] = [];
  for (let i = 0; i < 60; i += 1) idleLatencies.push(await propfind(port, '/remote.php/dav/files/admin/Small/d0000'));

  const rows: string[] = [];
  for (const [tree, files, bytesOnDisk] of [['Big', Math.ceil((GIB * 1024) / 256), GIB * 1024 * MIB], ['Small', SMALL_FILES, SMALL_FILES * 4096]] as const) {
    const treeDir = home;
    const zipSeconds = timed(`zip -0 -r -q - ${tree} > /dev/null`, treeDir);
    const tarSeconds = timed(`tar -cf - ${tree} | cat > /dev/null`, treeDir);
    let peak = await rssOf(pid);
    const sampler = setInterval(() => {
      rssOf(pid).then((rss) => (peak = Math.max(peak, rss)), () => undefined);
    }, 50);
    const latencies: number[] = [];
    let streaming = true;
    const prober =
      tree === 'Big'
        ? (async () => {
            while (streaming) {
              latencies.push(await propfind(port, '/remote.php/dav/files/admin/Small/d0000'));
              await new Promise((wait) => setTimeout(wait, 20));
            }
          })()
        : Promise.resolve();
    const served = await download(port, `/remote.php/dav/files/admin/${tree}?accept=zip`);
    streaming = false;
    await prober;
    clearInterval(sampler);
    if (served.status !== 200) throw new Error(`the server answered ${served.status}`);
    const mibs = (seconds: number): string => (bytesOnDisk / MIB / seconds).toFixed(0);
    const perSecond = (seconds: number): string => (files / seconds).toFixed(files / seconds < 10 ? 2 : 0);
    rows.push(
      `${tree === 'Big' ? `${GIB} GiB of large files` : `${files} small files`}:`,
      `  server zip   ${served.seconds.toFixed(1)} s  ${mibs(served.seconds)} MiB/s  ${perSecond(served.seconds)} files/s  (${(served.bytes / MIB).toFixed(0)} MiB sent)`,
      `  (first zip   ${(first[tree] ?? 0).toFixed(1)} s  ${mibs(first[tree] ?? 1)} MiB/s, computing every CRC-32)`,
      `  zip -0 -r    ${zipSeconds.toFixed(1)} s  ${mibs(zipSeconds)} MiB/s  ${perSecond(zipSeconds)} files/s`,
      `  tar -cf      ${tarSeconds.toFixed(1)} s  ${mibs(tarSeconds)} MiB/s  ${perSecond(tarSeconds)} files/s`,
      `  server/tar   ${((tarSeconds / served.seconds) * 100).toFixed(0)} % of tar's throughput (target ≥ 80 %)`,
      `  server RSS   idle ${(idleRss / MIB).toFixed(0)} MiB, peak ${(peak / MIB).toFixed(0)} MiB, +${((peak - idleRss) / MIB).toFixed(0)} MiB (target ≤ 64 MB)`,
    );
    if (tree === 'Big') {
      const idle99 = percentile(idleLatencies, 99);
      const busy99 = percentile(latencies, 99);
      rows.push(`  PROPFIND     idle p50 ${percentile(idleLatencies, 50).toFixed(1)} ms p99 ${idle99.toFixed(1)} ms; while streaming p50 ${percentile(latencies, 50).toFixed(1)} ms p99 ${busy99.toFixed(1)} ms over ${latencies.length} requests (${(busy99 / idle99).toFixed(2)}×, target < 2×)`);
    }
  }
  process.stdout.write(`${rows.join('\n')}\n`);
} finally {
  server.kill('SIGTERM');
  await new Promise((done) => server.once('exit', done));
  await rm(work, { recursive: true, force: true });
}
