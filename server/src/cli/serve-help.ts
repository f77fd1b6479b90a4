/** One environment setting of `cumulus serve`. */
interface Setting {
  name: string;
  fallback: string;
  meaning: string;
}

/** Every setting `loadConfig` reads (`serve-help.test.ts` checks none is missing), grouped as operators look for them. */
const GROUPS: { title: string; settings: Setting[] }[] = [
  {
    title: 'Where it runs',
    settings: [
      { name: 'PORT', fallback: '8080', meaning: 'TCP port (0 picks a free one); --port overrides it' },
      { name: 'CUMULUS_HOST', fallback: '0.0.0.0', meaning: 'address to bind; --host overrides it' },
      { name: 'CUMULUS_DATA_DIR', fallback: './data', meaning: 'user files (files/<uid>/), uploads, previews, tmp/, and the SQLite database unless CUMULUS_DATABASE_URL is set' },
      { name: 'CUMULUS_DIST_DIR', fallback: '<repo>/dist', meaning: 'the built front end' },
      { name: 'CUMULUS_PLUGINS_DIR', fallback: '<repo>/plugins', meaning: 'the plugin packages' },
      {
        name: 'CUMULUS_PLUGINS_CONFIG',
        fallback: 'none',
        meaning: 'the deployment config naming third-party plugin remotes by URL and integrity hash; --plugins-config overrides it',
      },
      { name: 'CUMULUS_ADMIN_PASSWORD', fallback: 'generated', meaning: 'password of admin, used on the first start only' },
    ],
  },
  {
    title: 'Several server processes (scale-out)',
    settings: [
      {
        name: 'CUMULUS_DATABASE_URL',
        fallback: 'unset',
        meaning:
          'postgres://user:password@host:5432/database: metadata, sessions, app passwords, sign-in failures, locks and uploads in PostgreSQL, shared by every process; the database is created when missing and the role may. Unset: SQLite in the data dir (one process)',
      },
      { name: 'CUMULUS_DATABASE_POOL_SIZE', fallback: '10', meaning: 'connections each process keeps to PostgreSQL at most (plus one that announces the process)' },
      {
        name: 'CUMULUS_S3_BUCKET',
        fallback: 'unset',
        meaning:
          'file content in this bucket of S3-compatible object storage (Ceph RGW, MinIO, AWS), one object per file keyed urn:oid:<fileid>, chunked uploads\' chunks too; created when missing, checked at start. Unset: files/<uid>/ in the data dir',
      },
      { name: 'CUMULUS_S3_ENDPOINT', fallback: 'AWS', meaning: 'the service\'s URL (http://127.0.0.1:7480 for a local RGW); unset: AWS itself' },
      { name: 'CUMULUS_S3_REGION', fallback: 'us-east-1', meaning: 'the signing region (RGW and MinIO take any)' },
      { name: 'CUMULUS_S3_ACCESS_KEY_ID', fallback: 'none', meaning: 'the access key; required with CUMULUS_S3_BUCKET' },
      { name: 'CUMULUS_S3_SECRET_ACCESS_KEY', fallback: 'none', meaning: 'its secret; required with CUMULUS_S3_BUCKET' },
      { name: 'CUMULUS_S3_PATH_STYLE', fallback: '1 with an endpoint', meaning: '1: http://host/bucket/key (RGW, MinIO); 0: virtual-hosted buckets (AWS)' },
      {
        name: 'CUMULUS_TRUSTED_PROXIES',
        fallback: 'none',
        meaning: 'the load balancer\'s addresses or CIDR ranges: its X-Forwarded-For gives the client address (sign-in throttling), X-Forwarded-Proto/-Host the URL',
      },
    ],
  },
  {
    title: 'Uploads, disk and housekeeping',
    settings: [
      { name: 'CUMULUS_MAX_CHUNK_SIZE', fallback: '104857600', meaning: 'chunk size advertised for chunked uploads (bytes)' },
      { name: 'CUMULUS_BULK_UPLOAD', fallback: 'off', meaning: '1 offers Nextcloud\'s bulk upload (POST /remote.php/dav/bulk) to desktop clients; off because Debian 12\'s nextcloudcmd 3.7 fails on empty files with it' },
      { name: 'CUMULUS_RESCAN_INTERVAL', fallback: '60', meaning: 'seconds after which a PROPFIND first checks the folder\'s tree on disk (0: every time)' },
      {
        name: 'CUMULUS_TMP_SWEEP_INTERVAL',
        fallback: '3600',
        meaning:
          'seconds between sweeps of tmp/ (and settling the interrupted COPY/MOVE of processes that died; with S3, objects no file points at and abandoned multipart uploads older than an hour); a live process\'s files stay',
      },
    ],
  },
  {
    title: 'Live changes',
    settings: [
      { name: 'CUMULUS_CHANGES_POLL_MS', fallback: '500', meaning: 'how often each process reads the change feed\'s table for changes other processes made (ms)' },
      { name: 'CUMULUS_CHANGES_FALLBACK_POLL_MS', fallback: '5000', meaning: 'on PostgreSQL, where a NOTIFY wakes every process at each change, how often it still reads the table (ms)' },
      { name: 'CUMULUS_CHANGES_MAX_CONNECTIONS', fallback: '8', meaning: 'change-feed connections per user; a new one beyond drops the oldest' },
      { name: 'CUMULUS_CHANGES_WINDOW', fallback: '3600', meaning: 'seconds of changes kept for clients that reconnect (older: they are told to refetch)' },
      { name: 'CUMULUS_CHANGES_MAX_ROWS', fallback: '100000', meaning: 'changes kept at most, whatever their age' },
    ],
  },
  {
    title: 'Signing in',
    settings: [
      { name: 'CUMULUS_SESSION_LIFETIME', fallback: '86400', meaning: 'seconds a browser session lives without activity' },
      { name: 'CUMULUS_THROTTLE_MAX_FAILURES', fallback: '10', meaning: 'failed sign-ins per address and login before 429' },
      { name: 'CUMULUS_THROTTLE_MAX_FAILURES_PER_IP', fallback: '100', meaning: 'failed sign-ins per address before 429 for logins not known there' },
      { name: 'CUMULUS_THROTTLE_WINDOW', fallback: '900', meaning: 'seconds over which failures count' },
      { name: 'CUMULUS_THROTTLE_DELAY_MS', fallback: '100', meaning: 'delay after the first failure; doubles per failure, at most 25 s' },
      { name: 'CUMULUS_CREDENTIAL_CACHE_TTL', fallback: '30', meaning: 'seconds a verified Basic password is remembered per process (checked against the stored hash on every use)' },
    ],
  },
  {
    title: 'Logs and features',
    settings: [
      { name: 'CUMULUS_LOG_REQUESTS', fallback: 'off', meaning: '1 logs every request; warnings and 5xx answers are always logged' },
      { name: 'CUMULUS_ENABLE_NON_ACCESSIBLE_FEATURES', fallback: 'on', meaning: 'false hides the grid view of the Files screen' },
    ],
  },
];

/** The names of every documented setting. */
export function documentedSettings(): string[] {
  return GROUPS.flatMap((group) => group.settings.map((setting) => setting.name));
}

/** `cumulus serve --help`: every environment setting, its default and meaning. */
export function serveHelp(usage: string): string {
  const lines = [`Usage: cumulus ${usage}`, '', 'Runs the server. Settings are environment variables; every one has a working default.'];
  for (const group of GROUPS) {
    lines.push('', `${group.title}:`);
    for (const setting of group.settings) lines.push(`  ${setting.name} (default ${setting.fallback})`, `      ${setting.meaning}`);
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
