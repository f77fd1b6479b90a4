import type { AppPasswordStore } from './app-passwords';
import type { CredentialCache } from './credential-cache';
import type { LoginThrottle } from './throttle';
import type { AuthenticatedUser, RequestAuthentication } from './types';
import type { UserStore } from './users';
import { verifyPassword } from './passwords';

/** Outcome of checking a user name and secret. */
export type CredentialCheck =
  | { outcome: 'ok'; user: AuthenticatedUser; authentication: RequestAuthentication }
  | { outcome: 'invalid' }
  | { outcome: 'throttled'; retryAfter: number };

/** The stores the authenticator reads. */
export interface AuthenticatorDeps {
  users: UserStore;
  appPasswords: AppPasswordStore;
  throttle: LoginThrottle;
  cache: CredentialCache;
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/**
 * Checks credentials for HTTP Basic and the sign-in form: the throttle first, then an app
 * password (a fast hash lookup), then the argon2 password hash. Verified pairs are cached.
 */
export class Authenticator {
  constructor(private readonly deps: AuthenticatorDeps) {}

  /**
   * Checks a login and secret sent from `ip`.
   * @param allowAppPassword false for the sign-in form, which takes only the real password
   */
  async check(ip: string, login: string, secret: string, allowAppPassword = true): Promise<CredentialCheck> {
    const { users, appPasswords, throttle, cache } = this.deps;
    const cached = cache.get(login, secret);
    if (cached && (allowAppPassword || !cached.appPasswordId)) {
      // Re-read the stored hash: a revoked app password or a changed password ends at once.
      const current = cached.appPasswordId ? await appPasswords.hashOf(cached.appPasswordId) : await users.passwordHash(cached.uid);
      const user = current === cached.storedHash ? await users.get(cached.uid) : null;
      if (user) return ok(user, cached.appPasswordId);
    }

    const verdict = await throttle.check(ip, login);
    if (verdict.blocked) return { outcome: 'throttled', retryAfter: verdict.retryAfter };
    if (verdict.delayMs > 0) await sleep(verdict.delayMs);

    const user = await users.get(login);
    if (user && allowAppPassword) {
      const appPassword = await appPasswords.find(user.uid, secret);
      if (appPassword) {
        await throttle.succeed(ip, login);
        await appPasswords.touch(appPassword.id);
        cache.set(login, secret, { uid: user.uid, appPasswordId: appPassword.id, storedHash: appPassword.hash });
        return ok(user, appPassword.id);
      }
    }
    const storedHash = user ? await users.passwordHash(user.uid) : undefined;
    if (user && storedHash && (await verifyPassword(storedHash, secret))) {
      await throttle.succeed(ip, login);
      cache.set(login, secret, { uid: user.uid, storedHash });
      return ok(user);
    }
    if (!user) await verifyPassword(undefined, secret);
    await throttle.fail(ip, login);
    return { outcome: 'invalid' };
  }
}

function ok(user: AuthenticatedUser, appPasswordId?: string): CredentialCheck {
  const authentication: RequestAuthentication = appPasswordId ? { method: 'app-password', appPasswordId } : { method: 'password' };
  return { outcome: 'ok', user: { uid: user.uid, displayName: user.displayName, quota: user.quota }, authentication };
}
