/**
 * Which versions the retention rule lets go: Nextcloud's `versions_retention_obligation`
 * (`auto`, `D, auto`, `auto, D`, `D1, D2`) and its automatic schedule.
 */

/** The parsed rule. Days as given; null where the rule sets no bound. */
export interface VersionRetention {
  /** Keep every version younger than this many days (the `D` of `D, auto`, `D1` of `D1, D2`). */
  minDays: number | null;
  /** Delete every version older than this many days (the `D` of `auto, D`, `D2` of `D1, D2`). */
  maxDays: number | null;
  /** The automatic schedule thins the versions in between. */
  auto: boolean;
}

export const DEFAULT_RETENTION = 'auto';

const DAY = 86400;

/**
 * The automatic schedule, as Nextcloud's: every version of the last second; then one per
 * 2 s for the first 10 s, one per 10 s for the first minute, one per minute for the first
 * hour, one per hour for the first day, one per day for the first 30 days, one per week after.
 */
const AUTO_STEPS: readonly { endsAfter: number; step: number }[] = [
  { endsAfter: 10, step: 2 },
  { endsAfter: 60, step: 10 },
  { endsAfter: 3600, step: 60 },
  { endsAfter: DAY, step: 3600 },
  { endsAfter: 30 * DAY, step: DAY },
  { endsAfter: -1, step: 7 * DAY },
];

function days(text: string, setting: string): number {
  if (!/^\d+$/.test(text)) throw new Error(`versions_retention_obligation must be "auto", "D, auto", "auto, D" or "D1, D2", not "${setting}"`);
  return Number(text);
}

/**
 * Parses the setting as Nextcloud spells it.
 *
 * @throws Error with the accepted forms for anything else
 */
export function parseRetention(setting: string): VersionRetention {
  const parts = setting.split(',').map((part) => part.trim().toLowerCase());
  const [first = '', second, ...rest] = parts;
  if (rest.length > 0 || first === '') days('x', setting);
  if (second === undefined) {
    if (first === 'auto') return { minDays: null, maxDays: null, auto: true };
    if (first === 'disabled') return { minDays: null, maxDays: null, auto: false };
    return days('x', setting) as never;
  }
  if (first === 'auto' && second === 'auto') return { minDays: null, maxDays: null, auto: true };
  if (first === 'auto') return { minDays: null, maxDays: days(second, setting), auto: true };
  if (second === 'auto') return { minDays: days(first, setting), maxDays: null, auto: true };
  const min = days(first, setting);
  const max = days(second, setting);
  if (max < min) throw new Error(`versions_retention_obligation: D2 must not be less than D1, not "${setting}"`);
  return { minDays: min, maxDays: max, auto: false };
}

/** A version as retention sees it. */
export interface AgedVersion {
  /** Its timestamp (seconds). */
  version: number;
  /** Labelled versions are never expired by the rule (only by the size budget, last). */
  labelled: boolean;
  size: number;
}

/**
 * The versions of one file (any order) the rule expires at `now`: those past `maxDays`, and
 * those the automatic schedule thins out (never younger than `minDays`, never labelled).
 */
export function expiredVersions<T extends AgedVersion>(rule: VersionRetention, versions: readonly T[], now: number): T[] {
  const newestFirst = [...versions].sort((a, b) => b.version - a.version);
  const expired = new Set<T>();
  if (rule.auto) for (const version of autoExpired(newestFirst, now)) expired.add(version);
  return newestFirst.filter((version) => {
    if (version.labelled) return false;
    const age = now - version.version;
    if (rule.minDays !== null && age < rule.minDays * DAY) return false;
    if (rule.maxDays !== null && age > rule.maxDays * DAY) return true;
    return expired.has(version);
  });
}

/** Nextcloud's `getAutoExpireList`: walks the versions newest first, keeping one per step of each interval. */
function autoExpired<T extends AgedVersion>(newestFirst: readonly T[], now: number): T[] {
  const out: T[] = [];
  let interval = 0;
  let step = AUTO_STEPS[0]!.step;
  let intervalEnd = now - AUTO_STEPS[0]!.endsAfter;
  let previous = now;
  let next = now - step;
  for (const version of newestFirst) {
    // Every version of the last second stays.
    if (now - version.version < 1) {
      previous = version.version;
      next = version.version - step;
      continue;
    }
    for (;;) {
      const current = AUTO_STEPS[interval]!;
      if (current.endsAfter === -1 || previous > intervalEnd) {
        if (version.version > next) out.push(version);
        else {
          next = version.version - step;
          previous = version.version;
        }
        break;
      }
      interval += 1;
      const following = AUTO_STEPS[interval]!;
      step = following.step;
      next = previous - step;
      intervalEnd = following.endsAfter === -1 ? -1 : now - following.endsAfter;
    }
  }
  return out;
}

/**
 * The versions (of all the user's files) the size budget lets go: while they take more than
 * half of the user's free space, the oldest go, labelled ones last. No budget without a quota.
 */
export function overBudget<T extends AgedVersion>(versions: readonly T[], used: number, quota: number): T[] {
  if (quota < 0) return [];
  const budget = Math.max(0, quota - used) / 2;
  let total = versions.reduce((sum, version) => sum + version.size, 0);
  const order = [...versions].sort((a, b) => Number(a.labelled) - Number(b.labelled) || a.version - b.version);
  const out: T[] = [];
  for (const version of order) {
    if (total <= budget) break;
    out.push(version);
    total -= version.size;
  }
  return out;
}
