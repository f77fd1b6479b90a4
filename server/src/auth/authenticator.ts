import type { AppPasswordStore } from './app-passwords';
import type { CredentialCache } from './credential-cache';
import type { LoginThrottle } from './throttle';
import type { AuthenticatedUser, RequestAuthentication } from './types';
import type { UserStore } from './users';
import { Coalescer } from './coalescer';
import { verifyPassword } from './passwords';

/** Outcome of checking a user name and secret. */
export type CredentialCheck =
  | { outcome: 'ok'; user: AuthenticatedUser; authentication: RequestAuthentication; delayedMs?: number }
  | { outcome: 'invalid'; delayedMs?: number }
  | { outcome: 'throttled'; retryAfter: number };

/** The header that tells a client how long its sign-in was held back, as Nextcloud names it (`<ms>ms`). */
export const THROTTLED_HEADER = 'X-Nextcloud-Bruteforce-Throttled';

/** Sets {@link THROTTLED_HEADER} when the check was delayed. */
export function markDelay(reply: { header(name: string, value: string): unknown }, check: CredentialCheck): void {
  if (check.outcome !== 'throttled' && check.delayedMs) reply.header(THROTTLED_HEADER, `${check.delayedMs}ms`);
}

/** The stores the authenticator reads. */
export interface AuthenticatorDeps {
  users: UserStore;
  appPasswords: AppPasswordStore;
  throttle: LoginThrottle;
  cache: CredentialCache;
  /** Checks a secret against a stored argon2 hash (undefined: an unknown user, still costs the same); replaceable in tests. */
  verify?: (storedHash: string | undefined, secret: string) => Promise<boolean>;
}

/** Waits `ms`, or rejects with the signal's reason once it aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((done, fail) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      fail(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      done();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Checks credentials for HTTP Basic and the sign-in form. A cached pair is used only while
 * the throttle has no failures against its address and login. Otherwise the pair is checked
 * afresh: requests carrying the same credential at the same time share one check (so a
 * parallel client pays for one argon2 verification, and is never counted against itself),
 * and the throttle serialises the checks of one address and login, each taking its verdict
 * (delay or 429) from the failures recorded before it; then an app password (a fast hash
 * lookup), then the argon2 password hash.
 */
export class Authenticator {
  private readonly verify: (storedHash: string | undefined, secret: string) => Promise<boolean>;
  private readonly checks = new Coalescer<CredentialCheck>();

  constructor(private readonly deps: AuthenticatorDeps) {
    this.verify = deps.verify ?? verifyPassword;
  }

  /**
   * Checks a login and secret sent from `ip`.
   * @param allowAppPassword false for the sign-in form, which takes only the real password
   * @param signal aborts when the client has gone: the request stops waiting (rejecting with
   *   the signal's reason), and a check nobody waits for any more leaves the throttle's queue
   */
  async check(ip: string, sentLogin: string, secret: string, allowAppPassword = true, signal?: AbortSignal): Promise<CredentialCheck> {
    const { users, appPasswords, throttle, cache } = this.deps;
    // PostgreSQL's text holds no NUL (SQLite's does): no user id has one, so such a login is
    // throttled and refused like any unknown one under a stand-in that can be stored.
    const login = sentLogin.replaceAll('\0', '\uFFFD');
    const cached = cache.get(login, secret);
    if (cached && (allowAppPassword || !cached.appPasswordId)) {
      const admission = await throttle.cachedCredential(ip, login);
      if (admission.use === 'blocked') return { outcome: 'throttled', retryAfter: admission.retryAfter };
      if (admission.use === 'cache') {
        // Re-read the stored hash: a revoked app password or a changed password ends at once.
        const current = cached.appPasswordId ? await appPasswords.hashOf(cached.appPasswordId) : await users.passwordHash(cached.uid);
        const user = current === cached.storedHash ? await users.get(cached.uid) : null;
        if (user) return ok(user, cached.appPasswordId);
      }
    }
    const key = `${ip}\0${allowAppPassword ? 'any' : 'password'}\0${cache.keyOf(login, secret)}`;
    const shared = await this.checks.run(key, (workSignal) => this.checkAfresh(ip, login, secret, allowAppPassword, workSignal), signal);
    // Each request gets its own copy of the shared answer.
    return shared.outcome === 'ok' ? { ...shared, user: { ...shared.user }, authentication: { ...shared.authentication } } : { ...shared };
  }

  /** One throttled check of a pair not served from the cache. */
  private async checkAfresh(ip: string, login: string, secret: string, allowAppPassword: boolean, signal: AbortSignal): Promise<CredentialCheck> {
    const { users, appPasswords, throttle, cache } = this.deps;
    const attempt = await throttle.begin(ip, login, signal);
    if (attempt.blocked) return { outcome: 'throttled', retryAfter: attempt.retryAfter };
    try {
      if (attempt.delayMs > 0) await sleep(attempt.delayMs, signal);
      const delayed = attempt.delayMs > 0 ? { delayedMs: attempt.delayMs } : {};
      const user = await users.get(login);
      if (user && allowAppPassword) {
        const appPassword = await appPasswords.find(user.uid, secret);
        if (appPassword) {
          await attempt.succeed();
          await appPasswords.touch(appPassword.id);
          cache.set(login, secret, { uid: user.uid, appPasswordId: appPassword.id, storedHash: appPassword.hash });
          return { ...ok(user, appPassword.id), ...delayed };
        }
      }
      const storedHash = user ? await users.passwordHash(user.uid) : undefined;
      if (user && storedHash && (await this.verify(storedHash, secret))) {
        // Cached before the turn passes on, so requests arriving from now on use the cache.
        cache.set(login, secret, { uid: user.uid, storedHash });
        await attempt.succeed();
        return { ...ok(user), ...delayed };
      }
      if (!user) await this.verify(undefined, secret);
      await attempt.fail();
      return { outcome: 'invalid', ...delayed };
    } finally {
      attempt.release();
    }
  }
}

function ok(user: AuthenticatedUser, appPasswordId?: string): CredentialCheck & { outcome: 'ok' } {
  const authentication: RequestAuthentication = appPasswordId ? { method: 'app-password', appPasswordId } : { method: 'password' };
  return { outcome: 'ok', user: { uid: user.uid, displayName: user.displayName, quota: user.quota }, authentication };
}
