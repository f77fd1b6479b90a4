import type { Kysely } from 'kysely';
import type { SqlDialectName } from '../db/connection';
import type { UserStore } from '../auth/users';
import type { FileService } from '../storage/files/file-service';
import type { PluginChanges } from '../plugin-api';
import type { HostLog } from './host';
import { PluginHost, messageOf } from './host';
import type { PluginLoadFailure } from './loader';
import { loadServerPlugins } from './loader';
import type { PluginPackage, RejectedPackage } from './packages';
import { examplesOf, findPluginPackages } from './packages';
import { pluginUsers } from './services';
import { PluginStates } from './states';

/** The plugins of a running server: what is installed, switched and active. */
export interface PluginRuntime {
  host: PluginHost;
  states: PluginStates;
  /** The plugin packages found at start-up. */
  packages: PluginPackage[];
  /** Packages that could not be read, and enabled plugins whose server part failed to load. */
  problems: { rejected: RejectedPackage[]; failures: PluginLoadFailure[] };
  /** Deactivates every plugin (when the server stops). */
  stop(): Promise<void>;
}

/**
 * Finds the plugin packages in `pluginsDir`, loads the server parts of the enabled ones and
 * connects their node hooks to the storage layer. Problems are logged with the plugin's id
 * and the server starts without that plugin.
 */
export async function startPlugins(options: {
  pluginsDir: string;
  db: Kysely<unknown>;
  dialect?: SqlDialectName;
  files: FileService;
  /** The server's users, for `ctx.users` and to check the users `ctx.files` is asked about. */
  users?: UserStore;
  log: HostLog;
  changes?: PluginChanges;
  /** A user's quota in bytes (-1: unlimited), for `ctx.files.usage`; unlimited when not given. */
  quotaOf?: (uid: string) => Promise<number>;
}): Promise<PluginRuntime> {
  const storage = { files: options.files, quotaOf: options.quotaOf ?? (async () => -1), ...(options.users ? { users: options.users } : {}) };
  const host = new PluginHost(
    options.log,
    { db: options.db, dialect: options.dialect ?? 'sqlite' },
    { storage, ...(options.users ? { users: pluginUsers(options.users) } : {}), ...(options.changes ? { changes: options.changes } : {}) },
  );
  const states = new PluginStates(options.db);
  const { packages, rejected } = await findPluginPackages(options.pluginsDir);
  for (const problem of rejected) options.log.error(`The plugin package in ${problem.dir} was left out: ${problem.message}`);
  const failures = await loadServerPlugins(host, packages, await states.disabledIds(examplesOf(packages)));
  for (const failure of failures) options.log.error(`The plugin "${failure.id}" was not loaded: ${failure.message}`);
  const removeListener = options.files.events.add(host.nodeEventListener());
  options.files.events.onError = (error) => options.log.error(`A node event listener failed: ${messageOf(error)}`);
  return {
    host,
    states,
    packages,
    problems: { rejected, failures },
    async stop() {
      removeListener();
      for (const id of host.activeIds().reverse()) await host.deactivate(id);
    },
  };
}
