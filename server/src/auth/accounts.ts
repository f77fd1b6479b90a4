import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config';
import { AppPasswordStore } from './app-passwords';
import { Authenticator } from './authenticator';
import { CredentialCache } from './credential-cache';
import { SessionStore } from './sessions';
import { LoginThrottle } from './throttle';
import { UserStore } from './users';

/** Everything about accounts the routes need, built once per server. */
export interface Accounts {
  users: UserStore;
  appPasswords: AppPasswordStore;
  sessions: SessionStore;
  throttle: LoginThrottle;
  cache: CredentialCache;
  authenticator: Authenticator;
}

/** Builds the account services over a migrated database. */
export function createAccounts(db: Kysely<unknown>, config: Pick<ServerConfig, 'sessionLifetime' | 'throttleMaxFailures' | 'throttleMaxFailuresPerIp' | 'throttleWindow' | 'throttleDelayMs' | 'credentialCacheTtl'>): Accounts {
  const users = new UserStore(db);
  const appPasswords = new AppPasswordStore(db);
  const sessions = new SessionStore(db, config.sessionLifetime);
  const throttle = new LoginThrottle(db, {
    maxFailures: config.throttleMaxFailures,
    maxFailuresPerIp: config.throttleMaxFailuresPerIp,
    window: config.throttleWindow,
    delayMs: config.throttleDelayMs,
  });
  const cache = new CredentialCache(config.credentialCacheTtl * 1000);
  const authenticator = new Authenticator({ users, appPasswords, throttle, cache });
  return { users, appPasswords, sessions, throttle, cache, authenticator };
}
