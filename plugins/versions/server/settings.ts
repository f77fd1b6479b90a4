import type { VersionRetention } from './retention';
import { DEFAULT_RETENTION, parseRetention } from './retention';

/** Nextcloud's expiry job runs every 30 minutes. */
export const DEFAULT_EXPIRE_INTERVAL = 30 * 60;

export interface VersionsConfig {
  retention: VersionRetention;
  /** Seconds between two expiry runs. */
  expireInterval: number;
}

/**
 * Reads the operator's settings: `CUMULUS_VERSIONS_RETENTION_OBLIGATION` (Nextcloud's
 * `versions_retention_obligation`, default `auto`) and `CUMULUS_VERSIONS_EXPIRE_INTERVAL`
 * (seconds, default 1800).
 *
 * @throws Error naming the setting for a value that is not valid (the plugin then does not activate)
 */
export function versionsConfig(env: Readonly<Record<string, string | undefined>>): VersionsConfig {
  const retention = parseRetention(env.CUMULUS_VERSIONS_RETENTION_OBLIGATION?.trim() || DEFAULT_RETENTION);
  const interval = env.CUMULUS_VERSIONS_EXPIRE_INTERVAL?.trim();
  if (interval && (!/^\d+$/.test(interval) || Number(interval) < 1)) throw new Error(`CUMULUS_VERSIONS_EXPIRE_INTERVAL must be a number of seconds, not "${interval}"`);
  return { retention, expireInterval: interval ? Number(interval) : DEFAULT_EXPIRE_INTERVAL };
}
