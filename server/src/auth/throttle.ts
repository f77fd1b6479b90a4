import type { ExpressionBuilder, Kysely } from 'kysely';
import type { AccountTables } from './tables';
import { KeyedQueue } from './keyed-queue';

/** How the throttle answers a sign-in attempt before it is checked. */
export type ThrottleVerdict = { blocked: false; delayMs: number } | { blocked: true; retryAfter: number };

/** Limits of {@link LoginThrottle}. */
export interface ThrottleLimits {
  /** Failures of one address and user name within the window after which further attempts are refused (429). */
  maxFailures: number;
  /**
   * Attempts of one address, whatever the user name, within the window after which logins
   * that have not signed in from that address lately are refused (429).
   */
  maxFailuresPerIp: number;
  /** Seconds over which failures count. */
  window: number;
  /** Delay after the first failure in ms; doubles with each further failure, at most 25 s. */
  delayMs: number;
}

/** The longest delay, as Nextcloud's throttler caps it. */
export const MAX_DELAY_MS = 25000;

/** How long a login that signed in from an address is exempt from that address's limits (7 days, in seconds). */
export const KNOWN_GOOD_SECONDS = 7 * 24 * 60 * 60;

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
  return { blocked: false, delayMs: Math.min(MAX_DELAY_MS, limits.delayMs * 2 ** (failures - 1)) };
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

/** What the throttle knows of one address and login when an attempt arrives. */
export interface ThrottleState {
  /** Failures of this address and login in the window. */
  pairAttempts: number;
  pairOldest: number | null;
  /** The same for the address, whatever the login, plus the checks of its other logins in flight. */
  ipAttempts: number;
  ipOldest: number | null;
  /** The login signed in from this address within {@link KNOWN_GOOD_SECONDS}. */
  knownGood: boolean;
}

/**
 * The verdict for an attempt, pure: the address and login's own rule always applies; the
 * address's rule (other logins' failures) only to a login not known good at that address, so
 * a burst against one login can neither delay nor lock out the others who use that address.
 */
export function attemptVerdict(state: ThrottleState, now: number, limits: ThrottleLimits): ThrottleVerdict {
  const own = throttleVerdict(state.pairAttempts, state.pairOldest, now, limits);
  if (state.knownGood) return own;
  return stricterVerdict(own, ipThrottleVerdict(state.ipAttempts, state.ipOldest, now, limits));
}

/** An admitted attempt: report its outcome exactly once (or release it when checking failed). */
export interface AdmittedAttempt {
  blocked: false;
  /** How long to wait before checking the secret. */
  delayMs: number;
  succeed(): Promise<void>;
  fail(): Promise<void>;
  /** Passes the turn on without recording anything (an error while checking, or the client left); a no-op after succeed/fail. */
  release(): void;
}

/** The answer to {@link LoginThrottle.begin}. */
export type AttemptAdmission = AdmittedAttempt | { blocked: true; retryAfter: number };

/** The answer to {@link LoginThrottle.cachedCredential}: use the cache, check afresh, or refuse. */
export type CachedAdmission = { use: 'cache' } | { use: 'check' } | { use: 'blocked'; retryAfter: number };

/**
 * Brute-force protection for sign-in in the manner of Nextcloud's throttler (growing delays
 * up to 25 s, a hard 429 only after many attempts), but keyed by client address *and* login,
 * so nobody can aim a lock at someone else's login from another address, nor at the other
 * logins of a shared address:
 *
 * - Per address and login: each failure doubles the delay before the next check; at
 *   `maxFailures` failures within the window further attempts get 429 (even with the right
 *   password) until the oldest failure leaves the window. A success clears them.
 * - Per address: failures of every login step the delay more slowly, and at
 *   `maxFailuresPerIp` a login is refused with 429 — but only a login that has not signed in
 *   successfully from that address within {@link KNOWN_GOOD_SECONDS}; a known login is
 *   neither delayed nor refused by other logins' failures.
 *
 * Checks of one address and login run one at a time: an attempt waits until the one before
 * it has recorded its outcome, then takes its verdict from the up-to-date failures. So a
 * parallel burst is bounded like a serial one (at most `maxFailures` checks, then 429 at
 * once), and nobody is refused merely for having attempts in flight. The waiting is bounded
 * by the block. Checks of other logins of the address in flight count for the address rule
 * (each reserves its slot synchronously once it holds its turn). Failures and successes are
 * kept in the database (a restart keeps them); the queues and slots live in this process.
 */
export class LoginThrottle {
  private readonly db: Kysely<AccountTables>;
  private readonly turns = new KeyedQueue();
  private readonly inFlightIps = new Map<string, number>();

  constructor(
    db: Kysely<unknown>,
    private readonly limits: ThrottleLimits,
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    this.db = db.withTables<AccountTables>();
  }

  /**
   * Waits for this address and login's turn (leaving the queue if `signal` aborts), then
   * admits the attempt or refuses it. An admitted attempt holds the turn until the caller,
   * having waited `delayMs` and checked the secret, calls `succeed`, `fail` or `release`.
   * A refusal records nothing.
   */
  async begin(ip: string, login: string, signal?: AbortSignal): Promise<AttemptAdmission> {
    const endTurn = await this.turns.acquire(pairKey(ip, login), signal);
    // Reserve the address slot before any further await: every later attempt sees this one.
    const othersInFlight = this.inFlightIps.get(ip) ?? 0;
    bump(this.inFlightIps, ip, 1);
    let held = true;
    const release = (): void => {
      if (!held) return;
      held = false;
      bump(this.inFlightIps, ip, -1);
      endTurn();
    };
    try {
      const stored = await this.stored(ip, login);
      const verdict = attemptVerdict({ ...stored, ipAttempts: stored.ipAttempts + othersInFlight }, this.nowSeconds(), this.limits);
      if (verdict.blocked) {
        release();
        return verdict;
      }
      return {
        blocked: false,
        delayMs: verdict.delayMs,
        // The row is written before the turn passes on, so the next attempt sees it.
        succeed: async () => {
          try {
            await this.recordSuccess(ip, login);
          } finally {
            release();
          }
        },
        fail: async () => {
          try {
            await this.recordFailure(ip, login);
          } finally {
            release();
          }
        },
        release,
      };
    } catch (error) {
      release();
      throw error;
    }
  }

  /**
   * Whether a credential found in the credential cache may be used from this address: not
   * while the address and login have failures (a delay or lock set after it was cached must
   * not be skipped: those go through {@link begin}), and never when they are locked. Checks
   * in flight do not count: the secret was proved, and a parallel client must not lock
   * itself out. The address's own limits do not apply either.
   */
  async cachedCredential(ip: string, login: string): Promise<CachedAdmission> {
    const stored = await this.stored(ip, login);
    if (stored.pairAttempts === 0) return { use: 'cache' };
    const verdict = throttleVerdict(stored.pairAttempts, stored.pairOldest, this.nowSeconds(), this.limits);
    return verdict.blocked ? { use: 'blocked', retryAfter: verdict.retryAfter } : { use: 'check' };
  }

  private async stored(ip: string, login: string): Promise<ThrottleState> {
    const now = this.nowSeconds();
    const since = now - this.limits.window;
    const count = (eb: ExpressionBuilder<AccountTables, 'login_attempts'>) => [eb.fn.countAll<number>().as('n'), eb.fn.min('attempted_at').as('oldest')];
    const [byLogin, byIp, success] = await Promise.all([
      this.db.selectFrom('login_attempts').select(count).where('ip', '=', ip).where('uid', '=', key(login)).where('attempted_at', '>', since).executeTakeFirst(),
      this.db.selectFrom('login_attempts').select(count).where('ip', '=', ip).where('attempted_at', '>', since).executeTakeFirst(),
      this.db
        .selectFrom('login_successes')
        .select('succeeded_at')
        .where('ip', '=', ip)
        .where('uid', '=', key(login))
        .where('succeeded_at', '>', now - KNOWN_GOOD_SECONDS)
        .executeTakeFirst(),
    ]);
    const oldest = (row: typeof byLogin): number | null => (row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest));
    return {
      pairAttempts: Number(byLogin?.n ?? 0),
      pairOldest: oldest(byLogin),
      ipAttempts: Number(byIp?.n ?? 0),
      ipOldest: oldest(byIp),
      knownGood: success !== undefined,
    };
  }

  private async recordFailure(ip: string, login: string): Promise<void> {
    const now = this.nowSeconds();
    await this.db.insertInto('login_attempts').values({ ip, uid: key(login), attempted_at: now }).execute();
    // Old rows are useless; dropping them here keeps the table small without a timer.
    await this.db.deleteFrom('login_attempts').where('attempted_at', '<=', now - this.limits.window).execute();
  }

  /** Clears the failures of this address and login (those of other logins still count for the address) and marks the login known there. */
  private async recordSuccess(ip: string, login: string): Promise<void> {
    const now = this.nowSeconds();
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('login_attempts').where('ip', '=', ip).where('uid', '=', key(login)).execute();
      // An upsert: two processes signing the same login in from the same address at once
      // (two requests of one client behind a balancer) would both insert after a delete.
      await trx
        .insertInto('login_successes')
        .values({ ip, uid: key(login), succeeded_at: now })
        .onConflict((conflict) => conflict.columns(['ip', 'uid']).doUpdateSet({ succeeded_at: now }))
        .execute();
      await trx.deleteFrom('login_successes').where('succeeded_at', '<=', now - KNOWN_GOOD_SECONDS).execute();
    });
  }
}

function bump(counts: Map<string, number>, name: string, by: number): void {
  const next = (counts.get(name) ?? 0) + by;
  if (next <= 0) counts.delete(name);
  else counts.set(name, next);
}

function pairKey(ip: string, login: string): string {
  return `${ip}\0${key(login)}`;
}

/** User names are stored bounded, so a huge bogus name cannot bloat the table. */
function key(login: string): string {
  return login.slice(0, 255);
}
