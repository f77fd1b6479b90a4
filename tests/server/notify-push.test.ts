import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WebSocket } from 'ws';
import type { TestServer } from './helpers';
import { ADMIN, ADMIN_PASSWORD, request, startTestServer } from './helpers';

/** A notify_push client as Nextcloud's desktop client is one: the messages it got, waited for by count. */
function connect(url: string) {
  const ws = new WebSocket(url);
  const messages: string[] = [];
  let closed = false;
  ws.on('message', (data) => void messages.push(data.toString()));
  ws.on('close', () => void (closed = true));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    messages,
    opened,
    isClosed: () => closed,
    async waitFor(count: number, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`Expected ${count} messages, got ${JSON.stringify(messages)}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return messages;
    },
  };
}

let server: TestServer;
let endpoint: string;

beforeAll(async () => {
  server = await startTestServer({ changeFeed: { pollIntervalMs: 50 } });
  await server.built.accounts.users.create({ uid: 'bob', password: 'bob-password' });
  const answer = await request(server, '/ocs/v2.php/cloud/capabilities?format=json', { headers: { 'OCS-APIRequest': 'true' } });
  const body = (await answer.json()) as { ocs: { data: { capabilities: { notify_push: { type: string[]; endpoints: { websocket: string } } } } } };
  endpoint = body.ocs.data.capabilities.notify_push.endpoints.websocket;
});
afterAll(async () => server.stop());

const put = (auth: string, user: string, path: string) => request(server, `/remote.php/dav/files/${user}${path}`, { method: 'PUT', headers: { authorization: auth }, body: 'x' });

describe("Nextcloud's notify_push protocol (Client Push)", () => {
  it('is announced in the capabilities with the WebSocket URL of the server the client reached', () => {
    expect(endpoint).toBe(`ws://127.0.0.1:${server.port}/push/ws`);
  });

  it('authenticates with user name and password, then says notify_file when the user\'s files change, never for another user', async () => {
    const client = connect(endpoint);
    await client.opened;
    client.ws.send('admin');
    client.ws.send(ADMIN_PASSWORD);
    expect(await client.waitFor(1)).toEqual(['authenticated']);
    expect((await put(`Basic ${Buffer.from('bob:bob-password').toString('base64')}`, 'bob', '/bobs.txt')).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(client.messages).toEqual(['authenticated']);
    expect((await put(ADMIN, 'admin', '/one.txt')).status).toBe(201);
    expect((await put(ADMIN, 'admin', '/two.txt')).status).toBe(201);
    // A burst is one hint to sync.
    expect(await client.waitFor(2)).toEqual(['authenticated', 'notify_file']);
    client.ws.close();
  });

  it('sends the changed file ids to a client that asks for them', async () => {
    const client = connect(endpoint);
    await client.opened;
    client.ws.send('admin');
    client.ws.send(ADMIN_PASSWORD);
    await client.waitFor(1);
    client.ws.send('listen notify_file_id');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const written = await put(ADMIN, 'admin', '/three.txt');
    const fileid = Number(written.headers.get('oc-fileid')?.slice(0, 8));
    const [, message] = await client.waitFor(2);
    expect(message).toMatch(/^notify_file_id \[\d+\]$/);
    expect(JSON.parse(message!.slice('notify_file_id '.length))).toEqual([fileid]);
    client.ws.close();
  });

  it('refuses wrong credentials with the protocol\'s error and closes', async () => {
    const client = connect(endpoint);
    await client.opened;
    client.ws.send('admin');
    client.ws.send('wrong password');
    expect(await client.waitFor(1)).toEqual(['err: Invalid credentials']);
    const deadline = Date.now() + 5000;
    while (!client.isClosed() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(client.isClosed()).toBe(true);
  });
});
