import type { TrashSettings } from './trash-bin';
import { DEFAULT_RETENTION, parseRetention } from './retention';

/** Nextcloud's background job runs every 30 minutes. */
export const DEFAULT_EXPIRE_INTERVAL = 30 * 60;

/** The trash's settings and how often expiry runs, from the environment. */
export interface TrashConfig extends TrashSettings {
  /** Seconds between two expiry runs. */
  expireInterval: number;
}

/**
 * Reads the operator's settings (Nextcloud's names in brackets):
 * `CUMULUS_TRASHBIN_RETENTION` (`trashbin_retention_obligation`, default `auto, 30`),
 * `CUMULUS_TRASHBIN_SIZE` (`trashbin_size`, bytes; default: half of the free quota),
 * `CUMULUS_TRASHBIN_EXPIRE_INTERVAL` (seconds, default 1800).
 *
 * @throws Error naming the variable for a value that is not valid (the plugin then does not activate)
 */
export function trashConfig(env: Readonly<Record<string, string | undefined>>): TrashConfig {
  const retention = parseRetention(env.CUMULUS_TRASHBIN_RETENTION?.trim() || DEFAULT_RETENTION);
  const size = env.CUMULUS_TRASHBIN_SIZE?.trim();
  if (size && !/^\d+$/.test(size)) throw new Error(`CUMULUS_TRASHBIN_SIZE must be a number of bytes, not "${size}"`);
  const interval = env.CUMULUS_TRASHBIN_EXPIRE_INTERVAL?.trim();
  if (interval && (!/^\d+$/.test(interval) || Number(interval) < 1)) throw new Error(`CUMULUS_TRASHBIN_EXPIRE_INTERVAL must be a number of seconds, not "${interval}"`);
  return { retention, maxTrashSize: size ? Number(size) : null, expireInterval: interval ? Number(interval) : DEFAULT_EXPIRE_INTERVAL };
}
