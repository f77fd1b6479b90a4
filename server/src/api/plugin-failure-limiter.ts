/** What the limiter decides for one report. */
export type FailureReportVerdict = 'log' | 'repeat' | 'too-many';

/** The limits of {@link FailureReportLimiter}. */
export interface FailureReportLimits {
  /** Length of the fixed window the counts are kept over, in milliseconds. */
  windowMs: number;
  /** Reports one user may have logged per window. */
  perUser: number;
  /** Reports logged per window, all users together: the log grows by at most this much per window. */
  total: number;
}

/** Ten minutes; a page reports each failing plugin once, so 20 a user is plenty for honest pages. */
export const DEFAULT_FAILURE_REPORT_LIMITS: FailureReportLimits = { windowMs: 10 * 60_000, perUser: 20, total: 500 };

/**
 * Bounds what browsers can write into the server log through plugin failure
 * reports: per fixed window, each user gets `perUser` logged reports, and all
 * users together `total`; the same report again within the window is
 * accepted but not logged twice. Memory is bounded as well: at most `total`
 * distinct reports and their users are remembered, and the window's state is
 * dropped when it ends.
 */
export class FailureReportLimiter {
  private windowStart = Number.NEGATIVE_INFINITY;
  private logged = 0;
  private readonly perUser = new Map<string, number>();
  private readonly seen = new Set<string>();

  constructor(
    private readonly limits: FailureReportLimits = DEFAULT_FAILURE_REPORT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Decides about one report of `user` whose content is `key`, and counts it when it is to be logged. */
  admit(user: string, key: string): FailureReportVerdict {
    const now = this.now();
    if (now - this.windowStart >= this.limits.windowMs) {
      this.windowStart = now;
      this.logged = 0;
      this.perUser.clear();
      this.seen.clear();
    }
    const seenKey = `${user}\u0000${key}`;
    if (this.seen.has(seenKey)) return 'repeat';
    const count = this.perUser.get(user) ?? 0;
    if (count >= this.limits.perUser || this.logged >= this.limits.total) return 'too-many';
    this.perUser.set(user, count + 1);
    this.seen.add(seenKey);
    this.logged += 1;
    return 'log';
  }

  /** Seconds until the current window ends (for `Retry-After`). */
  retryAfterSeconds(): number {
    return Math.max(1, Math.ceil((this.windowStart + this.limits.windowMs - this.now()) / 1000));
  }
}
