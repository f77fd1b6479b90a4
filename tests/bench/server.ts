/**
 * `npm run bench:server`: the file server's two performance targets, measured
 * in one run on this machine and printed with their ratios.
 *
 * 1. PROPFIND Depth 1 of a folder of 10,000 files with every property the
 *    files app asks for: median of several runs (target < 150 ms) and the
 *    response size.
 * 2. A 1 GiB chunked upload (v2: MKCOL, 103 PUTs of 10 MiB, MOVE .file),
 *    against `dd` writing the same bytes to the same disk (target ≥ 70%).
 *    Measured twice, consistently on both sides: without fsync (page cache),
 *    and durable (dd conv=fdatasync; the upload followed by fdatasync of the
 *    assembled file; the server itself never fsyncs). The same requests also
 *    go to a bare node:http server that writes the bodies the same way
 *    (`http-sink.ts`): the ceiling HTTP over loopback allows on this machine.
 *    The server runs in a child process (`server-process.ts`), as does the sink.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { Agent } from 'node:http';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { median, PROPFIND_BODY, sendChunks, timedRequest } from './support';
import type { TimedResponse } from './support';
import { SERVER_PROCESS, spawnServer, stopServer } from '../support/spawnServer';

const run = promisify(execFile);
const PASSWORD = 'admin-password';
const AUTH = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;
const FILES = 10_000;
const RUNS = 15;
const GIB = 1024 * 1024 * 1024;
/** Chunk size: 10 MiB, the desktop client's starting size (the server advertises up to 100 MiB). */
const CHUNK = Number(process.env.BENCH_CHUNK_MIB ?? 10) * 1024 * 1024;
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 4);
const UPLOAD_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** The bytes every chunk PUT sends: made once, so generating data costs the client nothing per request. */
const CHUNK_BYTES = randomBytes(CHUNK);

const agent = new Agent({ keepAlive: true, maxSockets: PARALLEL + 1 });

function call(port: number, method: string, path: string, headers: Record<string, string>, body?: Buffer | string): Promise<TimedResponse> {
  return timedRequest({ port, agent, authorization: AUTH }, method, path, headers, body);
}

async function dd(dataDir: string, durable: boolean): Promise<number> {
  const target = join(dataDir, 'dd.bin');
  const started = process.hrtime.bigint();
  await run('dd', ['if=/dev/zero', `of=${target}`, 'bs=1M', 'count=1024', ...(durable ? ['conv=fdatasync'] : [])]);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await rm(target);
  return seconds;
}

/**
 * One 1 GiB chunked upload as a sync client sends it; returns the seconds
 * from MKCOL to the MOVE's answer, plus the fdatasync of `syncFile(id)` when
 * durable.
 */
async function chunkedUpload(port: number, name: string, durable: boolean, syncFile: (id: string) => string): Promise<number> {
  const chunk = CHUNK_BYTES;
  const id = randomBytes(8).toString('hex');
  const destination = `/remote.php/dav/files/admin/${name}`;
  const started = process.hrtime.bigint();
  const made = await call(port, 'MKCOL', `/remote.php/dav/uploads/admin/${id}`, { destination });
  if (made.status !== 201) throw new Error(`MKCOL answered ${made.status}`);
  await sendChunks(
    (n, body) => call(port, 'PUT', `/remote.php/dav/uploads/admin/${id}/${n}`, { 'content-length': String(body.length), 'oc-total-length': String(GIB), destination }, body).then((put) => put.status),
    GIB,
    chunk,
    PARALLEL,
  );
  const moved = await call(port, 'MOVE', `/remote.php/dav/uploads/admin/${id}/.file`, { destination, 'oc-total-length': String(GIB) });
  if (moved.status !== 201) throw new Error(`MOVE answered ${moved.status}`);
  if (durable) {
    const handle = await open(syncFile(id), 'r');
    await handle.datasync();
    await handle.close();
  }
  return Number(process.hrtime.bigint() - started) / 1e9;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cumulus-bench-'));
  // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the file server there when it stops.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const { port, child } = await spawnServer(SERVER_PROCESS, [dataDir, PASSWORD], { nodeFlags: profile });
  const sinkDir = join(dataDir, 'sink');
  await mkdir(sinkDir);
  const sink = await spawnServer(fileURLToPath(new URL('./http-sink.ts', import.meta.url)), [sinkDir, String(CHUNK)]);
  try {
    // BENCH_SKIP_PROPFIND=1 measures the upload only (for profiling).
    if (!process.env.BENCH_SKIP_PROPFIND) {
      // 10,000 files written straight to disk, picked up by the first listing (as after an import).
      const folder = join(dataDir, 'files', 'admin', 'many');
      await mkdir(folder, { recursive: true });
      for (let i = 0; i < FILES; i += 1) await writeFile(join(folder, `file ${String(i).padStart(5, '0')}.txt`), `content of file ${i}\n`);
      const scan = await call(port, 'PROPFIND', '/remote.php/dav/files/admin/many/', { depth: '1', 'content-type': 'application/xml' }, PROPFIND_BODY);
      const times: number[] = [];
      let size = 0;
      for (let i = 0; i < RUNS; i += 1) {
        const result = await call(port, 'PROPFIND', '/remote.php/dav/files/admin/many/', { depth: '1', 'content-type': 'application/xml' }, PROPFIND_BODY);
        if (result.status !== 207) throw new Error(`PROPFIND answered ${result.status}`);
        times.push(result.ms);
        size = result.size;
      }
      const propfindMs = median(times);
      console.log(`PROPFIND Depth 1, ${FILES} files, ${RUNS} runs: median ${propfindMs.toFixed(1)} ms (min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)}; first listing incl. scan ${scan.ms.toFixed(0)} ms), response ${(size / 1024 / 1024).toFixed(2)} MiB`);
      console.log(`  target < 150 ms: ${propfindMs < 150 ? 'met' : 'MISSED'} (${(propfindMs / 150 * 100).toFixed(0)}% of the budget)`);
    }

    // BENCH_SKIP_UPLOAD=1 measures the listing only (for profiling).
    for (const durable of process.env.BENCH_SKIP_UPLOAD ? [] : [false, true]) {
      const mode = durable ? 'durable (fdatasync at the end on both sides)' : 'page cache (no fsync on either side)';
      const ddTimes: number[] = [];
      const uploadTimes: number[] = [];
      const sinkTimes: number[] = [];
      // Alternated and repeated, each after a `sync`, so one run's writeback does not land on the next.
      for (let round = 0; round < UPLOAD_ROUNDS; round += 1) {
        await run('sync');
        ddTimes.push(await dd(dataDir, durable));
        await run('sync');
        const name = `big-${round}.bin`;
        uploadTimes.push(await chunkedUpload(port, name, durable, () => join(dataDir, 'files', 'admin', name)));
        await rm(join(dataDir, 'files', 'admin', name));
        await run('sync');
        sinkTimes.push(await chunkedUpload(sink.port, name, durable, (id) => join(sinkDir, id)));
        await rm(sinkDir, { recursive: true, force: true });
        await mkdir(sinkDir);
      }
      const ddSeconds = median(ddTimes);
      const uploadSeconds = median(uploadTimes);
      const sinkSeconds = median(sinkTimes);
      const ratio = ddSeconds / uploadSeconds;
      const mib = (seconds: number): string => (1024 / seconds).toFixed(0);
      const range = (times: number[]): string => `${mib(Math.max(...times))}–${mib(Math.min(...times))}`;
      console.log(
        `1 GiB chunked upload (${CHUNK / 1024 / 1024} MiB chunks, ${PARALLEL} in parallel), ${mode}, median of ${UPLOAD_ROUNDS}: ` +
          `${uploadSeconds.toFixed(2)} s = ${mib(uploadSeconds)} MiB/s (${range(uploadTimes)}); dd bs=1M count=1024${durable ? ' conv=fdatasync' : ''}: ${ddSeconds.toFixed(2)} s = ${mib(ddSeconds)} MiB/s (${range(ddTimes)})`,
      );
      console.log(`  ratio ${(ratio * 100).toFixed(0)}% of dd; target >= 70%: ${ratio >= 0.7 ? 'met' : 'MISSED'}`);
      console.log(
        `  HTTP ceiling, the same requests to a bare node:http server writing the same way (no auth, DAV, database): ${mib(sinkSeconds)} MiB/s (${range(sinkTimes)}) = ` +
          `${((ddSeconds / sinkSeconds) * 100).toFixed(0)}% of dd; the server reaches ${((sinkSeconds / uploadSeconds) * 100).toFixed(0)}% of it`,
      );
    }
  } finally {
    agent.destroy();
    await stopServer(child);
    await stopServer(sink.child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
