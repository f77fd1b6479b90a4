import type { Kysely } from 'kysely';
import type { AccountTables } from './tables';

/** How the throttle answers a sign-in attempt before it is checked. */
export type ThrottleVerdict = { blocked: false; delayMs: number } | { blocked: true; retryAfter: number };

/** Limits of {@link LoginThrottle}. */
export interface ThrottleLimits {
  /** Failures within the window after which attempts are refused (429). */
  maxFailures: number;
  /** Seconds over which failures count. */
  window: number;
  /** Delay after the first failure in ms; doubles with each further failure, at most 25 s. */
  delayMs: number;
}

/**
 * The delay and block rule, kept pure for testing: nothing before the first failure, then
 * `delayMs · 2^(failures-1)` up to 25 s, and a block once `maxFailures` is reached.
 */
export function throttleVerdict(failures: number, oldestFailure: number | null, now: number, limits: ThrottleLimits): ThrottleVerdict {
  if (failures >= limits.maxFailures) {
    const retryAfter = Math.max(1, (oldestFailure ?? now) + limits.window - now);
    return { blocked: true, retryAfter };
  }
  if (failures === 0) return { blocked: false, delayMs: 0 };
  return { blocked: false, delayMs: Math.min(25000, limits.delayMs * 2 ** (failures - 1)) };
}

/**
 * Brute-force protection for sign-in, per client address and user name as Nextcloud does:
 * each failure slows the next attempt, and too many within the window are refused.
 * Failures are kept in the database so every process (and a restart) sees them.
 */
export class LoginThrottle {
  private readonly db: Kysely<AccountTables>;

  constructor(
    db: Kysely<unknown>,
    private readonly limits: ThrottleLimits,
  ) {
    this.db = db.withTables<AccountTables>();
  }

  /** What to do with an attempt from this address for this user name. */
  async check(ip: string, login: string): Promise<ThrottleVerdict> {
    const now = Math.floor(Date.now() / 1000);
    const row = await this.db
      .selectFrom('login_attempts')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('attempted_at').as('oldest')])
      .where('ip', '=', ip)
      .where('uid', '=', key(login))
      .where('attempted_at', '>', now - this.limits.window)
      .executeTakeFirst();
    const oldest = row?.oldest;
    return throttleVerdict(Number(row?.n ?? 0), oldest === null || oldest === undefined ? null : Number(oldest), now, this.limits);
  }

  /** Records a failed attempt. */
  async fail(ip: string, login: string): Promise<void> {
    const now = Math.floor(Date.now() / 1000);
    await this.db.insertInto('login_attempts').values({ ip, uid: key(login), attempted_at: now }).execute();
    // Old rows are useless; dropping them here keeps the table small without a timer.
    await this.db.deleteFrom('login_attempts').where('attempted_at', '<=', now - this.limits.window).execute();
  }

  /** Clears the failures of this address and user name after a success. */
  async succeed(ip: string, login: string): Promise<void> {
    await this.db.deleteFrom('login_attempts').where('ip', '=', ip).where('uid', '=', key(login)).execute();
  }
}

/** User names are stored bounded, so a huge bogus name cannot bloat the table. */
function key(login: string): string {
  return login.slice(0, 255);
}
