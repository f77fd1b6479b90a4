import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { createServer, connect } from 'node:net';
import type { Server, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StartedServer } from '../../server/src/app';
import { startServer } from '../../server/src/app';
import { S3ObjectStore } from '../../server/src/storage/content/objects/s3-object-store';
import { keysUnder, s3TestConfig } from './s3-test-support';

/**
 * An object store that stalls (an OSD full, RGW taking requests and
 * answering none): a TCP proxy in front of RGW forwards until it is told to stall, then takes
 * connections and sends nothing either way. The server's every call to the store has a
 * timeout and bounded retries, so a client gets 503 with `Retry-After` within the retries'
 * timeouts, naming the call that timed out, instead of waiting for the store.
 */
const PASSWORD = 'admin-password';
/** The store's timeout and tries in this test: a stalled call fails after about 2 × 1 s. */
const TIMEOUT_MS = 1000;
const ATTEMPTS = 2;
/** What "within the timeout" allows: the tries' timeouts, the SDK's back-off between them, and a busy machine. */
const ANSWERED_WITHIN_MS = ATTEMPTS * TIMEOUT_MS + 3000;

const config = s3TestConfig();
const bucket = new S3ObjectStore(config);
let proxy: Server;
let stalled = false;
const sockets = new Set<Socket>();
let server: StartedServer;
let dataDir: string;
let dav: string;
const auth = { Authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` };

/** A proxy to RGW that, once `stalled`, forwards nothing more on any connection, old or new. */
async function startProxy(target: URL): Promise<string> {
  proxy = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (stalled) return;
    const upstream = connect(Number(target.port), target.hostname);
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('data', (data: Buffer) => {
      if (!stalled) upstream.write(data);
    });
    upstream.on('data', (data: Buffer) => {
      if (!stalled) client.write(data);
    });
  });
  await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
  const address = proxy.address();
  if (!address || typeof address === 'string') throw new Error('The proxy has no port');
  return `http://127.0.0.1:${address.port}`;
}

beforeAll(async () => {
  const endpoint = await startProxy(new URL(config.endpoint ?? ''));
  dataDir = await mkdtemp(join(tmpdir(), 'cumulus-s3-stalled-'));
  server = await startServer({ dataDir, adminPassword: PASSWORD, s3: { ...config, endpoint, timeoutMs: TIMEOUT_MS, maxAttempts: ATTEMPTS } });
  dav = `${server.url}/remote.php/dav/files/admin`;
}, 60_000);
afterAll(async () => {
  stalled = false;
  await server.close();
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((done) => proxy.close(() => done()));
  await bucket.delete(await keysUnder(bucket, ''));
  bucket.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

/** A request's answer and how long it took. */
async function timed(method: string, path: string, init: RequestInit = {}): Promise<{ response: Response; body: string; ms: number }> {
  const started = Date.now();
  const response = await fetch(path.startsWith('http') ? path : `${dav}${path}`, { method, ...init, headers: { ...auth, ...(init.headers as Record<string, string> | undefined) } });
  const body = await response.text();
  return { response, body, ms: Date.now() - started };
}

describe('a client that pauses', () => {
  it('gets the whole file when it stops reading a download for longer than the store\'s timeout', async () => {
    // A server of its own, straight on RGW, with a timeout a busy machine's 8 MiB parts meet.
    const timeoutMs = 2000;
    const dir = await mkdtemp(join(tmpdir(), 'cumulus-s3-paused-'));
    const patient = await startServer({ dataDir: dir, adminPassword: PASSWORD, s3: { ...config, timeoutMs, maxAttempts: 3 } });
    try {
      const body = randomBytes(48 * 1024 * 1024);
      const url = new URL(`${patient.url}/remote.php/dav/files/admin/big.bin`);
      expect((await fetch(url, { method: 'PUT', headers: auth, body: new Uint8Array(body) })).status).toBe(201);
      const received = await new Promise<Buffer>((done, failed) => {
        const request = get({ host: url.hostname, port: url.port, path: url.pathname, headers: auth }, (response) => {
          const parts: Buffer[] = [];
          let paused = false;
          response.on('data', (data: Buffer) => {
            parts.push(data);
            if (paused) return;
            // Once, early: longer than the store's timeout, with the rest of the object still in the store.
            paused = true;
            response.pause();
            setTimeout(() => response.resume(), 3 * timeoutMs);
          });
          response.on('end', () => done(Buffer.concat(parts)));
          response.on('error', failed);
        });
        request.on('error', failed);
      });
      expect(received.length).toBe(body.length);
      expect(received.equals(body)).toBe(true);
    } finally {
      await patient.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('a stalled object store', () => {
  it('answers reads, writes and the final MOVE of a chunked upload 503 with Retry-After within the timeout, naming the call', async () => {
    expect((await timed('PUT', '/kept.txt', { body: 'kept' })).response.status).toBe(201);
    const chunks = `${server.url}/remote.php/dav/uploads/admin/stalled-upload`;
    expect((await timed('MKCOL', chunks)).response.status).toBe(201);
    expect((await timed('PUT', `${chunks}/00001`, { body: 'chunk of the upload' })).response.status).toBe(201);

    stalled = true;
    const read = await timed('GET', '/kept.txt');
    expect(read.response.status).toBe(503);
    expect(read.response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(read.ms).toBeLessThan(ANSWERED_WITHIN_MS);
    expect(read.body).toContain(`The object store did not answer GetObject of urn:oid:`);
    expect(read.body).toContain(`within ${TIMEOUT_MS / 1000} s, ${ATTEMPTS} tries; try again later`);

    const write = await timed('PUT', '/new.txt', { body: 'new' });
    expect(write.response.status).toBe(503);
    expect(write.response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(write.ms).toBeLessThan(ANSWERED_WITHIN_MS);
    expect(write.body).toMatch(/did not answer PutObject of /);

    const assembled = await timed('MOVE', `${chunks}/.file`, { headers: { Destination: `${dav}/assembled.txt` } });
    expect(assembled.response.status).toBe(503);
    expect(assembled.response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(assembled.ms).toBeLessThan(ANSWERED_WITHIN_MS);
    expect(assembled.body).toMatch(/The object store did not answer \w+ (of|under) /);

    // Back: the same requests work again, and nothing of the refused ones was kept.
    stalled = false;
    for (const socket of sockets) socket.destroy();
    const again = await timed('GET', '/kept.txt');
    expect([again.response.status, again.body]).toEqual([200, 'kept']);
    expect((await timed('PROPFIND', '/new.txt', { headers: { Depth: '0' } })).response.status).toBe(404);
  }, 60_000);
});
