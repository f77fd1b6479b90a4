import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import type { ServerProcess } from '../support/serverProcess';
import { startServerProcess } from '../support/serverProcess';
import { readEvents } from '../support/eventStream';
import { basic } from '../server/helpers';
import { CONTENT_ON_S3 } from '../support/stored-files';
import type { BalancedPair, Balancer } from './nginx-balancer';
import { startBalancedPair } from './nginx-balancer';

/**
 * Operating the scale-out mode on nginx started from the documented file itself
 * (server/deploy/nginx-cumulus.conf, only its ports changed): the push WebSocket and the
 * live-changes feed through the proxy, a rolling restart under load that never answers 502, and
 * a MOVE whose process is killed after its commit, which the proxy does not re-send to the
 * other process (that replay answered 404 for a move that happened). PostgreSQL, two
 * `cumulus serve` processes on one data dir, all on loopback.
 */
const PASSWORD = 'admin-password';
const ADMIN = basic('admin', PASSWORD);
const FILES = '/remote.php/dav/files/admin';

let pair: BalancedPair;
let dataDir: string;
let env: Record<string, string>;
let servers: ServerProcess[] = [];
let ports: number[] = [];
let balancer: Balancer;

beforeAll(async () => {
  pair = await startBalancedPair('nginx-ops', PASSWORD, {
    CUMULUS_CHANGES_POLL_MS: '100',
    // Whichever process takes the MOVE of the last test dies right after committing it.
    CUMULUS_TEST_CRASH_AT: 'move:after-commit',
  });
  ({ dataDir, env, servers, balancer } = pair);
  ports = servers.map((server) => Number(new URL(server.url).port));
}, 120_000);

afterAll(() => pair?.stop());

const call = (method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}): Promise<Response> =>
  fetch(balancer.url + path, { method, headers: { authorization: ADMIN, ...init.headers }, ...(init.body !== undefined ? { body: init.body } : {}) });

const wait = (ms: number): Promise<void> => new Promise((wake) => setTimeout(wake, ms));

describe('the documented nginx in front of two processes', () => {
  it('carries the push WebSocket (notify_push) at the address the capabilities announce', async () => {
    const capabilities = await call('GET', '/ocs/v2.php/cloud/capabilities?format=json', { headers: { 'OCS-APIRequest': 'true' } });
    const body = (await capabilities.json()) as { ocs: { data: { capabilities: { notify_push: { endpoints: { websocket: string } } } } } };
    const endpoint = body.ocs.data.capabilities.notify_push.endpoints.websocket;
    expect(endpoint).toBe(`${balancer.url.replace('http', 'ws')}/push/ws`);
    const ws = new WebSocket(endpoint);
    const messages: string[] = [];
    ws.on('message', (data) => void messages.push(data.toString()));
    await new Promise<void>((opened, failed) => {
      ws.once('open', () => opened());
      ws.once('error', failed);
    });
    const until = async (count: number): Promise<string[]> => {
      for (let i = 0; messages.length < count && i < 200; i += 1) await wait(50);
      return messages;
    };
    ws.send('admin');
    ws.send(PASSWORD);
    expect(await until(1)).toEqual(['authenticated']);
    // A change on either process reaches the socket, whichever process holds it.
    for (let i = 0; i < 2; i += 1) expect((await call('PUT', `${FILES}/pushed-${i}.txt`, { body: 'x' })).status).toBe(201);
    expect((await until(2))[1]).toBe('notify_file');
    ws.close();
  }, 60_000);

  it('streams the live-changes feed as it comes', async () => {
    const controller = new AbortController();
    const feed = await fetch(`${balancer.url}/apps/files/api/v1/changes`, { headers: { authorization: ADMIN, accept: 'text/event-stream' }, signal: controller.signal });
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const stream = readEvents(feed);
    await stream.until((events) => events.some(({ event }) => event === 'ready'), 'the ready event');
    expect((await call('PUT', `${FILES}/fed.txt`, { body: 'x' })).status).toBe(201);
    await stream.until((events) => events.some(({ event, data }) => event === 'node' && data.includes('"/fed.txt"')), 'the event of /fed.txt');
    await stream.close();
    controller.abort();
  }, 60_000);

  it('restarts both processes one after the other under load without a single 502', async () => {
    expect((await call('MKCOL', `${FILES}/rolling`)).status).toBe(201);
    let stop = false;
    const statuses = new Map<number, number>();
    const failures = new Map<string, number>();
    const count = (status: number, method: string): void => {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status >= 500) failures.set(`${method} ${status}`, (failures.get(`${method} ${status}`) ?? 0) + 1);
    };
    const worker = async (id: number): Promise<void> => {
      for (let i = 0; !stop; i += 1) {
        const put = await call('PUT', `${FILES}/rolling/w${id}-${i % 5}.txt`, { body: `${id} ${i}` });
        count(put.status, 'PUT');
        const listing = await call('PROPFIND', `${FILES}/rolling/`, { headers: { depth: '1' } });
        await listing.arrayBuffer();
        count(listing.status, 'PROPFIND');
        const got = await call('GET', `${FILES}/rolling/w${id}-${i % 5}.txt`);
        await got.arrayBuffer();
        count(got.status, 'GET');
      }
    };
    const load = [worker(0), worker(1), worker(2)];
    // The documented rolling restart: SIGTERM (the process drains), start it again, wait until its
    // status.php answers 200 and the proxy's fail_timeout has passed, then the next one.
    for (const index of [0, 1]) {
      await wait(500);
      await servers[index]?.stop();
      const restarted = await startServerProcess(dataDir, env, { port: ports[index] });
      servers[index] = restarted;
      for (let i = 0; (await fetch(`${restarted.url}/status.php`).then((r) => r.status, () => 0)) !== 200 && i < 100; i += 1) await wait(100);
      await wait(2000);
    }
    stop = true;
    await Promise.all(load);
    expect(Object.fromEntries(failures)).toEqual({});
    expect(statuses.get(207) ?? 0).toBeGreaterThan(10);
  }, 120_000);

  it('does not re-send a MOVE of 2,000 files whose process was killed after committing it: the move happened, never a 404 for it', async () => {
    const folders = 20;
    const perFolder = 100;
    const names = Array.from({ length: folders * perFolder }, (_, i) => `d${i % folders}/f${Math.floor(i / folders)}.txt`);
    if (CONTENT_ON_S3) {
      // Content in a bucket: through WebDAV (8 at a time).
      expect((await call('MKCOL', `${FILES}/tree`)).status).toBe(201);
      for (let d = 0; d < folders; d += 1) expect((await call('MKCOL', `${FILES}/tree/d${d}`)).status).toBe(201);
      let next = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < names.length) {
            const name = names[next++] as string;
            expect((await call('PUT', `${FILES}/tree/${name}`, { body: name })).status).toBe(201);
          }
        }),
      );
    } else {
      // On the shared data directory, written there and listed once (quicker than 2,000 PUTs).
      for (let d = 0; d < folders; d += 1) await mkdir(join(dataDir, 'files', 'admin', 'tree', `d${d}`), { recursive: true });
      await Promise.all(names.map((name) => writeFile(join(dataDir, 'files', 'admin', 'tree', name), name)));
      expect((await call('PROPFIND', `${FILES}/tree/`, { headers: { depth: '1' } })).status).toBe(207);
      for (let d = 0; d < folders; d += 1) {
        const listing = await call('PROPFIND', `${FILES}/tree/d${d}/`, { headers: { depth: '1' } });
        expect([...(await listing.text()).matchAll(/<d:href>[^<]*\/f\d+\.txt<\/d:href>/g)]).toHaveLength(perFolder);
      }
    }
    const moved = await call('MOVE', `${FILES}/tree`, { headers: { destination: `${balancer.url}${FILES}/moved` } });
    // The process died between the commit and the answer: the proxy says so (502) rather than
    // passing the MOVE to the other process, which would find no source and answer 404.
    expect(moved.status).not.toBe(404);
    expect(moved.status).toBe(502);
    const ended = await Promise.race(servers.map((server) => server.exited));
    expect(ended.signal).toBe('SIGKILL');
    // The real outcome, as the client then finds it: moved, whole.
    expect((await call('PROPFIND', `${FILES}/tree`, { headers: { depth: '0' } })).status).toBe(404);
    const listing = await call('PROPFIND', `${FILES}/moved/d7/`, { headers: { depth: '1' } });
    expect(listing.status).toBe(207);
    expect([...(await listing.text()).matchAll(/<d:href>[^<]*\/moved\/d7\/f\d+\.txt<\/d:href>/g)]).toHaveLength(perFolder);
    const file = await call('GET', `${FILES}/moved/d19/f99.txt`);
    expect([file.status, await file.text()]).toEqual([200, 'd19/f99.txt']);
  }, 180_000);
});
