import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import { CLOSE_GRACE_MS } from '../../server/src/app';
import { ADMIN, request, startTestServer } from './helpers';

/**
 * Stopping the server (SIGTERM, the CLI, a test's afterAll) must end in bounded time whatever
 * its clients do: idle kept-alive connections close at once, an answer still being sent gets
 * a grace, then its connection is cut.
 */
const FILES = '/remote.php/dav/files/admin';

/**
 * A GET whose answer is never read past its headers, on a plain socket (no HTTP client library
 * in between that could read on by itself): the server's writes back up.
 */
function stalledDownload(url: string, path: string): Promise<{ socket: Socket; head: string; bodyStart: number }> {
  const { hostname, port } = new URL(url);
  return new Promise((done, fail) => {
    const socket = connect(Number(port), hostname);
    let received = Buffer.alloc(0);
    const onData = (chunk: Buffer): void => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      socket.pause();
      done({ socket, head: received.subarray(0, end).toString('latin1'), bodyStart: received.length - end - 4 });
    };
    socket.on('error', fail);
    socket.on('data', onData);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: ${ADMIN}\r\n\r\n`);
  });
}

describe('stopping the server', () => {
  it('closes idle kept-alive connections at once', async () => {
    const server = await startTestServer();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const answered = await new Promise<number>((done, fail) => {
      httpRequest(`${server.url}/status.php`, { agent }, (incoming) => {
        incoming.resume();
        incoming.on('end', () => done(incoming.statusCode ?? 0));
      }).on('error', fail).end();
    });
    expect(answered).toBe(200);
    const started = Date.now();
    await server.stop();
    expect(Date.now() - started).toBeLessThan(CLOSE_GRACE_MS);
    agent.destroy();
  });

  it('cuts an answer its client stopped reading once the grace is over', async () => {
    const server = await startTestServer();
    // Far more than the socket buffers on both sides hold.
    const size = 128 * 1024 * 1024;
    expect((await request(server, `${FILES}/big.bin`, { method: 'PUT', headers: { authorization: ADMIN }, body: Buffer.alloc(size, 1) })).status).toBe(201);
    const { socket, head, bodyStart } = await stalledDownload(server.url, `${FILES}/big.bin`);
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    const started = Date.now();
    await server.stop();
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(CLOSE_GRACE_MS - 100);
    expect(took).toBeLessThan(CLOSE_GRACE_MS + 5_000);
    // The download was cut short, not completed: what the buffers held, then the end.
    let body = bodyStart;
    const closed = new Promise((ended) => socket.once('close', ended));
    socket.on('data', (chunk: Buffer) => void (body += chunk.length));
    socket.on('error', () => undefined);
    socket.resume();
    await closed;
    expect(body).toBeLessThan(size);
  });
});
