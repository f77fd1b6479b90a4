/**
 * `npm run bench:upload` (the upload benchmark), in one run against the real
 * server with its data on the temp disk:
 * - a 1 GiB file uploaded from headless Chromium through the shell (the New
 *   menu's 'Upload files', chunked, until 'Files uploaded successfully'), in
 *   MiB/s;
 * - `dd` writing the same bytes to the same disk (conv=fdatasync);
 * - rclone (webdav, vendor nextcloud) uploading the same file;
 * - Chromium alone: the same page-picked file sent as the engine sends it
 *   (slices of the chunk size, 5 XHR PUTs at a time) to a server that throws
 *   the bytes away (`discard-sink.ts`): the browser's own ceiling, so the
 *   ratio "Chromium alone / rclone" bounds "browser / rclone";
 * - 10,000 files of 1–8 KB dropped as one folder onto the list (`upload-drop.ts`): time until
 *   'Files uploaded successfully', and the longest main-thread task from the
 *   drop to the end (Long Tasks API; target under 100 ms).
 * The big file runs BENCH_UPLOAD_ROUNDS times (default 3), dd, Chromium alone,
 * browser and rclone one after the other in each round (the machine may be shared);
 * prints each round, the medians, the ratios (of the medians and per round),
 * the load average and the targets (browser ≥ 60 % of dd and faster than
 * rclone). The browser uploads in the server's default chunk size (100 MiB);
 * BENCH_UPLOAD_CHUNK_MIB=100,10 uploads with each size in every round (an A/B;
 * one server per size, on the same disk).
 *
 * Options (environment): BENCH_UPLOAD_MIB=1024 (size of the big file),
 * BENCH_DROP_FILES=10000, BENCH_NO_BUILD=1 (use dist/ as it is),
 * BENCH_UPLOAD_PARTS=big,drop (which parts run: `big` is the 1 GiB file with
 * dd and rclone, `drop` the 10,000 files), BENCH_DROP_PROFILE=<file> (write
 * a Chrome CPU profile of the drop there, for DevTools, and print the
 * functions that took the most main-thread time), BENCH_UPLOAD_PROFILE=<file>
 * (the same for the page during each big upload), BENCH_UPLOAD_SERVER=process (the
 * server in a process of its own, `server-process.ts`, as it runs in production: it
 * then has its own event loop instead of sharing this one with Playwright's driver;
 * its CPU is read from /proc), BENCH_SERVER_NODE_FLAGS (node flags of that process,
 * e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). BENCH_UPLOAD_PARTS=bodies (not run
 * by default) measures Chromium alone sending the big file as a whole `File`, as
 * slices over XHR or fetch, as ArrayBuffers or streams (`upload-bodies.ts`;
 * BENCH_BODIES, default whole,xhr10,xhr100,fetch10).
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { link, mkdtemp, open, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../server/src/app';
import { defaultConfig } from '../../server/src/config';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { signIn } from '../support/filesServer';
import { median, procStatCpu } from './support';
import { benchBodies, cpuSpent, openSinkPage } from './upload-bodies';
import { benchDrop } from './upload-drop';
import { heaviestFunctions } from './cpu-profile';
import { installToastWatch } from './toast-watch';
import { SERVER_PROCESS, spawnServer, stopServer } from '../support/spawnServer';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PASSWORD = 'bench-upload-password';
const MiB = 1024 * 1024;
const SIZE_MIB = Math.max(1, Number(process.env.BENCH_UPLOAD_MIB ?? 1024));
const DROP_FILES = Math.max(1, Number(process.env.BENCH_DROP_FILES ?? 10000));
const PARTS = new Set((process.env.BENCH_UPLOAD_PARTS ?? 'big,drop').split(',').map((part) => part.trim()));
const DROP_PROFILE = process.env.BENCH_DROP_PROFILE;
/** Where the server runs: in this process (default) or in one of its own (BENCH_UPLOAD_SERVER=process). */
const SERVER_IN_PROCESS = process.env.BENCH_UPLOAD_SERVER !== 'process';
/** The pids of servers running in processes of their own: their CPU counts as the server's. */
const serverPids = new Set<number>();
/** Where to write a CPU profile of the page during each big upload (BENCH_UPLOAD_PROFILE). */
const UPLOAD_PROFILE = process.env.BENCH_UPLOAD_PROFILE;
const ROUNDS = Math.max(1, Number(process.env.BENCH_UPLOAD_ROUNDS ?? 3));
/**
 * The chunk sizes the browser uploads with (one server each); the first is the one the
 * targets are read against. Default: the server's (its advertised `max_size`).
 */
const CHUNK_MIB = (process.env.BENCH_UPLOAD_CHUNK_MIB ?? String(defaultConfig.maxChunkSize / MiB))
  .split(',')
  .map((value) => Number(value.trim()))
  .filter((value) => Number.isFinite(value) && value >= 5);

/** Seconds since `start` (a `process.hrtime.bigint()`). */
const secondsSince = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;

async function writeFileOfSize(file: string, bytes: number): Promise<void> {
  const handle = await open(file, 'w');
  const block = Buffer.alloc(4 * MiB);
  for (let offset = 0; offset < bytes; offset += block.length) {
    block.fill((offset / block.length) % 251);
    await handle.write(block, 0, Math.min(block.length, bytes - offset));
  }
  await handle.close();
}

/** A server of the bench: its URL, data dir and the chunk size it advertises. */
interface BenchServer {
  url: string;
  dataDir: string;
  chunkMiB: number;
  close(): Promise<void>;
}

async function main(): Promise<void> {
  if (process.env.BENCH_NO_BUILD !== '1' || !existsSync(path.join(ROOT, 'dist/shell/index.html'))) {
    console.log('building the front end…');
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
  }
  const work = await mkdtemp(path.join(tmpdir(), 'cumulus-bench-upload-'));
  const servers: BenchServer[] = [];
  for (const chunkMiB of CHUNK_MIB) {
    const dataDir = path.join(work, `data-${chunkMiB}`);
    const config = { distDir: path.join(ROOT, 'dist'), throttleDelayMs: 0, maxChunkSize: chunkMiB * MiB };
    if (SERVER_IN_PROCESS) {
      const started = await startServer({ ...config, dataDir, port: 0, adminPassword: PASSWORD });
      servers.push({ url: started.url, dataDir, chunkMiB, close: () => started.close() });
    } else {
      const nodeFlags = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter((flag) => flag !== '');
      const { port, child } = await spawnServer(SERVER_PROCESS, [dataDir, PASSWORD, JSON.stringify(config)], { nodeFlags });
      if (child.pid !== undefined) serverPids.add(child.pid);
      servers.push({ url: `http://127.0.0.1:${port}`, dataDir, chunkMiB, close: () => stopServer(child) });
    }
  }
  const browser = await launchBrowser();
  const rows: [string, string][] = [];
  try {
    if (PARTS.has('big')) rows.push(...(await benchBigFile(browser, servers, work)));
    if (PARTS.has('bodies')) {
      const file = path.join(work, 'bodies.bin');
      await writeFileOfSize(file, SIZE_MIB * MiB);
      rows.push(...(await benchBodies(browser, file, SIZE_MIB * MiB, () => cpuNow().byType)));
      await rm(file);
    }
    if (PARTS.has('drop')) {
      const page = await openPage(browser, (servers[0] as BenchServer).url);
      rows.push(...(await benchDrop(page, (servers[0] as BenchServer).url, (servers[0] as BenchServer).dataDir, DROP_FILES, DROP_PROFILE)));
    }
  } finally {
    await browser.close();
    for (const server of servers) await server.close();
    await rm(work, { recursive: true, force: true });
  }
  const width = Math.max(...rows.map(([label]) => label.length));
  for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
}

/**
 * CPU seconds used so far by the server (this process, or the server's own process with
 * BENCH_UPLOAD_SERVER=process), by the processes this one started that still run
 * (Chromium), and by those it started and reaped (rclone, dd). Descendants only: the
 * other users of a shared machine are not counted.
 */
function cpuNow(): { server: number; running: number; reaped: number; byType: Record<string, number> } {
  const parents = new Map<number, number>();
  const stats = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      stats.set(Number(entry), stat);
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[1]));
    } catch {
      // The process ended meanwhile.
    }
  }
  const isDescendant = (pid: number): boolean => {
    for (let at = parents.get(pid); at !== undefined && at > 1; at = parents.get(at)) if (at === process.pid) return true;
    return false;
  };
  let running = 0;
  let server = 0;
  const byType: Record<string, number> = {};
  for (const [pid, stat] of stats) {
    if (!isDescendant(pid)) continue;
    const own = procStatCpu(stat).own;
    if (serverPids.has(pid)) {
      server += own;
      continue;
    }
    running += own;
    // Chromium's processes say what they are (`--type=renderer`, `gpu-process`, `utility` for the network service).
    let type = 'browser';
    try {
      // Chromium rewrites its process title: the arguments may come as one string joined by spaces.
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
      const typeArg = args.find((arg) => arg.startsWith('--type='))?.slice('--type='.length);
      const service = args.find((arg) => arg.startsWith('--utility-sub-type='))?.slice('--utility-sub-type='.length).split('.')[0];
      if (typeArg !== undefined) type = service !== undefined ? `${typeArg}:${service}` : typeArg;
      else if (!(args[0] ?? '').includes('chrom')) type = path.basename(args[0] ?? 'other');
    } catch {
      // Ended meanwhile.
    }
    byType[type] = (byType[type] ?? 0) + own;
  }
  const self = procStatCpu(readFileSync('/proc/self/stat', 'utf8'));
  // With the server in a process of its own, this one only drives the browser (Playwright).
  if (!SERVER_IN_PROCESS) byType['(driver)'] = self.own;
  return { server: SERVER_IN_PROCESS ? self.own : server, running, reaped: self.children, byType };
}

/** A new signed-in page on `serverUrl` (a page that uploaded several 1 GiB files may be closed by Chromium). */
async function openPage(browser: Browser, serverUrl: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.setDefaultTimeout(600_000);
  // tsx names functions with an `__name` helper that the page lacks: give it one.
  await page.addInitScript('globalThis.__name = (target) => target;');
  await page.addInitScript(installToastWatch);
  await signIn(page, serverUrl, PASSWORD);
  await page.getByRole('button', { name: 'New', exact: true }).waitFor();
  return page;
}

/**
 * How many chunk PUTs were under way on average from the first chunk's start to
 * the last one's end (Resource Timing of the page): the parallel jobs allowed
 * (5) when the pool never waits between chunks.
 */
async function chunksInFlight(page: Page): Promise<number> {
  const chunks = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => /\/web-file-upload-[0-9a-f]+\/\d+$/.test(entry.name))
      .map((entry) => ({ start: entry.startTime, end: (entry as PerformanceResourceTiming).responseEnd })),
  );
  if (chunks.length === 0) return NaN;
  const span = Math.max(...chunks.map((chunk) => chunk.end)) - Math.min(...chunks.map((chunk) => chunk.start));
  return chunks.reduce((sum, chunk) => sum + chunk.end - chunk.start, 0) / span;
}

/**
 * One upload of `file` from a fresh page through the New menu, from handing the file
 * to the chooser until 'Files uploaded successfully' is shown, on the page's clock:
 * seconds, how long the final MOVE (the assembly) took, in ms, and the CPU seconds the
 * server (this process) and Chromium spent meanwhile.
 */
async function browserUpload(
  browser: Browser,
  serverUrl: string,
  file: string,
): Promise<{ seconds: number; moveMs: number; inFlight: number; serverCpu: number; clientCpu: number; clientByType: string }> {
  const page = await openPage(browser, serverUrl);
  // Room for every chunk's entry (the default buffer holds 250).
  await page.evaluate(() => performance.setResourceTimingBufferSize(100_000));
  let moveMs = NaN;
  page.on('requestfinished', (request) => {
    if (request.method() === 'MOVE' && request.url().endsWith('/.file')) moveMs = request.timing().responseEnd;
  });
  try {
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      (async () => {
        await page.getByRole('button', { name: 'New', exact: true }).click();
        await page.getByRole('menuitem', { name: 'Upload files' }).click();
      })(),
    ]);
    const cdp = UPLOAD_PROFILE === undefined ? null : await page.context().newCDPSession(page);
    if (cdp !== null) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
      await cdp.send('Profiler.start');
    }
    const cpuBefore = cpuNow();
    const start = await page.evaluate(() => {
      (window as unknown as { benchDone: Promise<number> }).benchDone = benchToast('Files uploaded successfully');
      return performance.now();
    });
    await chooser.setFiles(file);
    const end = await page.evaluate(() => (window as unknown as { benchDone: Promise<number> }).benchDone);
    const seconds = (end - start) / 1000;
    const cpuAfter = cpuNow();
    const inFlight = await chunksInFlight(page);
    if (cdp !== null && UPLOAD_PROFILE !== undefined) {
      const { profile } = await cdp.send('Profiler.stop');
      await writeFile(UPLOAD_PROFILE, JSON.stringify(profile));
      console.log(`CPU profile of the page during the upload: ${UPLOAD_PROFILE}; most main-thread time (self):`);
      for (const line of heaviestFunctions(profile, 20)) console.log(`  ${line}`);
    }
    return { seconds, moveMs, inFlight, serverCpu: cpuAfter.server - cpuBefore.server, clientCpu: cpuAfter.running - cpuBefore.running, clientByType: cpuSpent(cpuBefore.byType, cpuAfter.byType) };
  } finally {
    await page.close();
  }
}

/**
 * The 1 GiB file: dd, Chromium alone, the browser through the shell (once per chunk size of
 * BENCH_UPLOAD_CHUNK_MIB, each served by its own server on the same disk), and
 * rclone, one after the other in each of BENCH_UPLOAD_ROUNDS rounds (the order
 * of the browser variants turns each round). The machine may be shared: the
 * figures are medians, the ratios are given of the medians and per round, with
 * the load average.
 */
async function benchBigFile(browser: Browser, servers: BenchServer[], work: string): Promise<[string, string][]> {
  const bigFile = path.join(work, 'big.bin');
  const bytes = SIZE_MIB * MiB;
  await writeFileOfSize(bigFile, bytes);
  console.log(`wrote ${SIZE_MIB} MiB to ${bigFile}; ${ROUNDS} rounds; load average ${loadavg().map((value) => value.toFixed(1)).join(' ')} on ${availableParallelism()} cores`);
  const primary = servers[0] as BenchServer;
  // rclone, as the conformance tests configure it.
  const obscured = execFileSync('rclone', ['obscure', PASSWORD]).toString().trim();
  const env = {
    ...process.env,
    RCLONE_CONFIG: path.join(work, 'rclone.conf'),
    RCLONE_CONFIG_CUMULUS_TYPE: 'webdav',
    RCLONE_CONFIG_CUMULUS_URL: `${primary.url}/remote.php/dav/files/admin`,
    RCLONE_CONFIG_CUMULUS_VENDOR: 'nextcloud',
    RCLONE_CONFIG_CUMULUS_USER: 'admin',
    RCLONE_CONFIG_CUMULUS_PASS: obscured,
  };
  const dd: number[] = [];
  const rclone: number[] = [];
  const browserTimes = new Map<BenchServer, number[]>(servers.map((server) => [server, []]));
  const moves = new Map<BenchServer, number[]>(servers.map((server) => [server, []]));
  const cpu = new Map<BenchServer, { server: number; client: number }[]>(servers.map((server) => [server, []]));
  const rcloneCpu: { server: number; client: number }[] = [];
  // Chromium alone: the same file in the primary server's slices, 5 PUTs at a time as the
  // engine sends them, to a server that reads each body and throws it away.
  const sink = await openSinkPage(browser, bigFile);
  const slicesVariant = `xhr${primary.chunkMiB}`;
  const alone: number[] = [];
  try {
    for (let round = 1; round <= ROUNDS; round += 1) {
      // dd: the same bytes onto the same disk, flushed.
      const ddStart = process.hrtime.bigint();
      execFileSync('dd', [`if=${bigFile}`, `of=${path.join(work, 'dd.bin')}`, 'bs=4M', 'conv=fdatasync'], { stdio: 'ignore' });
      dd.push(secondsSince(ddStart));
      await rm(path.join(work, 'dd.bin'));
      const order = servers.map((_, index) => servers[(index + round - 1) % servers.length] as BenchServer);
      const line: string[] = [`dd ${(dd.at(-1) ?? 0).toFixed(2)} s`];
      const aloneBefore = cpuNow().byType;
      const sent = await sink.send(slicesVariant);
      if (sent.failure !== null) throw new Error(`Chromium alone failed to send the file: ${sent.failure}`);
      alone.push(sent.seconds);
      line.push(`Chromium alone ${sent.seconds.toFixed(2)} s (CPU ${cpuSpent(aloneBefore, cpuNow().byType)})`);
      for (const server of order) {
        // Each upload a new name (a hard link: the same bytes), so no conflict dialog.
        const name = `big-${round}.bin`;
        const file = path.join(work, `${server.chunkMiB}-${name}`);
        await link(bigFile, file);
        const { seconds, moveMs, inFlight, serverCpu, clientCpu, clientByType } = await browserUpload(browser, server.url, file);
        await rm(file);
        const uploaded = await stat(path.join(server.dataDir, 'files', 'admin', path.basename(file))).catch(() => null);
        if (uploaded?.size !== bytes) throw new Error(`the browser's upload has ${uploaded?.size ?? 'no'} bytes, expected ${bytes}`);
        await rm(path.join(server.dataDir, 'files', 'admin', path.basename(file)));
        browserTimes.get(server)?.push(seconds);
        moves.get(server)?.push(moveMs);
        cpu.get(server)?.push({ server: serverCpu, client: clientCpu });
        line.push(`browser (${server.chunkMiB} MiB chunks) ${seconds.toFixed(2)} s (MOVE ${moveMs.toFixed(0)} ms; ${inFlight.toFixed(1)} chunks in flight; CPU server ${serverCpu.toFixed(1)} s, Chromium ${clientCpu.toFixed(1)} s: ${clientByType})`);
      }
      const rcloneStart = process.hrtime.bigint();
      const rcloneBefore = cpuNow();
      // Asynchronously: the server runs in this process, and a synchronous child would stop it answering.
      await promisify(execFile)('rclone', ['copyto', bigFile, `cumulus:rclone-${round}.bin`], { env });
      rclone.push(secondsSince(rcloneStart));
      const rcloneAfter = cpuNow();
      rcloneCpu.push({ server: rcloneAfter.server - rcloneBefore.server, client: rcloneAfter.reaped - rcloneBefore.reaped });
      await rm(path.join(primary.dataDir, 'files', 'admin', `rclone-${round}.bin`));
      line.push(`rclone ${(rclone.at(-1) ?? 0).toFixed(2)} s (CPU server ${(rcloneCpu.at(-1)?.server ?? 0).toFixed(1)} s, rclone ${(rcloneCpu.at(-1)?.client ?? 0).toFixed(1)} s)`);
      console.log(`round ${round}: ${line.join(', ')}; load ${(loadavg()[0] ?? 0).toFixed(1)}`);
    }
  } finally {
    await sink.close();
  }
  await rm(bigFile);

  const rate = (seconds: number) => SIZE_MIB / seconds;
  const perRound = (f: (index: number) => number) => dd.map((_, index) => f(index).toFixed(2)).join(', ');
  const rows: [string, string][] = [];
  for (const server of servers) {
    const times = browserTimes.get(server) ?? [];
    const label = `browser (shell) ${SIZE_MIB} MiB, ${server.chunkMiB} MiB chunks`;
    const used = cpu.get(server) ?? [];
    rows.push([
      `${label}, median of ${ROUNDS}`,
      `${median(times).toFixed(2)} s  ${rate(median(times)).toFixed(1)} MiB/s  (final MOVE ${median(moves.get(server) ?? []).toFixed(0)} ms; CPU server ${median(used.map((entry) => entry.server)).toFixed(1)} s, Chromium ${median(used.map((entry) => entry.client)).toFixed(1)} s)`,
    ]);
  }
  rows.push(
    [`dd ${SIZE_MIB} MiB, median of ${ROUNDS}`, `${median(dd).toFixed(2)} s  ${rate(median(dd)).toFixed(1)} MiB/s`],
    [
      `Chromium alone ${SIZE_MIB} MiB (${primary.chunkMiB} MiB slices, 5 at a time, to a discarding sink), median of ${ROUNDS}`,
      `${median(alone).toFixed(2)} s  ${rate(median(alone)).toFixed(1)} MiB/s`,
    ],
    [
      `rclone ${SIZE_MIB} MiB, median of ${ROUNDS}`,
      `${median(rclone).toFixed(2)} s  ${rate(median(rclone)).toFixed(1)} MiB/s  (CPU server ${median(rcloneCpu.map((entry) => entry.server)).toFixed(1)} s, rclone ${median(rcloneCpu.map((entry) => entry.client)).toFixed(1)} s)`,
    ],
  );
  for (const server of servers) {
    const times = browserTimes.get(server) ?? [];
    rows.push(
      [`browser (${server.chunkMiB} MiB chunks) / dd`, `${((100 * median(dd)) / median(times)).toFixed(0)} %  (target ≥ 60 %; per round ${perRound((i) => (dd[i] ?? 0) / (times[i] ?? 1))})`],
      [`browser (${server.chunkMiB} MiB chunks) / rclone`, `${(median(rclone) / median(times)).toFixed(2)} ×  (target > 1; per round ${perRound((i) => (rclone[i] ?? 0) / (times[i] ?? 1))})`],
    );
  }
  // Below 1, Chromium cannot hand over the file's slices (to a server doing nothing) as fast as
  // rclone uploads the whole file to the real one: no shell or server change reaches "faster than rclone".
  rows.push(
    ['Chromium alone / rclone', `${(median(rclone) / median(alone)).toFixed(2)} ×  (the ceiling of browser / rclone; per round ${perRound((i) => (rclone[i] ?? 0) / (alone[i] ?? 1))})`],
    [`browser (${primary.chunkMiB} MiB chunks) / Chromium alone`, `${((100 * median(alone)) / median(browserTimes.get(primary) ?? [])).toFixed(0)} %  (what the shell and the server keep of Chromium's own rate)`],
  );
  rows.push(['load average (1 min) at the end', `${(loadavg()[0] ?? 0).toFixed(1)} on ${availableParallelism()} cores (the machine may be shared)`]);
  return rows;
}

await main();
