/**
 * The modification times a client may set (`X-OC-Mtime` on uploads, `d:getlastmodified` in
 * PROPPATCH), in seconds: more than one day after the epoch, as Nextcloud's MtimeSanitizer
 * demands ("timezone-proof"), and no later than the last second of the year 9999, beyond
 * which no HTTP date (and no `getlastmodified`) has a four-digit year.
 */
export const MIN_MTIME_EXCLUSIVE = 24 * 60 * 60;
export const MAX_MTIME = 253402300799;

/** True when a client may set this modification time. */
export function mtimeInRange(seconds: number): boolean {
  return seconds > MIN_MTIME_EXCLUSIVE && seconds <= MAX_MTIME;
}
