import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Agent, request } from 'node:http';
import type { TestServer } from './helpers';
import { ADMIN, startTestServer } from './helpers';

/**
 * A request refused before its body was read whole (an XML body over its 1 MiB limit, a
 * PUT past the quota) must not stall the next request on the same kept-alive connection:
 * the rest of the refused body is read and dropped, and the next request is answered.
 * (The fuzz test once met this as "no answer within 20000 ms" for whatever followed.)
 */
describe('a kept-alive connection after a request refused mid-body', () => {
  let server: TestServer;
  // One socket: every request of a test goes over the same connection.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const files = '/remote.php/dav/files/admin';

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    agent.destroy();
    await server.stop();
  });

  interface Answer {
    status: number;
    body: string;
  }

  function send(method: string, path: string, headers: Record<string, string> = {}, body?: Buffer, withLength = true): Promise<Answer> {
    const { hostname, port } = new URL(server.url);
    return new Promise((done, fail) => {
      const all = { authorization: ADMIN, ...(body && withLength ? { 'content-length': String(body.length) } : {}), ...headers };
      const req = request({ hostname, port, method, path, headers: all, agent, timeout: 5_000 }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer within 5 s`)));
      req.on('error', fail);
      req.end(body);
    });
  }

  const tooLarge = Buffer.alloc(3 * 1024 * 1024, 'x');

  it.each([
    ['PROPFIND', files, { depth: '0' }],
    ['PROPPATCH', files, {}],
    ['LOCK', `${files}/locked.txt`, {}],
    ['REPORT', files, {}],
    ['SEARCH', '/remote.php/dav/', {}],
  ] as [string, string, Record<string, string>][])('%s with a body over 1 MiB is 400, and the next request on the connection is answered', async (method, path, headers) => {
    const refused = await send(method, path, headers, tooLarge);
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('Request body too large');
    // One socket in the agent: the next request waits for that connection to be free (or closed), and a stalled one never answers.
    const next = await send('PROPFIND', files, { depth: '0' });
    expect(next.status).toBe(207);
  });

  it('a PUT past the quota, sent without a length, is 507 and stores nothing, and the next request on the connection is answered', async () => {
    await server.built.accounts.users.create({ uid: 'quinn', password: 'quinn-password', quota: 1024 * 1024 });
    const quinn = `Basic ${Buffer.from('quinn:quinn-password').toString('base64')}`;
    // No Content-Length: the body comes chunked, so the quota is only passed while it is read.
    const refused = await send('PUT', '/remote.php/dav/files/quinn/big.bin', { authorization: quinn, 'transfer-encoding': 'chunked' }, tooLarge, false);
    expect(refused.status).toBe(507);
    const next = await send('PROPFIND', '/remote.php/dav/files/quinn/big.bin', { authorization: quinn, depth: '0' });
    expect(next.status).toBe(404);
  });
});
