/** One environment setting of `cumulus serve`. */
interface Setting {
  /** The environment variable. */
  name: string;
  /** Where `loadConfig` puts it in the server's configuration (`ServerConfig`, dotted below its top level). */
  key: string;
  fallback: string;
  meaning: string;
}

/** Every setting `loadConfig` reads (`serve-help.test.ts` checks none is missing), grouped as operators look for them. */
const GROUPS: { title: string; settings: Setting[] }[] = [
  {
    title: 'Where it runs',
    settings: [
      { name: 'PORT', key: 'port', fallback: '8080', meaning: 'TCP port (0 picks a free one); --port overrides it' },
      { name: 'CUMULUS_HOST', key: 'host', fallback: '0.0.0.0', meaning: 'address to bind; --host overrides it' },
      { name: 'CUMULUS_DATA_DIR', key: 'dataDir', fallback: './data', meaning: 'user files (files/<uid>/), uploads, previews, tmp/, and the SQLite database unless CUMULUS_DATABASE_URL is set' },
      { name: 'CUMULUS_DIST_DIR', key: 'distDir', fallback: '<repo>/dist', meaning: 'the built front end' },
      { name: 'CUMULUS_PLUGINS_DIR', key: 'pluginsDir', fallback: '<repo>/plugins', meaning: 'the plugin packages' },
      {
        name: 'CUMULUS_PLUGINS_CONFIG',
        key: 'pluginsConfig',
        fallback: 'none',
        meaning: 'the deployment config naming third-party plugin remotes by URL and integrity hash; --plugins-config overrides it',
      },
      { name: 'CUMULUS_ADMIN_PASSWORD', key: 'adminPassword', fallback: 'generated', meaning: 'password of admin, used on the first start only' },
    ],
  },
  {
    title: 'Several server processes (scale-out)',
    settings: [
      {
        name: 'CUMULUS_DATABASE_URL',
        key: 'databaseUrl',
        fallback: 'unset',
        meaning:
          'postgres://user:password@host:5432/database: metadata, sessions, app passwords, sign-in failures, locks and uploads in PostgreSQL, shared by every process; the database is created when missing if the role may create databases (CREATEDB); otherwise create it first. Unset: SQLite in the data dir (one process)',
      },
      { name: 'CUMULUS_DATABASE_POOL_SIZE', key: 'databasePoolSize', fallback: '10', meaning: 'connections each process keeps to PostgreSQL at most (plus one that announces the process)' },
      {
        name: 'CUMULUS_S3_BUCKET',
        key: 's3.bucket',
        fallback: 'unset',
        meaning:
          'file content in this bucket of S3-compatible object storage (Ceph RGW, MinIO, AWS), one object per file keyed urn:oid:<fileid>, chunked uploads\' chunks too; created when missing, checked at start. Unset: files/<uid>/ in the data dir',
      },
      { name: 'CUMULUS_S3_ENDPOINT', key: 's3.endpoint', fallback: 'AWS', meaning: 'the service\'s URL (http://127.0.0.1:7480 for a local RGW); unset: AWS itself' },
      { name: 'CUMULUS_S3_REGION', key: 's3.region', fallback: 'us-east-1', meaning: 'the signing region (RGW and MinIO take any)' },
      { name: 'CUMULUS_S3_ACCESS_KEY_ID', key: 's3.accessKeyId', fallback: 'none', meaning: 'the access key; required with CUMULUS_S3_BUCKET' },
      { name: 'CUMULUS_S3_SECRET_ACCESS_KEY', key: 's3.secretAccessKey', fallback: 'none', meaning: 'its secret; required with CUMULUS_S3_BUCKET' },
      { name: 'CUMULUS_S3_PATH_STYLE', key: 's3.forcePathStyle', fallback: '1 with an endpoint', meaning: '1: http://host/bucket/key (RGW, MinIO); 0: virtual-hosted buckets (AWS)' },
      { name: 'CUMULUS_S3_TIMEOUT', key: 's3.timeoutMs', fallback: '10', meaning: 'seconds an object-store request may go without a byte before it is given up (a download\'s body may pause 5 minutes)' },
      { name: 'CUMULUS_S3_ATTEMPTS', key: 's3.maxAttempts', fallback: '3', meaning: 'tries of a request that timed out or failed transiently; then the client gets 503 with Retry-After' },
      {
        name: 'CUMULUS_TRUSTED_PROXIES',
        key: 'trustedProxies',
        fallback: 'none',
        meaning: 'the load balancer\'s addresses or CIDR ranges: its X-Forwarded-For gives the client address (sign-in throttling), X-Forwarded-Proto/-Host the URL',
      },
    ],
  },
  {
    title: 'Uploads, disk and housekeeping',
    settings: [
      { name: 'CUMULUS_MAX_CHUNK_SIZE', key: 'maxChunkSize', fallback: '104857600', meaning: 'chunk size advertised for chunked uploads (bytes)' },
      { name: 'CUMULUS_BULK_UPLOAD', key: 'bulkUpload', fallback: 'off', meaning: '1 offers Nextcloud\'s bulk upload (POST /remote.php/dav/bulk) to desktop clients; off because Debian 12\'s nextcloudcmd 3.7 fails on empty files with it' },
      { name: 'CUMULUS_REPLAY_WINDOW', key: 'replayWindow', fallback: '600', meaning: 'seconds a finished MOVE/DELETE answers the same request sent again (lost answer) with its status instead of 404/412; 0: off' },
      { name: 'CUMULUS_RESCAN_INTERVAL', key: 'rescanInterval', fallback: '60', meaning: 'seconds after which a PROPFIND first checks the folder\'s tree on disk (0: every time)' },
      {
        name: 'CUMULUS_TMP_SWEEP_INTERVAL',
        key: 'tmpSweepInterval',
        fallback: '3600',
        meaning:
          'seconds between sweeps of tmp/ (and settling the interrupted COPY/MOVE of processes that died; with S3, objects no file points at and abandoned multipart uploads older than an hour); a live process\'s files stay',
      },
    ],
  },
  {
    title: 'Live changes',
    settings: [
      { name: 'CUMULUS_CHANGES_POLL_MS', key: 'changeFeed.pollIntervalMs', fallback: '500', meaning: 'how often each process reads the change feed\'s table for changes other processes made (ms)' },
      { name: 'CUMULUS_CHANGES_FALLBACK_POLL_MS', key: 'changeFeed.fallbackPollIntervalMs', fallback: '5000', meaning: 'on PostgreSQL, where a NOTIFY wakes every process at each change, how often it still reads the table (ms)' },
      { name: 'CUMULUS_CHANGES_MAX_CONNECTIONS', key: 'changeFeed.maxConnectionsPerUser', fallback: '8', meaning: 'change-feed connections per user; a new one beyond drops the oldest' },
      { name: 'CUMULUS_CHANGES_WINDOW', key: 'changeFeed.window.maxAgeSeconds', fallback: '3600', meaning: 'seconds of changes kept for clients that reconnect (older: they are told to refetch)' },
      { name: 'CUMULUS_CHANGES_MAX_ROWS', key: 'changeFeed.window.maxRows', fallback: '100000', meaning: 'changes kept at most, whatever their age' },
    ],
  },
  {
    title: 'Signing in',
    settings: [
      { name: 'CUMULUS_SESSION_LIFETIME', key: 'sessionLifetime', fallback: '86400', meaning: 'seconds a browser session lives without activity' },
      { name: 'CUMULUS_THROTTLE_MAX_FAILURES', key: 'throttleMaxFailures', fallback: '10', meaning: 'failed sign-ins per address and login before 429' },
      { name: 'CUMULUS_THROTTLE_MAX_FAILURES_PER_IP', key: 'throttleMaxFailuresPerIp', fallback: '100', meaning: 'failed sign-ins per address before 429 for logins not known there' },
      { name: 'CUMULUS_THROTTLE_WINDOW', key: 'throttleWindow', fallback: '900', meaning: 'seconds over which failures count' },
      { name: 'CUMULUS_THROTTLE_DELAY_MS', key: 'throttleDelayMs', fallback: '100', meaning: 'delay after the first failure; doubles per failure, at most 25 s' },
      { name: 'CUMULUS_CREDENTIAL_CACHE_TTL', key: 'credentialCacheTtl', fallback: '30', meaning: 'seconds a verified Basic password is remembered per process (checked against the stored hash on every use)' },
    ],
  },
  {
    title: 'Logs and features',
    settings: [
      { name: 'CUMULUS_LOG_REQUESTS', key: 'logRequests', fallback: 'off', meaning: '1 logs every request; warnings and 5xx answers are always logged' },
      { name: 'CUMULUS_ENABLE_NON_ACCESSIBLE_FEATURES', key: 'enableNonAccessibleFeatures', fallback: 'on', meaning: 'false hides the grid view of the Files screen' },
    ],
  },
];

/** The names of every documented setting. */
export function documentedSettings(): string[] {
  return GROUPS.flatMap((group) => group.settings.map((setting) => setting.name));
}

/** Every documented setting's variable and configuration key. */
export function documentedKeys(): { name: string; key: string }[] {
  return GROUPS.flatMap((group) => group.settings.map(({ name, key }) => ({ name, key })));
}

/** `cumulus serve --help`: every environment setting, its default and meaning. */
export function serveHelp(usage: string): string {
  const lines = [
    `Usage: cumulus ${usage}`,
    '',
    'Runs the server. Settings are environment variables, each shown with its key in the server\'s',
    'configuration (ServerConfig) and its default; every one has a working default.',
    '',
    'Options:',
    '  --port N               the port; overrides PORT',
    '  --host ADDRESS         the address to bind; overrides CUMULUS_HOST',
    '  --plugins-config FILE  the deployment config; overrides CUMULUS_PLUGINS_CONFIG',
    '  --data-dir DIR         the data directory; overrides CUMULUS_DATA_DIR',
  ];
  for (const group of GROUPS) {
    lines.push('', `${group.title}:`);
    for (const setting of group.settings) lines.push(`  ${setting.name} (key ${setting.key}, default ${setting.fallback})`, `      ${setting.meaning}`);
  }
  lines.push(
    '',
    'Two or more processes behind a load balancer: give each the same CUMULUS_DATABASE_URL and the same',
    'CUMULUS_DATA_DIR (one file system they all mount; with CUMULUS_S3_BUCKET, the same path on local disks),',
    'and CUMULUS_TRUSTED_PROXIES for the balancer.',
    'Any request may reach any process. See server/README.md, "Several servers".',
  );
  return lines.join('\n');
}
