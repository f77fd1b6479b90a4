import type { ExpressionBuilder, Kysely } from 'kysely';
import type { AccountTables } from './tables';

/** How the throttle answers a sign-in attempt before it is checked. */
export type ThrottleVerdict = { blocked: false; delayMs: number } | { blocked: true; retryAfter: number };

/** Limits of {@link LoginThrottle}. */
export interface ThrottleLimits {
  /** Failures of one address and user name within the window after which attempts are refused (429). */
  maxFailures: number;
  /** Failures of one address, whatever the user name, within the window after which attempts are refused. */
  maxFailuresPerIp: number;
  /** Seconds over which failures count. */
  window: number;
  /** Delay after the first failure in ms; doubles with each further failure, at most 25 s. */
  delayMs: number;
}

/**
 * The delay and block rule, kept pure for testing: nothing before the first failure, then
 * `delayMs · 2^(failures-1)` up to 25 s, and a block once `maxFailures` is reached.
 */
export function throttleVerdict(failures: number, oldestFailure: number | null, now: number, limits: Pick<ThrottleLimits, 'maxFailures' | 'window' | 'delayMs'>): ThrottleVerdict {
  if (failures >= limits.maxFailures) {
    const retryAfter = Math.max(1, (oldestFailure ?? now) + limits.window - now);
    return { blocked: true, retryAfter };
  }
  if (failures === 0) return { blocked: false, delayMs: 0 };
  return { blocked: false, delayMs: Math.min(25000, limits.delayMs * 2 ** (failures - 1)) };
}

/**
 * The rule for one address whatever the user name: the per-name rule scaled to the higher
 * threshold. The delay steps once per `ceil(maxFailuresPerIp / maxFailures)` failures, so a
 * shared address (NAT) with a few mistyped passwords is barely slowed, while walking through
 * user names is slowed more and more and refused at `maxFailuresPerIp`.
 */
export function ipThrottleVerdict(failures: number, oldestFailure: number | null, now: number, limits: ThrottleLimits): ThrottleVerdict {
  if (failures >= limits.maxFailuresPerIp) return throttleVerdict(failures, oldestFailure, now, { ...limits, maxFailures: limits.maxFailuresPerIp });
  const step = Math.max(1, Math.ceil(limits.maxFailuresPerIp / limits.maxFailures));
  return throttleVerdict(Math.floor(failures / step), oldestFailure, now, { ...limits, maxFailures: Number.POSITIVE_INFINITY });
}

/** The stricter of two verdicts: blocked if either is (the later retry), else the longer delay. */
export function stricterVerdict(a: ThrottleVerdict, b: ThrottleVerdict): ThrottleVerdict {
  if (a.blocked && b.blocked) return { blocked: true, retryAfter: Math.max(a.retryAfter, b.retryAfter) };
  if (a.blocked) return a;
  if (b.blocked) return b;
  return { blocked: false, delayMs: Math.max(a.delayMs, b.delayMs) };
}

/**
 * Brute-force protection for sign-in, per client address and user name as Nextcloud does,
 * and per address alone with a higher threshold (so trying many user names is not free):
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
    const since = now - this.limits.window;
    const count = (eb: ExpressionBuilder<AccountTables, 'login_attempts'>) => [eb.fn.countAll<number>().as('n'), eb.fn.min('attempted_at').as('oldest')];
    const [byLogin, byIp] = await Promise.all([
      this.db.selectFrom('login_attempts').select(count).where('ip', '=', ip).where('uid', '=', key(login)).where('attempted_at', '>', since).executeTakeFirst(),
      this.db.selectFrom('login_attempts').select(count).where('ip', '=', ip).where('attempted_at', '>', since).executeTakeFirst(),
    ]);
    const oldest = (row: typeof byLogin): number | null => (row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest));
    return stricterVerdict(
      throttleVerdict(Number(byLogin?.n ?? 0), oldest(byLogin), now, this.limits),
      ipThrottleVerdict(Number(byIp?.n ?? 0), oldest(byIp), now, this.limits),
    );
  }

  /** Records a failed attempt. */
  async fail(ip: string, login: string): Promise<void> {
    const now = Math.floor(Date.now() / 1000);
    await this.db.insertInto('login_attempts').values({ ip, uid: key(login), attempted_at: now }).execute();
    // Old rows are useless; dropping them here keeps the table small without a timer.
    await this.db.deleteFrom('login_attempts').where('attempted_at', '<=', now - this.limits.window).execute();
  }

  /** Clears the failures of this address and user name after a success (those with other names still count for the address). */
  async succeed(ip: string, login: string): Promise<void> {
    await this.db.deleteFrom('login_attempts').where('ip', '=', ip).where('uid', '=', key(login)).execute();
  }
}

/** User names are stored bounded, so a huge bogus name cannot bloat the table. */
function key(login: string): string {
  return login.slice(0, 255);
}
