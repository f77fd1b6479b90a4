import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestServer } from './helpers';
import { ADMIN, basic, request, signIn, startTestServer } from './helpers';
import { readEvents } from '../support/eventStream';

const FEED = '/apps/files/api/v1/changes';
let server: TestServer;
const BOB = basic('bob', 'bob-password');

beforeAll(async () => {
  server = await startTestServer({ changeFeed: { pollIntervalMs: 50 } });
  await server.built.accounts.users.create({ uid: 'bob', password: 'bob-password' });
});
afterAll(async () => server.stop());

const put = (auth: string, path: string, text: string) => request(server, `/remote.php/dav/files/${auth === ADMIN ? 'admin' : 'bob'}${path}`, { method: 'PUT', headers: { authorization: auth }, body: text });

describe('the change feed over HTTP (Server-Sent Events)', () => {
  it('refuses a request without credentials with 401, and a malformed Last-Event-ID with 400', async () => {
    const anonymous = await request(server, FEED);
    expect(anonymous.status).toBe(401);
    const bad = await request(server, FEED, { headers: { authorization: ADMIN, 'last-event-id': 'abc' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'Last-Event-ID must be a change id (digits).' });
  });

  it('streams a WebDAV PUT to the signed-in browser as a node event with the folder, node id and etag', async () => {
    const session = await signIn(server);
    const response = await request(server, FEED, { headers: { cookie: session.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBeNull();
    const stream = readEvents(response);
    const [ready] = await stream.waitFor(1);
    expect(ready?.event).toBe('ready');
    const written = await put(ADMIN, '/live.txt', 'hello');
    expect(written.status).toBe(201);
    const [, node] = await stream.waitFor(2);
    expect(node?.event).toBe('node');
    expect(Number(node?.id)).toBeGreaterThan(Number(ready?.id));
    expect(JSON.parse(node?.data ?? '')).toEqual({ folder: '/', path: '/live.txt', fileid: expect.any(Number), type: 'file', etag: expect.any(String) });
    expect(JSON.parse(node?.data ?? '').etag).toBe(written.headers.get('etag')?.replace(/"/g, ''));
    await stream.close();
  });

  it('replays the changes after Last-Event-ID, never another user\'s', async () => {
    const first = readEvents(await request(server, FEED, { headers: { authorization: BOB } }));
    const [ready] = await first.waitFor(1);
    await first.close();
    await put(ADMIN, '/admins.txt', 'not for bob');
    await put(BOB, '/bobs.txt', 'for bob');
    await request(server, '/remote.php/dav/files/bob/bobs.txt', { method: 'DELETE', headers: { authorization: BOB } });
    const again = readEvents(await request(server, FEED, { headers: { authorization: BOB, 'last-event-id': ready?.id ?? '' } }));
    const events = await again.waitFor(2);
    expect(events.map((event) => [event.event, JSON.parse(event.data).path, JSON.parse(event.data).deleted])).toEqual([
      ['node', '/bobs.txt', undefined],
      ['node', '/bobs.txt', true],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(again.events).toHaveLength(2);
    await again.close();
  });

  it('tells other sessions of a PROPPATCH (favorite, dead property) and the favorite switch, with the etag they hold; a refused PROPPATCH tells nothing', async () => {
    const written = await put(BOB, '/fav.txt', 'star me');
    const etag = written.headers.get('etag')?.replace(/"/g, '');
    const stream = readEvents(await request(server, FEED, { headers: { authorization: BOB } }));
    const [ready] = await stream.waitFor(1);
    const proppatch = (prop: string) =>
      request(server, '/remote.php/dav/files/bob/fav.txt', {
        method: 'PROPPATCH',
        headers: { authorization: BOB, 'content-type': 'application/xml' },
        body: `<?xml version="1.0"?><d:propertyupdate xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns" xmlns:x="urn:example"><d:set><d:prop>${prop}</d:prop></d:set></d:propertyupdate>`,
      });
    expect((await proppatch('<oc:favorite>1</oc:favorite>')).status).toBe(207);
    const [, favorite] = await stream.waitFor(2);
    expect(favorite?.event).toBe('node');
    expect(JSON.parse(favorite?.data ?? '')).toEqual({ folder: '/', path: '/fav.txt', fileid: expect.any(Number), type: 'file', etag, properties: true });
    // Refused (409 inside the multistatus): nothing changed, nothing told.
    expect(await (await proppatch('<oc:favorite>maybe</oc:favorite>')).text()).toContain('409');
    expect((await proppatch('<x:colour>blue</x:colour>')).status).toBe(207);
    const switched = await request(server, '/apps/files/api/v1/files/fav.txt', {
      method: 'POST',
      headers: { authorization: BOB, 'content-type': 'application/json' },
      body: JSON.stringify({ tags: [] }),
    });
    expect(switched.status).toBe(200);
    const events = await stream.waitFor(4);
    expect(events.slice(2).map((event) => JSON.parse(event.data))).toEqual([
      { folder: '/', path: '/fav.txt', fileid: expect.any(Number), type: 'file', etag, properties: true },
      { folder: '/', path: '/fav.txt', fileid: expect.any(Number), type: 'file', etag, properties: true },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stream.events).toHaveLength(4);
    await stream.close();
    // The table keeps the mark: a reconnecting client replays it as it was sent.
    const again = readEvents(await request(server, FEED, { headers: { authorization: BOB, 'last-event-id': ready?.id ?? '' } }));
    const replayed = await again.waitFor(3);
    expect(replayed.map((event) => JSON.parse(event.data).properties)).toEqual([true, true, true]);
    expect(replayed.map((event) => JSON.parse(event.data).from)).toEqual([undefined, undefined, undefined]);
    await again.close();
  });

  it('forgets a connection whose client went away', async () => {
    const stream = readEvents(await request(server, FEED, { headers: { authorization: BOB } }));
    await stream.waitFor(1);
    const before = server.built.changes.connectionCount();
    await stream.close();
    const deadline = Date.now() + 5000;
    while (server.built.changes.connectionCount() >= before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.built.changes.connectionCount()).toBe(before - 1);
  });
});
