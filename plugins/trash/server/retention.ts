/**
 * Nextcloud's retention rules for the trash (files_trashbin Expiration.php), pure:
 * `trashbin_retention_obligation` is `"MIN, MAX"` in days, each a number or `auto`, or
 * `disabled`; one value is MIN with MAX 30 (unless it is `auto`).
 *
 * | value        | by age                  | when space is needed           |
 * |--------------|-------------------------|--------------------------------|
 * | auto         | never                   | any item, oldest first         |
 * | D, auto      | never                   | any item                       |
 * | auto, D      | older than D days       | any item                       |
 * | D1, D2       | older than max(D1, D2)  | only items older than D1       |
 * | disabled     | never                   | never                          |
 */

const DAY = 24 * 60 * 60;

/** A parsed retention rule. */
export interface Retention {
  enabled: boolean;
  /** Days an item is kept at least (when space is needed), or null (no minimum). */
  minDays: number | null;
  /** Days after which an item goes, or null (never by age). */
  maxDays: number | null;
  /** Whether any item may go when space is needed. */
  purgeForSpace: boolean;
}

/**
 * Cumulus's default, as the product promises: items go after 30 days, and any item, oldest
 * first, when the trash outgrows its share of the quota (`auto, 30`).
 */
export const DEFAULT_RETENTION = 'auto, 30';

/** Parses a retention value; throws with a message for one that is not valid. */
export function parseRetention(value: string): Retention {
  const text = value.trim().toLowerCase();
  if (text === 'disabled') return { enabled: false, minDays: null, maxDays: null, purgeForSpace: false };
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length > 2 || parts.some((part) => part !== 'auto' && !/^\d+$/.test(part))) {
    throw new Error(`The retention "${value}" is not valid: give "auto", "disabled", or "MIN, MAX" in days (each a number or auto)`);
  }
  const [first = 'auto', second = first === 'auto' ? 'auto' : '30'] = parts;
  const min = first === 'auto' ? null : Number(first);
  let max = second === 'auto' ? null : Number(second);
  if (min !== null && max !== null && max < min) max = min;
  return { enabled: true, minDays: min, maxDays: max, purgeForSpace: first === 'auto' || second === 'auto' };
}

/**
 * Whether an item deleted at `deletedAt` (seconds) goes now: by age, or, with
 * `spaceNeeded`, to make room.
 */
export function isExpired(retention: Retention, deletedAt: number, now: number, spaceNeeded: boolean): boolean {
  if (!retention.enabled) return false;
  if (spaceNeeded && retention.purgeForSpace) return true;
  if (retention.maxDays !== null && deletedAt < now - retention.maxDays * DAY) return true;
  return spaceNeeded && retention.minDays !== null && deletedAt < now - retention.minDays * DAY;
}

/**
 * The bytes the trash may still take (negative: over by that much): an explicit
 * `trashbin_size` wins; with a quota, half of what the files leave free; without quota and
 * without a size, no limit (null).
 */
export function spaceLeft(options: { trashSize: number; used: number; quota: number; maxTrashSize: number | null }): number | null {
  if (options.maxTrashSize !== null) return options.maxTrashSize - options.trashSize;
  if (options.quota < 0) return null;
  return Math.floor(0.5 * Math.max(0, options.quota - options.used)) - options.trashSize;
}
