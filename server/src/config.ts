import { isIP } from 'node:net';
import type { ChangeFeedOptions } from './changes/change-feed';
import { DEFAULT_CHANGE_FEED_OPTIONS as feed } from './changes/change-feed';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { S3Config } from './storage/content/objects/s3-config';
import { loadS3Config } from './storage/content/objects/s3-config';

/** The repository root, two levels above `server/src/`. */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Everything the server needs to run; built from the environment by {@link loadConfig}. */
export interface ServerConfig {
  /** TCP port to listen on; 0 picks a free port. */
  port: number;
  /** Address to bind; `0.0.0.0` serves every interface. */
  host: string;
  /** Where the database, the users' files and the preview cache live. */
  dataDir: string;
  /**
   * PostgreSQL for the metadata (`postgres://user:password@host:port/database`) instead of
   * SQLite in the data dir: what several server processes share. Unset: the embedded default.
   */
  databaseUrl?: string;
  /** Connections each server process keeps to PostgreSQL at most. */
  databasePoolSize: number;
  /**
   * File content on S3-compatible object storage (`CUMULUS_S3_*`, storage/content/objects/s3-config.ts)
   * instead of plain files in the data dir. Unset: the embedded default.
   */
  s3?: S3Config;
  /** Password of the `admin` user created on first start; a random one is generated when unset. */
  adminPassword?: string;
  /** Where the built front end lives (`shell/` and `plugins/` inside it). */
  distDir: string;
  /** Where the plugin packages live (`<id>/package.json` each); their server parts load from here. */
  pluginsDir: string;
  /**
   * The deployment config naming third-party plugin remotes by URL, with their integrity
   * hashes (`plugin-host/deployment-config.ts`); none when unset.
   */
  pluginsConfig?: string;
  /**
   * Largest chunk a chunked upload may send, in bytes (advertised in the capabilities as
   * `files.chunked_upload.max_size`; the web client uploads in chunks of this size). The
   * default, 100 MiB, is Nextcloud's (`ChunkedUploadConfig::getMaxChunkSize()`, which feeds
   * both that capability and the web's `max_chunk_size`).
   */
  maxChunkSize: number;
  /**
   * Seconds after which a PROPFIND of a folder first checks its whole tree against the disk
   * (0: every time), so changes made deep below it behind the server's back change its etag.
   */
  rescanInterval: number;
  /**
   * Seconds between sweeps of `<dataDir>/tmp` for files no running request holds (the
   * leftovers of a crash are also swept at every start).
   */
  tmpSweepInterval: number;
  /** How long a browser session lives without activity, in seconds. */
  sessionLifetime: number;
  /** Failed sign-ins per IP address and user name within {@link throttleWindow} before 429. */
  throttleMaxFailures: number;
  /**
   * Failed sign-ins per IP address, whatever the user name, within {@link throttleWindow}
   * before 429 (trying many names from one address is slowed and stopped too).
   */
  throttleMaxFailuresPerIp: number;
  /** The window over which failed sign-ins count, in seconds. */
  throttleWindow: number;
  /** Base delay added to a sign-in attempt after a failure, in milliseconds (doubles per failure). */
  throttleDelayMs: number;
  /**
   * Addresses or CIDR ranges of reverse proxies whose `X-Forwarded-For` is believed: the
   * client address is the rightmost hop not in this list. Empty: the header is ignored.
   */
  trustedProxies: string[];
  /** How long a verified password stays in the credential cache, in seconds. */
  credentialCacheTtl: number;
  /** Log requests (fastify's logger). */
  logRequests: boolean;
  /**
   * Nextcloud's bulk upload for desktop clients (`POST /remote.php/dav/bulk`, capability
   * `dav.bulkupload`): many small files in one request (`CUMULUS_BULK_UPLOAD=1`). Off by
   * default: the desktop client before 3.9 (Debian 12 ships 3.7.3) cannot send an empty file
   * in a bulk request (nextcloud/desktop#5824, fixed by #5871), and a tree holding one then
   * never finishes syncing.
   */
  bulkUpload: boolean;
  /** Core flag enable_non-accessible_features: false hides the grid view of the Files screen (product §2). */
  enableNonAccessibleFeatures: boolean;
  /**
   * Seconds a committed MOVE or DELETE is remembered (in the database, for every
   * process) so that the same request sent again after a lost answer gets the original
   * status instead of 404 or 412 (storage/metadata/finished-operations.ts); 0: not at all.
   */
  replayWindow: number;
  /** The change feed's settings (poll interval, window, connections per user…); defaults for what is left out. */
  changeFeed?: Partial<Omit<ChangeFeedOptions, 'onError'>>;
}

/** The defaults that let `npm start` run with nothing set. */
export const defaultConfig: ServerConfig = {
  port: 8080,
  host: '0.0.0.0',
  dataDir: './data',
  databasePoolSize: 10,
  distDir: resolve(repoRoot, 'dist'),
  pluginsDir: resolve(repoRoot, 'plugins'),
  maxChunkSize: 100 * 1024 * 1024,
  bulkUpload: false,
  sessionLifetime: 24 * 60 * 60,
  rescanInterval: 60,
  tmpSweepInterval: 60 * 60,
  replayWindow: 10 * 60,
  throttleMaxFailures: 10,
  throttleMaxFailuresPerIp: 100,
  throttleWindow: 15 * 60,
  throttleDelayMs: 100,
  credentialCacheTtl: 30,
  trustedProxies: [],
  logRequests: false,
  enableNonAccessibleFeatures: true,
};

/** Thrown for a configuration value that cannot be used; the message names the variable. */
export class ConfigError extends Error {}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}".`);
  }
  return value;
}

/**
 * Parses a list of proxy addresses and CIDR ranges (`10.0.0.1, 10.1.0.0/16 fd00::/8`),
 * separated by commas or spaces; a malformed entry is an error, not silently skipped.
 */
export function proxyList(env: NodeJS.ProcessEnv, name: string): string[] {
  const entries = (env[name] ?? '').split(/[\s,]+/).filter((entry) => entry !== '');
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (family === 0 || rest.length > 0 || !prefixOk) {
      throw new ConfigError(`${name} must list IP addresses or CIDR ranges (such as 10.0.0.1 or 10.0.0.0/8), got "${entry}".`);
    }
  }
  return entries;
}

/**
 * Reads the configuration from environment variables, falling back to {@link defaultConfig}.
 * Relative directories are resolved against the current working directory.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const adminPassword = env.CUMULUS_ADMIN_PASSWORD;
  const databaseUrl = env.CUMULUS_DATABASE_URL?.trim();
  if (databaseUrl && !/^postgres(ql)?:\/\/[^/]/i.test(databaseUrl)) {
    throw new ConfigError(`CUMULUS_DATABASE_URL must be a postgres:// URL (postgres://user:password@host:5432/database), got "${databaseUrl}".`);
  }
  const s3 = loadS3Config(env);
  return {
    port: integer(env, 'PORT', defaultConfig.port, 0, 65535),
    host: env.CUMULUS_HOST?.trim() || defaultConfig.host,
    dataDir: resolve(env.CUMULUS_DATA_DIR?.trim() || defaultConfig.dataDir),
    ...(adminPassword ? { adminPassword } : {}),
    ...(databaseUrl ? { databaseUrl } : {}),
    databasePoolSize: integer(env, 'CUMULUS_DATABASE_POOL_SIZE', defaultConfig.databasePoolSize, 1, 1000),
    ...(s3 ? { s3 } : {}),
    distDir: resolve(env.CUMULUS_DIST_DIR?.trim() || defaultConfig.distDir),
    pluginsDir: resolve(env.CUMULUS_PLUGINS_DIR?.trim() || defaultConfig.pluginsDir),
    ...(env.CUMULUS_PLUGINS_CONFIG?.trim() ? { pluginsConfig: resolve(env.CUMULUS_PLUGINS_CONFIG.trim()) } : {}),
    maxChunkSize: integer(env, 'CUMULUS_MAX_CHUNK_SIZE', defaultConfig.maxChunkSize, 1024, 2 ** 40),
    bulkUpload: ['1', 'true'].includes(env.CUMULUS_BULK_UPLOAD?.trim().toLowerCase() ?? ''),
    rescanInterval: integer(env, 'CUMULUS_RESCAN_INTERVAL', defaultConfig.rescanInterval, 0, 86400),
    tmpSweepInterval: integer(env, 'CUMULUS_TMP_SWEEP_INTERVAL', defaultConfig.tmpSweepInterval, 1, 7 * 86400),
    replayWindow: integer(env, 'CUMULUS_REPLAY_WINDOW', defaultConfig.replayWindow, 0, 86400),
    sessionLifetime: integer(env, 'CUMULUS_SESSION_LIFETIME', defaultConfig.sessionLifetime, 60, 10 * 365 * 86400),
    throttleMaxFailures: integer(env, 'CUMULUS_THROTTLE_MAX_FAILURES', defaultConfig.throttleMaxFailures, 1, 1000),
    throttleMaxFailuresPerIp: integer(env, 'CUMULUS_THROTTLE_MAX_FAILURES_PER_IP', defaultConfig.throttleMaxFailuresPerIp, 1, 100000),
    throttleWindow: integer(env, 'CUMULUS_THROTTLE_WINDOW', defaultConfig.throttleWindow, 1, 86400),
    throttleDelayMs: integer(env, 'CUMULUS_THROTTLE_DELAY_MS', defaultConfig.throttleDelayMs, 0, 25000),
    credentialCacheTtl: integer(env, 'CUMULUS_CREDENTIAL_CACHE_TTL', defaultConfig.credentialCacheTtl, 0, 3600),
    trustedProxies: proxyList(env, 'CUMULUS_TRUSTED_PROXIES'),
    logRequests: env.CUMULUS_LOG_REQUESTS === '1' || env.CUMULUS_LOG_REQUESTS === 'true',
    // Default true (product §2): only an explicit 0/false turns the non-accessible features off.
    enableNonAccessibleFeatures: !['0', 'false'].includes(env.CUMULUS_ENABLE_NON_ACCESSIBLE_FEATURES?.trim().toLowerCase() ?? ''),
    changeFeed: {
      pollIntervalMs: integer(env, 'CUMULUS_CHANGES_POLL_MS', feed.pollIntervalMs, 10, 60_000),
      fallbackPollIntervalMs: integer(env, 'CUMULUS_CHANGES_FALLBACK_POLL_MS', feed.fallbackPollIntervalMs, 10, 600_000),
      maxConnectionsPerUser: integer(env, 'CUMULUS_CHANGES_MAX_CONNECTIONS', feed.maxConnectionsPerUser, 1, 1000),
      window: {
        maxAgeSeconds: integer(env, 'CUMULUS_CHANGES_WINDOW', feed.window.maxAgeSeconds, 1, 30 * 86400),
        maxRows: integer(env, 'CUMULUS_CHANGES_MAX_ROWS', feed.window.maxRows, 1, 100_000_000),
      },
    },
  };
}

/** Completes a partial configuration (as tests pass it) with the defaults; `dataDir` is resolved. */
export function withDefaults(partial: Partial<ServerConfig> & { dataDir: string }): ServerConfig {
  // Keys given as undefined keep their default rather than erasing it.
  const given = Object.fromEntries(Object.entries(partial).filter(([, value]) => value !== undefined));
  return { ...defaultConfig, ...given, dataDir: resolve(partial.dataDir) };
}
