/**
 * Fault test of the upload engine (resume after a server kill): the real server, in a
 * child process, is killed with SIGKILL in the middle of a chunked upload
 * that the shell's upload engine drives over node's fetch, then started again on the
 * same port and data directory.
 *
 * 1. The engine's own retries carry the upload through the restart: it ends
 *    with the complete file (same SHA-1), and the only chunks sent twice are
 *    those in flight when the server died.
 * 2. A "page reload" during the outage: the first engine is abandoned (its
 *    backoff never ends, as a closed tab's), a new engine finds the upload in
 *    the journal and resumes it from the chunks the restarted server still
 *    holds (PROPFIND of the workspace), sending only the chunks the first one
 *    had not got acknowledged.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { openAsBlob } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFetchTransport, createMemoryJournal, createUploader, type TransportRequest, type UploadFile, type UploadJournal, type UploadTransport } from '../../shell/src/lib/engine';
import { startServerProcess, type ServerProcess } from '../support/serverProcess';

jest.setTimeout(240_000);

const PASSWORD = 'fault-admin-password';
const AUTH = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;
const MiB = 1024 * 1024;
const CHUNK = 5 * MiB;
const SIZE = 64 * MiB + 12345; // 13 chunks, the last one short
const CHUNKS = Math.ceil(SIZE / CHUNK);
const MTIME = Date.UTC(2025, 0, 2, 3, 4, 5);

/** A free TCP port to start (and restart) the server on. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function sha1(stream: AsyncIterable<Buffer | Uint8Array>): Promise<string> {
  const hash = createHash('sha1');
  for await (const data of stream) hash.update(data);
  return hash.digest('hex');
}

/** The chunk number of a chunk PUT, or null for any other request. */
function chunkOf(request: TransportRequest): number | null {
  const match = request.method === 'PUT' ? /\/uploads\/admin\/[^/]+\/(\d+)$/.exec(request.url) : null;
  return match ? Number(match[1]) : null;
}

/**
 * How a chunk PUT ended: answered; broken off (the server died under it);
 * or refused, meaning it started once the server was known to be dead (a
 * failed try proves it), so none of its bytes reached a server: refused
 * connections, and tries on pooled keep-alive sockets of the dead server.
 */
type Outcome = 'pending' | 'answered' | 'refused' | 'broken';

/**
 * The fetch transport, watched: every chunk PUT try and how it ended
 * (`attempts`), the chunks the server acknowledged (`stored`); `onStored`
 * runs after each acknowledgement. `serverUp()` tells it the server is back.
 */
function watchedTransport(onStored: (stored: Set<number>) => void) {
  const fetchTransport = createFetchTransport();
  const attempts: { chunk: number; outcome: Outcome }[] = [];
  const stored = new Set<number>();
  let serverDown = false;
  const transport: UploadTransport = async (request) => {
    const chunk = chunkOf(request);
    if (chunk === null) return fetchTransport(request);
    const attempt: { chunk: number; outcome: Outcome } = { chunk, outcome: 'pending' };
    const startedWhileDown = serverDown;
    attempts.push(attempt);
    try {
      const response = await fetchTransport(request);
      attempt.outcome = 'answered';
      if (response.status === 201) {
        stored.add(chunk);
        onStored(stored);
      }
      return response;
    } catch (error) {
      attempt.outcome = startedWhileDown ? 'refused' : 'broken';
      serverDown = true;
      throw error;
    }
  };
  /** The tries whose bytes may have reached the server (all but the refused ones), per chunk. */
  const delivered = (chunk: number) => attempts.filter((a) => a.chunk === chunk && a.outcome !== 'refused');
  const serverUp = () => {
    serverDown = false;
  };
  return { transport, attempts, stored, delivered, serverUp };
}

/** Waits until `ready()` holds. */
async function until(ready: () => boolean): Promise<void> {
  while (!ready()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('upload engine against a server killed with SIGKILL mid-upload', () => {
  let dir: string;
  let filePath: string;
  let fileSha1: string;
  let file: UploadFile;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cumulus-upload-fault-'));
    filePath = join(dir, 'source.bin');
    const handle = await open(filePath, 'w');
    for (let written = 0; written < SIZE; written += 8 * MiB) await handle.write(randomBytes(Math.min(8 * MiB, SIZE - written)));
    await handle.close();
    fileSha1 = await sha1(createReadStream(filePath));
    // A file-backed blob: chunks are read from disk as they are sent.
    file = new File([await openAsBlob(filePath)], 'movie.bin', { lastModified: MTIME }) as UploadFile;
  });

  afterAll(async () => {
    for (const server of servers) await server.kill();
    await rm(dir, { recursive: true, force: true });
  });

  /** A server on a fresh data dir and port, and what an engine needs to reach it. */
  async function serverFor(name: string) {
    const dataDir = join(dir, name);
    const port = await freePort();
    const start = async () => servers.push(await startServerProcess(dataDir, { CUMULUS_ADMIN_PASSWORD: PASSWORD }, { port }));
    await start();
    const origin = `http://127.0.0.1:${port}`;
    const options = (journal: UploadJournal) => ({
      uploadsRoot: `${origin}/remote.php/dav/uploads/admin`,
      user: 'admin',
      headers: { Authorization: AUTH },
      maxChunkSize: CHUNK,
      capabilities: { files: { chunked_upload: { max_parallel_count: 3 } } },
      journal,
      logError: () => undefined,
    });
    const home = { source: `${origin}/remote.php/dav/files/admin`, owner: 'admin' };
    const restart = async (killed: Promise<void>) => {
      await killed;
      await start();
    };
    const downloadSha1 = async () => {
      const response = await fetch(`${home.source}/movie.bin`, { headers: { Authorization: AUTH } });
      expect(response.status).toBe(200);
      return sha1(response.body as unknown as AsyncIterable<Uint8Array>);
    };
    const workspaces = async () => {
      const response = await fetch(`${origin}/remote.php/dav/uploads/admin/`, { method: 'PROPFIND', headers: { Authorization: AUTH, Depth: '1' } });
      return [...(await response.text()).matchAll(/web-file-upload-[0-9a-f]{16}/g)].length;
    };
    return { options, home, restart, downloadSha1, workspaces, current: () => servers.at(-1) as ServerProcess };
  }

  it('resumes through the restart with its retries, re-sending only the chunks in flight', async () => {
    const server = await serverFor('retries');
    let killed: Promise<void> | null = null;
    const watched = watchedTransport((stored) => {
      if (killed === null && stored.size === 4) killed = server.current().kill();
    });
    const engine = createUploader({ transport: watched.transport, ...server.options(createMemoryJournal()) });
    const uploading = engine.upload(server.home, [file]);
    // Start the server again as soon as it is dead; the engine is in its backoff meanwhile.
    await until(() => killed !== null);
    await server.restart(killed as unknown as Promise<void>);
    watched.serverUp();
    const result = await uploading;

    expect(result.items[0]).toMatchObject({ status: 'finished', chunks: CHUNKS, chunksUploaded: CHUNKS, uploaded: SIZE });
    expect(await server.downloadSha1()).toBe(fileSha1);
    // The chunks the kill broke off: in flight when the server died (at most the 3 parallel jobs).
    const broken = watched.attempts.filter((a) => a.outcome === 'broken').map((a) => a.chunk);
    expect(broken.length).toBeGreaterThan(0);
    expect(broken.length).toBeLessThanOrEqual(3);
    for (let chunk = 1; chunk <= CHUNKS; chunk++) {
      const tries = watched.delivered(chunk).map((a) => a.outcome);
      // Once; twice only when the first try was broken off by the kill.
      expect(tries).toEqual(broken.includes(chunk) ? ['broken', 'answered'] : ['answered']);
    }
    const resent = watched.attempts.filter((a) => a.outcome !== 'refused').length - CHUNKS;
    expect(resent).toBe(broken.length);
    expect(await server.workspaces()).toBe(0);
  });

  it('after a "page reload" during the outage, a new engine resumes from the chunks the restarted server holds', async () => {
    const server = await serverFor('reload');
    const journal = createMemoryJournal(); // stands for localStorage: it outlives the page
    let killed: Promise<void> | null = null;
    const first = watchedTransport((stored) => {
      if (killed === null && stored.size === 5) killed = server.current().kill();
    });
    // The closed page: once the server is gone its backoff never ends.
    const abandoned = createUploader({ transport: first.transport, ...server.options(journal), sleep: () => new Promise(() => undefined) });
    void abandoned.upload(server.home, [file]);
    await until(() => killed !== null);
    await server.restart(killed as unknown as Promise<void>);
    first.serverUp();
    await until(() => first.attempts.every((a) => a.outcome !== 'pending'));
    const acknowledged = new Set(first.stored);

    const second = watchedTransport(() => undefined);
    const reloaded = createUploader({ transport: second.transport, ...server.options(journal) });
    const [record] = await reloaded.listUnfinished();
    expect(record).toMatchObject({ name: 'movie.bin', size: SIZE, lastModified: MTIME, chunkSize: CHUNK });
    const item = await reloaded.resumeUnfinished(record as NonNullable<typeof record>, file);

    expect(item).toMatchObject({ status: 'finished', chunksUploaded: CHUNKS });
    expect(await server.downloadSha1()).toBe(fileSha1);
    const broken = first.attempts.filter((a) => a.outcome === 'broken').map((a) => a.chunk);
    expect(broken.length).toBeLessThanOrEqual(3);
    for (let chunk = 1; chunk <= CHUNKS; chunk++) {
      const before = first.delivered(chunk).map((a) => a.outcome);
      const after = second.delivered(chunk).map((a) => a.outcome);
      if (acknowledged.has(chunk)) expect(after).toEqual([]); // held by the server: not sent again
      else if (broken.includes(chunk)) {
        // In flight at the kill: sent again, unless its body had reached the disk before the kill
        // cut the answer off, in which case the restarted server lists it and it is not sent again.
        expect(before).toEqual(['broken']);
        expect([[], ['answered']]).toContainEqual(after);
      }
      else expect([before, after]).toEqual([[], ['answered']]); // never reached the server before
    }
    expect(await journal.list()).toEqual([]);
    expect(await server.workspaces()).toBe(0);
  });
});
