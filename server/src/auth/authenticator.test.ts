import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { migrate } from '../db/connection';
import { openConfiguredDatabase } from '../db/open';
import { AppPasswordStore } from './app-passwords';
import { Authenticator } from './authenticator';
import { CredentialCache } from './credential-cache';
import { accountMigrations } from './migrations';
import { verifyPassword } from './passwords';
import { LoginThrottle } from './throttle';
import { UserStore } from './users';

const limits = { maxFailures: 10, maxFailuresPerIp: 100, window: 900, delayMs: 0 };

/** An authenticator over a fresh database whose argon2 verifications are counted and held a while, so parallel ones overlap. */
async function setUp(): Promise<{ auth: Authenticator; users: UserStore; db: Kysely<unknown>; verifications: () => number; cleanup(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'cumulus-auth-'));
  const db: Kysely<unknown> = await openConfiguredDatabase({ dataDir: dir });
  await migrate(db, accountMigrations);
  const users = new UserStore(db);
  let count = 0;
  const verify = async (storedHash: string | undefined, secret: string): Promise<boolean> => {
    count += 1;
    await new Promise((done) => setTimeout(done, 20));
    // The decoy check of an unknown login is argon2 too; only its count matters here.
    return storedHash !== undefined && verifyPassword(storedHash, secret);
  };
  const auth = new Authenticator({ users, appPasswords: new AppPasswordStore(db), throttle: new LoginThrottle(db, limits), cache: new CredentialCache(60000), verify });
  return {
    auth,
    users,
    db,
    verifications: () => count,
    async cleanup() {
      await db.destroy();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

// argon2 on a busy machine: generous limits.
jest.setTimeout(60000);

describe('the authenticator with the throttle', () => {
  let t: Awaited<ReturnType<typeof setUp>>;
  beforeEach(async () => {
    t = await setUp();
    await t.users.create({ uid: 'alice', password: 'alice-password' });
    await t.users.create({ uid: 'bob', password: 'bob-password' });
  });
  afterEach(() => t.cleanup());

  it('checks at most the limit of 100 parallel wrong passwords: checks of one login wait their turn', async () => {
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => t.auth.check('192.0.2.1', 'alice', `wrong-${i}`)));
    expect(t.verifications()).toBeLessThanOrEqual(limits.maxFailures);
    expect(results.filter((r) => r.outcome === 'invalid')).toHaveLength(t.verifications());
    expect(results.filter((r) => r.outcome === 'throttled')).toHaveLength(100 - t.verifications());
    // The same holds for a login that does not exist (the decoy verification is counted too).
    const before = t.verifications();
    await Promise.all(Array.from({ length: 50 }, () => t.auth.check('192.0.2.1', 'nobody', 'x')));
    expect(t.verifications() - before).toBeLessThanOrEqual(limits.maxFailures);
  });

  it('lets 128 parallel requests with the right password in, sharing one verification', async () => {
    const results = await Promise.all(Array.from({ length: 128 }, () => t.auth.check('192.0.2.1', 'alice', 'alice-password')));
    expect(results.map((r) => r.outcome)).toEqual(Array.from({ length: 128 }, () => 'ok'));
    expect(t.verifications()).toBe(1);
    // A second wave is served from the cache.
    await Promise.all(Array.from({ length: 128 }, () => t.auth.check('192.0.2.1', 'alice', 'alice-password')));
    expect(t.verifications()).toBe(1);
  });

  it('records only checked wrong passwords as failures, never a refusal (429)', async () => {
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => t.auth.check('192.0.2.1', 'alice', `wrong-${i}`)));
    const rows = await t.db
      .withTables<{ login_attempts: { ip: string; uid: string; attempted_at: number } }>()
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(results.filter((r) => r.outcome === 'invalid').length);
    expect(Number(rows.n)).toBe(limits.maxFailures);
  });

  it('lets a right-password burst in while wrong passwords for the same login are being checked', async () => {
    const wrong = Array.from({ length: 3 }, (_, i) => t.auth.check('192.0.2.1', 'alice', `wrong-${i}`));
    const right = Array.from({ length: 64 }, () => t.auth.check('192.0.2.1', 'alice', 'alice-password'));
    const results = await Promise.all([...wrong, ...right]);
    expect(results.slice(3).every((r) => r.outcome === 'ok')).toBe(true);
    // Afterwards the cache serves alice again: her success cleared the failures before it.
    const before = t.verifications();
    expect((await t.auth.check('192.0.2.1', 'alice', 'alice-password')).outcome).toBe('ok');
    expect(t.verifications() - before).toBeLessThanOrEqual(1);
  });

  it('lets a waiting check leave the queue when its client goes away', async () => {
    const first = t.auth.check('192.0.2.1', 'alice', 'wrong-0');
    const gone = new AbortController();
    const leaving = t.auth.check('192.0.2.1', 'alice', 'wrong-1', true, gone.signal);
    gone.abort(new Error('client gone'));
    await expect(leaving).rejects.toThrow('client gone');
    expect((await first).outcome).toBe('invalid');
    expect(t.verifications()).toBe(1);
    expect((await t.auth.check('192.0.2.1', 'alice', 'alice-password')).outcome).toBe('ok');
  });

  it('lets another login from the same address in with its password after a burst against one login', async () => {
    await Promise.all(Array.from({ length: 100 }, (_, i) => t.auth.check('192.0.2.1', 'alice', `wrong-${i}`)));
    expect((await t.auth.check('192.0.2.1', 'alice', 'alice-password')).outcome).toBe('throttled');
    expect((await t.auth.check('192.0.2.1', 'bob', 'bob-password')).outcome).toBe('ok');
    // From another address alice is not locked either.
    expect((await t.auth.check('198.51.100.1', 'alice', 'alice-password')).outcome).toBe('ok');
  });

  it('refuses unknown logins of an address spraying many logins, but not a login known at that address', async () => {
    expect((await t.auth.check('192.0.2.1', 'bob', 'bob-password')).outcome).toBe('ok');
    for (let wave = 0; wave < 10; wave += 1) {
      await Promise.all(Array.from({ length: 10 }, (_, i) => t.auth.check('192.0.2.1', `guess-${wave}-${i}`, 'wrong')));
    }
    expect((await t.auth.check('192.0.2.1', 'alice', 'alice-password')).outcome).toBe('throttled');
    expect((await t.auth.check('192.0.2.1', 'bob', 'bob-password')).outcome).toBe('ok');
  });

  it('does not let a cached credential skip a lock or delay set after it was cached', async () => {
    expect((await t.auth.check('192.0.2.1', 'alice', 'alice-password')).outcome).toBe('ok');
    const afterFirst = t.verifications();
    expect((await t.auth.check('192.0.2.1', 'alice', 'alice-password')).outcome).toBe('ok');
    expect(t.verifications()).toBe(afterFirst); // served from the cache

    // One failure after caching: the cached pair is checked afresh (the delay applies), and a success clears it.
    expect((await t.auth.check('192.0.2.1', 'alice', 'wrong')).outcome).toBe('invalid');
    const beforeRecheck = t.verifications();
    expect((await t.auth.check('192.0.2.1', 'alice', 'alice-password')).outcome).toBe('ok');
    expect(t.verifications()).toBe(beforeRecheck + 1);

    // A lock set after caching refuses the cached credential too, at that address only.
    for (let i = 0; i < limits.maxFailures; i += 1) await t.auth.check('192.0.2.1', 'alice', `wrong-${i}`);
    expect(await t.auth.check('192.0.2.1', 'alice', 'alice-password')).toMatchObject({ outcome: 'throttled' });
    expect((await t.auth.check('198.51.100.1', 'alice', 'alice-password')).outcome).toBe('ok');
  });

  it('does not let a cached credential outlive a password change', async () => {
    expect((await t.auth.check('192.0.2.1', 'alice', 'alice-password')).outcome).toBe('ok');
    await t.users.setPassword('alice', 'new-password');
    expect((await t.auth.check('192.0.2.1', 'alice', 'alice-password')).outcome).toBe('invalid');
    expect((await t.auth.check('192.0.2.1', 'alice', 'new-password')).outcome).toBe('ok');
  });
});
