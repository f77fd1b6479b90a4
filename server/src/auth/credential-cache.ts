import { createHmac, randomBytes } from 'node:crypto';

/** What a verified credential proved, remembered by {@link CredentialCache}. */
export interface CachedCredential {
  uid: string;
  /** Set when the secret was an app password rather than the user's password. */
  appPasswordId?: string;
  /**
   * The stored hash the secret was checked against; the caller re-reads it on a hit so a
   * changed password or revoked app password stops working at once.
   */
  storedHash: string;
}

/**
 * Remembers recently verified credentials so clients that send their password with every
 * request do not pay for argon2 (slow by design; docs/toolchain.md) each time. Keys are an HMAC of login and
 * password under a key that lives only in this process: the cache never holds a password.
 */
export class CredentialCache {
  private readonly key = randomBytes(32);
  private readonly entries = new Map<string, { value: CachedCredential; expires: number }>();

  /**
   * @param ttlMs how long an entry lives, in milliseconds (0 disables the cache)
   * @param maxEntries bound on memory; the oldest entry goes first
   * @param now clock, replaceable in tests
   */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The HMAC of login and password that names this credential (the cache's key; never the password itself). */
  keyOf(login: string, password: string): string {
    return createHmac('sha256', this.key).update(login).update('\0').update(password).digest('base64');
  }

  /** The cached result for this login and password, or undefined when absent or expired. */
  get(login: string, password: string): CachedCredential | undefined {
    const key = this.keyOf(login, password);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Remembers a verified login and password. */
  set(login: string, password: string, value: CachedCredential): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(this.keyOf(login, password), { value, expires: this.now() + this.ttlMs });
  }

  /** Forgets everything remembered for a user (password change, deletion). */
  forgetUser(uid: string): void {
    for (const [key, entry] of this.entries) if (entry.value.uid === uid) this.entries.delete(key);
  }

  /** Number of live and expired entries held (for tests). */
  get size(): number {
    return this.entries.size;
  }
}
