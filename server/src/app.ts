import Fastify, { LogController } from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from './config';
import { withDefaults } from './config';
import { dialectOf } from './db/connection';
import type { FileService } from './storage';
import type { Accounts } from './auth/accounts';
import type { AdminBootstrap } from './auth/bootstrap';
import { ensureAdmin } from './auth/bootstrap';
import { installAuth } from './auth/hook';
import { registerApi } from './api';
import { installCompression } from './api/compression';
import { registerWeb } from './web';
import { UserConfigStore } from './api/user-config';
import { registerDav } from './dav';
import { answerClientError } from './client-errors';
import { installBodyDrain } from './unread-bodies';
import type { PluginRuntime } from './plugin-host';
import { davPluginHandlers, startPlugins } from './plugin-host';
import { openServices } from './open-services';
import { installServerErrorLog } from './server-errors';
import { readDeploymentConfig } from './plugin-host/deployment-config';
import { ChangeFeed, fanOutToMounts, installNotifyPush, registerChangeFeed } from './changes';
import type { PublicLinkAccess } from './auth/public-links';
import { PublicLinkGuard } from './auth/public-links';

export { DATABASE_FILE } from './db/open';

/** What {@link buildApp} returns: the fastify app (not yet listening) and the services behind it. */
export interface BuiltApp {
  app: FastifyInstance;
  files: FileService;
  db: Kysely<unknown>;
  accounts: Accounts;
  /** The plugins: installed, switched, and the server parts loaded at start-up. */
  plugins: PluginRuntime;
  /** What the first-start admin creation did. */
  admin: AdminBootstrap;
  /** The per-user change feed (live updates). */
  changes: ChangeFeed;
  /** Closes the app and the database. */
  close(): Promise<void>;
}

/** Opens the data dir and database, applying every migration; used by the server and the CLI (its own module, which the CLI loads without the web server). */
export { openServices };

/**
 * Settles the COPY and MOVE operations a crash cut short and sweeps temporary leftovers,
 * before the server takes a request (see `storage/content/local/tree-operations.ts`). What cannot be
 * settled is reported on stderr and left to the disk checks.
 */
async function recoverStorage(files: FileService): Promise<void> {
  const report = await files.recoverInterrupted();
  for (const { operation, error } of report.failed) {
    process.stderr.write(`Could not settle the interrupted ${operation.kind} of ${operation.source} to ${operation.destination}: ${(error as Error).stack ?? String(error)}\n`);
  }
}

/** `/index.php/…` reaches the same routes as `/…`, as in Nextcloud. */
function stripIndexPhp(url: string): string {
  if (url.startsWith('/index.php/')) return url.slice('/index.php'.length);
  if (url === '/index.php' || url.startsWith('/index.php?')) return `/${url.slice('/index.php'.length)}`;
  return url;
}

/**
 * Builds the server: database and migrations, the `admin` user on first start, the
 * authentication hook, the JSON/OCS endpoints, the sign-in page, static front end and WebDAV.
 */
export async function buildApp(config: ServerConfig): Promise<BuiltApp> {
  // An operator's broken deployment config stops the start with its reason, before anything opens.
  if (config.pluginsConfig !== undefined) await readDeploymentConfig(config.pluginsConfig);
  const { db, files, accounts } = await openServices(config);
  await recoverStorage(files);
  const admin = await ensureAdmin(accounts.users, config.dataDir, config.adminPassword, (uid) => files.ensureUserRoot(uid));

  const app = Fastify({
    // Warnings and errors (every 5xx among them) are always logged; requests only when asked.
    logger: { level: config.logRequests ? 'info' : 'warn' },
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    rewriteUrl: (request) => stripIndexPhp(request.url ?? '/'),
    // WebDAV paths carry long file names.
    routerOptions: { maxParamLength: 4096 },
    // request.ip (which the sign-in throttle keys on) comes from X-Forwarded-For only when the
    // peer is a listed proxy: the rightmost hop that is not one of them.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    clientErrorHandler: answerClientError,
  });
  // Every change the storage layer makes, to the users' change feeds (changes/).
  const changes = new ChangeFeed(db, { ...config.changeFeed, onError: (error) => app.log.warn({ err: error }, 'The change feed failed') });
  files.events.add(changes.nodeEventListener());
  await changes.start();
  // Live connections never end by themselves: close them before the server waits for them.
  app.addHook('preClose', async () => changes.stop());
  // The log keeps warnings and errors even when request logging is off: plugin problems show.
  const plugins = await startPlugins({
    pluginsDir: config.pluginsDir,
    db,
    dialect: dialectOf(db),
    files,
    log: app.log,
    changes,
    users: accounts.users,
    quotaOf: async (uid) => (await accounts.users.get(uid))?.quota ?? -1,
  });
  // A change inside a mount (a received share) is also a change of every user who sees it, at their path.
  changes.seenAlsoBy((batch) =>
    fanOutToMounts(batch, {
      placementsOf: (owner) => plugins.host.placementsOf(owner),
      pathOf: async (owner, fileid) => (await files.getById(owner, fileid))?.path ?? null,
    }),
  );
  installServerErrorLog(app);
  installBodyDrain(app);
  installAuth(app, accounts, (uid) => files.ensureUserRoot(uid));
  // Multistatus listings of 100,000 entries are over 100 MB of XML: brotli makes them ~3 MB.
  installCompression(app);
  let draining = false;
  // Public links (plugins' providers): one resolver and one password guard for the page and DAV.
  const publicGuard = new PublicLinkGuard({ maxFailures: config.throttleMaxFailures, window: config.throttleWindow, delayMs: config.throttleDelayMs });
  const publicLink = async (token: string): Promise<PublicLinkAccess | null> => {
    const link = await plugins.host.publicLink(token);
    const owner = link ? await accounts.users.get(link.owner) : null;
    return link && owner ? { token, link, ownerDisplayName: owner.displayName, ownerQuota: owner.quota } : null;
  };
  registerApi(app, { config, db, files, accounts, plugins, draining: () => draining, mountsFor: (uid) => plugins.host.mountsFor(uid, (owner) => accounts.users.get(owner)), publicLinks: { resolve: publicLink, guard: publicGuard } });
  const userConfig = new UserConfigStore(db);
  registerWeb(app, { config, files, accounts, publicLinks: { resolve: publicLink, guard: publicGuard }, userLanguage: (uid) => userConfig.getLanguage(uid) });
  registerDav(app, {
    files,
    db,
    config: { maxChunkSize: config.maxChunkSize, rescanInterval: config.rescanInterval, bulkUpload: config.bulkUpload, replayWindow: config.replayWindow },
    pluginLiveProperties: () => plugins.host.davLiveProperties(),
    pluginHandlers: davPluginHandlers(plugins.host, files, app.log),
    pluginCollection: (name) => plugins.host.davCollection(name)?.entry,
    mountsFor: (uid) => plugins.host.mountsFor(uid, (owner) => accounts.users.get(owner)),
    publicLink,
    publicGuard,
  });
  registerChangeFeed(app, changes);
  // Nextcloud's desktop and mobile clients: notify_push over the same feed.
  installNotifyPush(app, { feed: changes, accounts });

  const sweeper = setInterval(() => {
    files.sweepTemporary().catch((error: unknown) => app.log.warn({ err: error }, 'Sweeping temporary files failed'));
  }, config.tmpSweepInterval * 1000);
  sweeper.unref();

  let closed = false;
  return {
    app,
    files,
    db,
    accounts,
    plugins,
    admin,
    changes,
    async close() {
      if (closed) return;
      closed = true;
      draining = true;
      clearInterval(sweeper);
      await changes.stop();
      // Idle keep-alive connections close at once (fastify); a request still answering gets a moment
      // to finish, then its connection is cut: a client that stopped reading an answer would otherwise
      // hold the server open for as long as it keeps the socket.
      const cut = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
      try {
        await app.close();
      } finally {
        clearTimeout(cut);
      }
      await plugins.stop();
      await files.close();
      await db.destroy();
    },
  };
}

/** How long a stopping server waits for the answers still being sent before it cuts their connections. */
export const CLOSE_GRACE_MS = 5_000;

/** What {@link startServer} returns. */
export interface StartedServer {
  /** Base URL, e.g. `http://127.0.0.1:41234` (no trailing slash). */
  url: string;
  port: number;
  /** The admin password: the configured one, or the generated one kept in the data dir ('' if unknown). */
  adminPassword: string;
  /** Where a generated admin password is kept, when it was generated. */
  adminPasswordFile?: string;
  /** True when this start created the admin user. */
  firstStart: boolean;
  /** The app and services, for tests that look inside. */
  built: BuiltApp;
  /** Stops listening and closes the database. */
  close(): Promise<void>;
}

/**
 * Builds and starts the server. Tests pass `{ dataDir, port: 0, adminPassword }` and get the
 * URL of a free port on 127.0.0.1.
 */
export async function startServer(options: Partial<ServerConfig> & { dataDir: string; port?: number }): Promise<StartedServer> {
  const config = withDefaults({ host: '127.0.0.1', port: 0, ...options });
  const built = await buildApp(config);
  try {
    await built.app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await built.close();
    throw error;
  }
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    adminPassword: built.admin.password,
    ...(built.admin.passwordFile ? { adminPasswordFile: built.admin.passwordFile } : {}),
    firstStart: built.admin.created,
    built,
    close: () => built.close(),
  };
}
