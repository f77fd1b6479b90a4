import { Agent, request as httpRequest } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from '@jest/globals';
import { CLOSE_GRACE_MS } from '../../server/src/app';
import { ADMIN, request, startTestServer } from './helpers';

/**
 * Stopping the server (SIGTERM, the CLI, a test's afterAll) must end in bounded time whatever
 * its clients do: idle kept-alive connections close at once, an answer still being sent gets
 * a grace, then its connection is cut.
 */
const FILES = '/remote.php/dav/files/admin';

/** A GET whose answer is never read past its headers: the client holds the socket, the server's writes back up. */
function stalledDownload(url: string, agent: Agent): Promise<IncomingMessage> {
  return new Promise((done, fail) => {
    const outgoing = httpRequest(url, { headers: { authorization: ADMIN }, agent }, (incoming) => {
      incoming.pause();
      done(incoming);
    });
    outgoing.on('error', fail);
    outgoing.end();
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
    const big = Buffer.alloc(64 * 1024 * 1024, 1);
    expect((await request(server, `${FILES}/big.bin`, { method: 'PUT', headers: { authorization: ADMIN }, body: big })).status).toBe(201);
    const agent = new Agent({ keepAlive: true });
    const incoming = await stalledDownload(`${server.url}${FILES}/big.bin`, agent);
    expect(incoming.statusCode).toBe(200);
    const cut = new Promise<void>((done) => incoming.once('close', () => done()));
    const started = Date.now();
    await server.stop();
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(CLOSE_GRACE_MS - 100);
    expect(took).toBeLessThan(CLOSE_GRACE_MS + 5_000);
    incoming.resume();
    await cut;
    // The download was cut short, not completed.
    expect(incoming.complete).toBe(false);
    agent.destroy();
  });
});
