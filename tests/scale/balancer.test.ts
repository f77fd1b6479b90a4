import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ServerProcess } from '../support/serverProcess';
import { CONTENT_ON_S3 } from '../support/stored-files';
import { basic } from '../server/helpers';
import { litmusSummaries } from '../conformance/litmus-summary';
import type { BalancedPair, Balancer } from './nginx-balancer';
import { startBalancedPair } from './nginx-balancer';

/**
 * The scale-out mode end to end: PostgreSQL, two `cumulus serve` processes on one data dir,
 * nginx balancing round robin between them, all on loopback. Clients talk to nginx only.
 */
const run = promisify(execFile);
const PASSWORD = 'admin-password';
const ADMIN = basic('admin', PASSWORD);
const FILES = '/remote.php/dav/files/admin';

let pair: BalancedPair;
let dataDir: string;
let servers: ServerProcess[] = [];
let balancer: Balancer;

beforeAll(async () => {
  pair = await startBalancedPair('balanced', PASSWORD, { CUMULUS_LOG_REQUESTS: '1', CUMULUS_TMP_SWEEP_INTERVAL: '2' });
  ({ dataDir, servers, balancer } = pair);
}, 120_000);

afterAll(() => pair?.stop());

const call = (method: string, path: string, init: { headers?: Record<string, string>; body?: Buffer | string } = {}): Promise<Response> =>
  fetch(balancer.url + path, {
    method,
    headers: { authorization: ADMIN, ...init.headers },
    ...(init.body !== undefined ? { body: typeof init.body === 'string' ? init.body : new Uint8Array(init.body) } : {}),
  });

/** How many requests whose line contains `fragment` each process logged. */
const served = (fragment: string): number[] => servers.map((server) => server.stdout().split('\n').filter((line) => line.includes(fragment) && line.includes('incoming request')).length);

describe('two processes behind nginx on PostgreSQL', () => {
  it('passes every litmus test through the balancer', async () => {
    const work = await mkdtemp(join(tmpdir(), 'cumulus-litmus-'));
    let output: string;
    try {
      const result = await run('litmus', [`${balancer.url}${FILES}/`, 'admin', PASSWORD], { cwd: work, timeout: 240_000, maxBuffer: 16 * 1024 * 1024 });
      output = result.stdout + result.stderr;
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string };
      output = `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    const summary = [...litmusSummaries(output)].map(([suite, s]) => `${suite}: ${s.passed}/${s.run} passed, ${s.failed} failed`);
    expect({ summary, failures: output.split('\n').filter((line) => /FAIL|WARNING/.test(line)) }).toEqual({
      summary: ['basic: 16/16 passed, 0 failed', 'copymove: 13/13 passed, 0 failed', 'props: 30/30 passed, 0 failed', 'locks: 41/41 passed, 0 failed', 'http: 4/4 passed, 0 failed'],
      failures: [],
    });
    // Round robin: both processes answered litmus.
    for (const count of served('/remote.php/dav/files/admin/litmus')) expect(count).toBeGreaterThan(20);
  }, 300_000);

  it('completes a chunked upload whose chunks landed on both processes', async () => {
    const id = `spread-${randomBytes(4).toString('hex')}`;
    const destination = `${balancer.url}${FILES}/spread.bin`;
    const chunks = Array.from({ length: 8 }, (_, i) => randomBytes(300_000 + i));
    const total = String(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
    expect((await call('MKCOL', `/remote.php/dav/uploads/admin/${id}`, { headers: { destination } })).status).toBe(201);
    for (const [i, chunk] of chunks.entries()) {
      expect((await call('PUT', `/remote.php/dav/uploads/admin/${id}/${i + 1}`, { headers: { destination, 'oc-total-length': total }, body: chunk })).status).toBe(201);
    }
    expect((await call('MOVE', `/remote.php/dav/uploads/admin/${id}/.file`, { headers: { destination, 'oc-total-length': total } })).status).toBe(201);
    for (const count of served(`/remote.php/dav/uploads/admin/${id}/`)) expect(count).toBeGreaterThan(0);
    const got = Buffer.from(await (await call('GET', `${FILES}/spread.bin`)).arrayBuffer());
    expect(got.equals(Buffer.concat(chunks))).toBe(true);
  }, 60_000);

  it('carries on through the other process when one is killed with SIGKILL amid uploads and listings, losing and half-writing nothing', async () => {
    expect((await call('MKCOL', `${FILES}/load`)).status).toBe(201);
    const written = new Map<string, Buffer>();
    let stop = false;
    let failedListings = 0;
    /** A request a client would retry: the connection broke (before or during the answer) or nginx found no process (502). */
    const retrying = async (send: () => Promise<Response>): Promise<Response> => {
      for (let attempt = 0; ; attempt += 1) {
        const response = await send().catch(() => null);
        if (response && response.status !== 502 && response.status !== 504) return response;
        if (attempt > 20) throw new Error('no process answered');
        await new Promise((wake) => setTimeout(wake, 100));
      }
    };
    const uploader = async (worker: number): Promise<void> => {
      for (let i = 0; i < 25; i += 1) {
        const name = `w${worker}-${i % 10}.bin`;
        const body = randomBytes(200_000 + i);
        const put = await retrying(() => call('PUT', `${FILES}/load/${name}`, { body }));
        expect([201, 204]).toContain(put.status);
        written.set(name, body);
      }
    };
    const lister = async (): Promise<void> => {
      while (!stop) {
        // The answer is read inside the retry: a process killed mid-answer cuts the body, not the headers.
        const listing = await retrying(async () => {
          const response = await call('PROPFIND', `${FILES}/load/`, { headers: { depth: '1' } });
          await response.arrayBuffer();
          return response;
        });
        if (listing.status !== 207) failedListings += 1;
      }
    };
    const victim = servers[1];
    if (!victim) throw new Error('no second process');
    const listers = [lister(), lister()];
    const kill = new Promise<void>((done) => setTimeout(() => void victim.kill().then(done), 1500));
    await Promise.all([uploader(0), uploader(1), uploader(2), kill]);
    stop = true;
    await Promise.all(listers);
    expect(failedListings).toBe(0);
    expect(victim.child.signalCode).toBe('SIGKILL');

    // Every file holds the last body written to it, whole; nothing else is listed.
    const listing = await (await call('PROPFIND', `${FILES}/load/`, { headers: { depth: '1' } })).text();
    const names = [...listing.matchAll(/<d:href>[^<]*\/load\/([^<]+)<\/d:href>/g)].map((match) => decodeURIComponent(match[1] ?? '')).sort();
    expect(names).toEqual([...written.keys()].sort());
    for (const [name, body] of written) {
      const got = Buffer.from(await (await call('GET', `${FILES}/load/${name}`)).arrayBuffer());
      expect(got.equals(body)).toBe(true);
    }
    // The survivor sweeps what the killed process left half-written in tmp/. With content on S3
    // (the scale-out mode of `npm run test:s3`) nothing is written on disk, so there is no tmp/ at
    // all: a killed process leaves an unfinished multipart upload, which the object sweep aborts
    // (s3-sweep.s3-test.ts).
    const halfWritten = async (): Promise<string[]> => readdir(join(dataDir, 'tmp')).catch((error: unknown) => ((error as NodeJS.ErrnoException).code === 'ENOENT' && CONTENT_ON_S3 ? [] : Promise.reject(error)));
    for (let i = 0; i < 100 && (await halfWritten()).length > 0; i += 1) await new Promise((wake) => setTimeout(wake, 200));
    expect(await halfWritten()).toEqual([]);
  }, 180_000);
});
