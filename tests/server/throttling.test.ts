import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestServer } from './helpers';
import { ADMIN_PASSWORD, basic, request, startTestServer } from './helpers';

/** The status of an authenticated API request, sent with extra headers. */
async function statsStatus(server: TestServer, authorization: string, headers: Record<string, string> = {}): Promise<number> {
  const response = await request(server, '/apps/files/api/v1/stats', { headers: { authorization, ...headers } });
  await response.arrayBuffer();
  return response.status;
}

function count(statuses: number[], status: number): number {
  return statuses.filter((s) => s === status).length;
}

describe('sign-in throttling against parallel bursts (10 per address and login, 11 per address)', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The address limit just above the login limit: a burst that gets more than 10 checks through
    // would trip it and lock every login at this address.
    server = await startTestServer({ throttleMaxFailures: 10, throttleMaxFailuresPerIp: 11 });
    await server.built.accounts.users.create({ uid: 'target', password: 'target-password' });
    await server.built.accounts.users.create({ uid: 'bystander', password: 'bystander-password' });
  });
  afterAll(() => server.stop());

  it('checks at most 10 of 100 parallel wrong passwords: the others get 429 unchecked', async () => {
    const statuses = await Promise.all(Array.from({ length: 100 }, (_, i) => statsStatus(server, basic('target', `wrong-${i}`))));
    expect(count(statuses, 401)).toBeLessThanOrEqual(10);
    expect(count(statuses, 401) + count(statuses, 429)).toBe(100);
    // The login is locked at this address, even for the right password.
    expect(await statsStatus(server, basic('target', 'target-password'))).toBe(429);
  }, 60000);

  it('does not lock out another login from the same address, though it never signed in here', async () => {
    expect(await statsStatus(server, basic('bystander', 'bystander-password'))).toBe(200);
    expect(await statsStatus(server, basic('admin', ADMIN_PASSWORD))).toBe(200);
  });
});

describe('a parallel client with the right password (the same credential on every request)', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The default limits and the real argon2 check; the cache starts cold.
    server = await startTestServer({});
    for (const uid of ['rita', 'paul', 'tina']) await server.built.accounts.users.create({ uid, password: `${uid}-password` });
  });
  afterAll(() => server.stop());

  it('gets 2xx for 64 parallel requests on a cold cache, never 429 from its own parallelism', async () => {
    const statuses = await Promise.all(Array.from({ length: 64 }, () => statsStatus(server, basic('rita', 'rita-password'))));
    expect(statuses).toEqual(Array.from({ length: 64 }, () => 200));
  }, 60000);

  it('stores 64 parallel PUTs sent with the right password on a cold cache', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 64 }, async (_, i) => {
        const response = await request(server, `/remote.php/dav/files/paul/burst-${i}.txt`, { method: 'PUT', headers: { authorization: basic('paul', 'paul-password') }, body: `file ${i}` });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    expect(statuses.every((status) => status >= 200 && status < 300)).toBe(true);
    const listing = await request(server, '/remote.php/dav/files/paul/', { method: 'PROPFIND', headers: { authorization: basic('paul', 'paul-password'), depth: '1' } });
    const body = await listing.text();
    expect(listing.status).toBe(207);
    for (let i = 0; i < 64; i += 1) expect(body).toContain(`burst-${i}.txt`);
  }, 60000);

  it('gets 2xx for a parallel burst right after one mistyped password, and does not cascade', async () => {
    expect(await statsStatus(server, basic('tina', 'typo'))).toBe(401);
    const statuses = await Promise.all(Array.from({ length: 64 }, () => statsStatus(server, basic('tina', 'tina-password'))));
    expect(statuses).toEqual(Array.from({ length: 64 }, () => 200));
    const again = await Promise.all(Array.from({ length: 64 }, () => statsStatus(server, basic('tina', 'tina-password'))));
    expect(again).toEqual(Array.from({ length: 64 }, () => 200));
  }, 60000);
});

describe('growing delays, announced as Nextcloud does', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ throttleMaxFailures: 5, throttleDelayMs: 50 });
    await server.built.accounts.users.create({ uid: 'frank', password: 'frank-password' });
  });
  afterAll(() => server.stop());

  const attempt = async (password: string): Promise<{ status: number; delayed: string | null }> => {
    const response = await request(server, '/apps/files/api/v1/stats', { headers: { authorization: basic('frank', password) } });
    await response.arrayBuffer();
    return { status: response.status, delayed: response.headers.get('x-nextcloud-bruteforce-throttled') };
  };

  it('doubles the delay per failure, says so in X-Nextcloud-Bruteforce-Throttled, and a success clears it', async () => {
    expect(await attempt('wrong-1')).toEqual({ status: 401, delayed: null });
    expect(await attempt('wrong-2')).toEqual({ status: 401, delayed: '50ms' });
    expect(await attempt('frank-password')).toEqual({ status: 200, delayed: '100ms' });
    expect(await attempt('frank-password')).toEqual({ status: 200, delayed: null });
  });
});

describe('a cached credential and a later lock', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ throttleMaxFailures: 3 });
    await server.built.accounts.users.create({ uid: 'erin', password: 'erin-password' });
  });
  afterAll(() => server.stop());

  it('refuses a remembered password once its login is locked at that address', async () => {
    expect(await statsStatus(server, basic('erin', 'erin-password'))).toBe(200);
    expect(await statsStatus(server, basic('erin', 'erin-password'))).toBe(200);
    for (let i = 0; i < 3; i += 1) expect(await statsStatus(server, basic('erin', `wrong-${i}`))).toBe(401);
    expect(await statsStatus(server, basic('erin', 'erin-password'))).toBe(429);
  });
});

describe('the client address behind proxies', () => {
  describe('without trusted proxies', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ throttleMaxFailures: 3 });
      await server.built.accounts.users.create({ uid: 'dave', password: 'dave-password' });
    });
    afterAll(() => server.stop());

    it('ignores X-Forwarded-For: a client cannot escape the throttle by sending a new address each time', async () => {
      for (let i = 0; i < 3; i += 1) {
        expect(await statsStatus(server, basic('dave', `wrong-${i}`), { 'x-forwarded-for': `203.0.113.${i + 1}` })).toBe(401);
      }
      expect(await statsStatus(server, basic('dave', 'dave-password'), { 'x-forwarded-for': '203.0.113.99' })).toBe(429);
    });
  });

  describe('with the loopback proxy trusted', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ throttleMaxFailures: 3, trustedProxies: ['127.0.0.1', '::1'] });
      await server.built.accounts.users.create({ uid: 'dave', password: 'dave-password' });
    });
    afterAll(() => server.stop());

    it('throttles the forwarded client address, so other clients behind the proxy keep signing in', async () => {
      for (let i = 0; i < 3; i += 1) {
        expect(await statsStatus(server, basic('dave', `wrong-${i}`), { 'x-forwarded-for': '198.51.100.7' })).toBe(401);
      }
      expect(await statsStatus(server, basic('dave', 'dave-password'), { 'x-forwarded-for': '198.51.100.7' })).toBe(429);
      expect(await statsStatus(server, basic('dave', 'dave-password'), { 'x-forwarded-for': '198.51.100.8' })).toBe(200);
    });

    it('takes the rightmost address not a trusted proxy, so a client cannot prepend a forged one', async () => {
      // The attacker at 198.51.100.7 sends "X-Forwarded-For: 192.0.2.50"; the proxy appends the real address.
      expect(await statsStatus(server, basic('dave', 'dave-password'), { 'x-forwarded-for': '192.0.2.50, 198.51.100.7' })).toBe(429);
    });
  });
});
