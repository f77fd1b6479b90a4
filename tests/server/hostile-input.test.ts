import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { TestServer } from './helpers';
import { ADMIN, remove, startTestServer } from './helpers';
import { rawRequest, rawSocketAnswer, rawSocketStatus } from './raw-http';

describe('hostile input on the platform routes', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'cumulus-dist-'));
    await mkdir(join(dist, 'shell'), { recursive: true });
    await mkdir(join(dist, 'plugins'), { recursive: true });
    await writeFile(join(dist, 'shell', 'index.html'), '<html><head></head><body>app</body></html>');
    // A secret beside the static roots that no path may reach.
    await writeFile(join(dist, 'secret.txt'), 'TOP SECRET');
    server = await startTestServer({ distDir: dist });
  });
  afterAll(async () => {
    await server.stop();
    await remove(dist);
  });

  const traversals = [
    '/apps/files/../secret.txt',
    '/apps/files/%2e%2e/secret.txt',
    '/apps/files/%2E%2E/%2e%2e/secret.txt',
    '/apps/files/plugins/../secret.txt',
    '/apps/files/plugins/%2e%2e/secret.txt',
    '/apps/files/plugins/..%2fsecret.txt',
    '/apps/files/plugins/..%5csecret.txt',
    '/apps/files/plugins/x%00.js',
    '/apps/files/plugins/%c0%ae%c0%ae/secret.txt',
    '/apps/files/..\\secret.txt',
  ];

  it.each(traversals)('never serves a file outside the static roots: %s', async (path) => {
    const response = await rawRequest(server.url, 'GET', path, { authorization: ADMIN });
    expect(response.body).not.toContain('TOP SECRET');
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  it('refuses a header section of 100 kB with 431 and keeps serving', async () => {
    const status = await rawSocketStatus(server.url, `GET /status.php HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(100_000)}\r\n\r\n`);
    expect(status).toBe(431);
    expect((await rawRequest(server.url, 'GET', '/status.php')).status).toBe(200);
  });

  it('answers 431 to a client still sending a body behind oversized headers, then closes without a reset', async () => {
    // Closing at once with the body unread made the kernel reset the connection: the client got a broken pipe, not its 431.
    const { port } = new URL(server.url);
    const outcome = await new Promise<{ answer: string; events: string[] }>((done) => {
      const socket = connect({ host: '127.0.0.1', port: Number(port) });
      let answer = '';
      const events: string[] = [];
      socket.setEncoding('latin1');
      socket.on('connect', () => {
        socket.write(`PUT /remote.php/dav/files/admin/big.bin HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(40_000)}\r\nContent-Length: ${8 << 20}\r\n\r\n`);
        socket.write(Buffer.alloc(8 << 20, 1));
      });
      socket.on('data', (text: string) => (answer += text));
      socket.on('end', () => events.push('end'));
      socket.on('error', (error: Error & { code?: string }) => events.push(`error ${error.code ?? error.message}`));
      socket.on('close', () => done({ answer, events }));
    });
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(outcome.events).toEqual(['end']);
    expect((await rawRequest(server.url, 'GET', '/status.php')).status).toBe(200);
  });

  it('closes the connection after a request it cannot parse, and says so', async () => {
    // A keep-alive client that is not told reuses the closed socket and gets a reset for its next request.
    for (const bytes of [
      'FOO /status.php HTTP/1.1\r\nHost: x\r\n\r\n',
      `GET /status.php HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`,
      'GET /status.php HTTP/1.1\r\nHost: x\r\nno colon\r\n\r\n',
    ]) {
      const answer = await rawSocketAnswer(server.url, bytes);
      expect(answer).toMatch(/^HTTP\/1\.1 4\d\d /);
      expect(answer.toLowerCase()).toContain('\r\nconnection: close\r\n');
    }
  });

  it('refuses an oversized JSON body with 413', async () => {
    const response = await rawRequest(
      server.url,
      'PUT',
      '/apps/files/api/v1/config/grid_view',
      { authorization: ADMIN, 'content-type': 'application/json' },
      JSON.stringify({ value: true, padding: 'x'.repeat(200_000) }),
    );
    expect(response.status).toBe(413);
  });

  it('refuses malformed percent-encoding with 400', async () => {
    const response = await rawRequest(server.url, 'GET', '/apps/files/%E0%A4%A', { authorization: ADMIN });
    expect(response.status).toBe(400);
  });

  it('answers wrong methods on platform routes with 405, never 500', async () => {
    for (const [method, path] of [
      ['POST', '/status.php'],
      ['DELETE', '/login'],
      ['PUT', '/ocs/v2.php/cloud/capabilities'],
      ['PATCH', '/apps/files/api/v1/views'],
      ['DELETE', '/core/preview'],
    ] as const) {
      const response = await rawRequest(server.url, method, path, { authorization: ADMIN });
      expect(response.status).toBe(405);
    }
  });

  it('does not let a session cookie of garbage or a bogus Authorization scheme in', async () => {
    expect((await rawRequest(server.url, 'GET', '/apps/files/api/v1/stats', { cookie: 'cumulus_session=%%%; other=1' })).status).toBe(401);
    expect((await rawRequest(server.url, 'GET', '/apps/files/api/v1/stats', { authorization: 'Bearer abc' })).status).toBe(401);
    expect((await rawRequest(server.url, 'GET', '/apps/files/api/v1/stats', { authorization: `Basic ${'A'.repeat(5000)}` })).status).toBe(401);
  });

  it('keeps a NUL or control characters in a login from causing a server error', async () => {
    const auth = `Basic ${Buffer.from('adm\u0000in:x').toString('base64')}`;
    expect((await rawRequest(server.url, 'GET', '/apps/files/api/v1/stats', { authorization: auth })).status).toBe(401);
  });
});
