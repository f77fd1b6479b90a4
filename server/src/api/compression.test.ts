import { describe, expect, it } from '@jest/globals';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { chooseCoding, installCompression, isCompressible } from './compression';

const MULTISTATUS = `<?xml version="1.0"?><d:multistatus xmlns:d="DAV:">${'<d:response><d:href>/remote.php/dav/files/a/x</d:href></d:response>'.repeat(500)}</d:multistatus>`;

async function appWithRoutes() {
  const app = Fastify();
  installCompression(app);
  app.get('/xml', async (_request, reply) => reply.code(207).type('application/xml; charset=utf-8').header('vary', 'Brief,Prefer').send(MULTISTATUS));
  app.get('/json', async () => ({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `node ${i}` })) }));
  app.get('/small', async (_request, reply) => reply.type('text/plain').send('tiny'));
  app.get('/stream', async (_request, reply) => reply.type('text/javascript').send(Readable.from([Buffer.from('const a = 1;\n'.repeat(400))])));
  app.get('/remote.php/dav/files/a/big.txt', async (_request, reply) => reply.type('text/plain').send('file content\n'.repeat(400)));
  app.get('/image', async (_request, reply) => reply.type('image/png').send(Buffer.alloc(4096)));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

/** A GET over real HTTP (light-my-request does not load under jest's ESM mode), body left as sent. */
function get(app: FastifyInstance, url: string, headers: Record<string, string> = {}): Promise<{ statusCode: number; headers: Record<string, string | string[] | undefined>; rawPayload: Buffer; body: string }> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: url, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const rawPayload = Buffer.concat(chunks);
        resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, rawPayload, body: rawPayload.toString() });
      });
    })
      .on('error', reject)
      .end();
  });
}

describe('response compression', () => {
  it('prefers brotli, falls back to gzip, honours q=0 and *', () => {
    expect(chooseCoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseCoding('gzip, deflate')).toBe('gzip');
    expect(chooseCoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseCoding('*')).toBe('br');
    expect(chooseCoding('identity')).toBeNull();
    expect(chooseCoding(undefined)).toBeNull();
  });

  it('compresses a multistatus with brotli, without Content-Length, varying on Accept-Encoding', async () => {
    const app = await appWithRoutes();
    const response = await get(app, '/xml', { 'accept-encoding': 'gzip, br' });
    expect(response.statusCode).toBe(207);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.headers['vary']).toBe('Brief,Prefer, Accept-Encoding');
    expect(response.rawPayload.length).toBeLessThan(MULTISTATUS.length / 10);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(MULTISTATUS);
    await app.close();
  });

  it('gzips JSON and streamed scripts for a gzip-only client', async () => {
    const app = await appWithRoutes();
    const json = await get(app, '/json', { 'accept-encoding': 'gzip' });
    expect(json.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(json.rawPayload).toString()).items).toHaveLength(200);
    const stream = await get(app, '/stream', { 'accept-encoding': 'gzip' });
    expect(stream.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(stream.rawPayload).toString()).toBe('const a = 1;\n'.repeat(400));
    await app.close();
  });

  it('leaves alone clients without Accept-Encoding, small bodies, images and file contents under /remote.php', async () => {
    const app = await appWithRoutes();
    const plain = await get(app, '/xml');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(MULTISTATUS);
    for (const url of ['/small', '/image', '/remote.php/dav/files/a/big.txt']) {
      const response = await get(app, url, { 'accept-encoding': 'br, gzip' });
      expect(response.headers['content-encoding']).toBeUndefined();
    }
    await app.close();
  });

  it('never compresses partial, empty or HEAD answers', () => {
    const reply = (statusCode: number, headers: Record<string, string> = { 'content-type': 'text/plain' }) => ({ statusCode, getHeader: (name: string) => headers[name] });
    expect(isCompressible({ method: 'GET', url: '/a' }, reply(200))).toBe(true);
    expect(isCompressible({ method: 'PROPFIND', url: '/remote.php/dav/files/a/' }, reply(207, { 'content-type': 'application/xml' }))).toBe(true);
    expect(isCompressible({ method: 'GET', url: '/a' }, reply(206))).toBe(false);
    expect(isCompressible({ method: 'GET', url: '/a' }, reply(304))).toBe(false);
    expect(isCompressible({ method: 'HEAD', url: '/a' }, reply(200))).toBe(false);
    expect(isCompressible({ method: 'GET', url: '/a' }, reply(200, { 'content-type': 'text/plain', 'content-length': '100' }))).toBe(false);
  });
});

describe('a client that leaves mid-answer', () => {
  it('is logged at debug level, not as a failure to compress', async () => {
    const lines: { level: number; msg: string }[] = [];
    const app = Fastify({ logger: { level: 'debug', stream: { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) } } });
    installCompression(app);
    // An answer that never ends by itself: only the client's leaving stops it.
    app.get('/endless', async (_request, reply) => reply.type('text/plain').send(new Readable({ read() { this.push(Buffer.from('line of text\n'.repeat(1000))); } })));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    await new Promise<void>((done) => {
      const req = request({ host: '127.0.0.1', port, path: '/endless', headers: { 'accept-encoding': 'gzip' } }, (response) => {
        response.once('data', () => req.destroy());
        response.on('error', () => undefined);
      });
      req.on('error', () => undefined);
      req.on('close', () => done());
      req.end();
    });
    await new Promise((done) => setTimeout(done, 200));
    await app.close();
    expect(lines.filter((line) => line.level >= 40).map((line) => line.msg)).toEqual([]);
    expect(lines.map((line) => line.msg)).toContain('The client left before a compressed answer ended');
  });
});
