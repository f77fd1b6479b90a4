import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { Writable } from 'node:stream';
import { join, resolve } from 'node:path';
import { openServices } from '../open-services';
import { dialectOf } from '../db/connection';
import { hasDatabase } from '../db/open';
import type { ServerConfig } from '../config';
import { PluginHost, PluginStates, examplesOf, findPluginPackages } from '../plugin-host';
import { loadServerPlugins } from '../plugin-host/loader';
import { pluginUsers } from '../plugin-host/services';
import type { Command } from './user-commands';
import { println } from './io';

/** The `--data-dir` of a command line, before it is parsed (plugin commands depend on it). */
export function dataDirOption(argv: readonly string[]): string | undefined {
  for (const [index, arg] of argv.entries()) {
    if (arg === '--') return undefined;
    if (arg === '--data-dir') return argv[index + 1];
    if (arg.startsWith('--data-dir=')) return arg.slice('--data-dir='.length);
  }
  return undefined;
}

/**
 * The commands the enabled plugins' server parts register, as `cumulus` commands named
 * `<plugin id>:<name>`. The plugins get the data dir's database and files (`ctx.database`,
 * `ctx.files`), so their commands work on the installation. A data dir without a database
 * is not created just to list or run commands: the plugins then meet an empty, temporary
 * one, removed at `close`. A plugin that fails to load is reported on `stderr` and
 * contributes nothing.
 */
export async function loadPluginCommands(config: ServerConfig, stderr: Writable): Promise<{ commands: Map<string, Command>; close(): Promise<void> }> {
  const scratch = hasDatabase(config) ? undefined : await mkdtemp(join(tmpdir(), 'cumulus-cli-'));
  const services = await openServices(scratch === undefined ? config : { ...config, dataDir: scratch, databaseUrl: undefined });
  const release = async (): Promise<void> => {
    await services.db.destroy();
    if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
  };
  let host: PluginHost;
  try {
    const { packages } = await findPluginPackages(config.pluginsDir);
    const disabled = await new PluginStates(services.db).disabledIds(examplesOf(packages));
    const log = { info: () => undefined, warn: (line: string) => println(stderr, line), error: (line: string) => println(stderr, line) };
    host = new PluginHost(
      log,
      { db: services.db, dialect: dialectOf(services.db) },
      {
        storage: { files: services.files, quotaOf: async (uid) => (await services.accounts.users.get(uid))?.quota ?? -1, users: services.accounts.users },
        users: pluginUsers(services.accounts.users),
      },
    );
    const failures = await loadServerPlugins(host, packages, disabled);
    for (const failure of failures) println(stderr, `The plugin "${failure.id}" was not loaded: ${failure.message}`);
  } catch (error) {
    await release();
    throw error;
  }
  const commands = new Map<string, Command>();
  for (const [name, command] of host.commandsByName()) {
    commands.set(name, {
      usage: command.usage ? `${name} ${command.usage}` : name,
      summary: command.summary,
      valued: [],
      flags: [],
      async run(args, io) {
        return command.run([...args.positional], { out: (line) => println(io.stdout, line), err: (line) => println(io.stderr, line) });
      },
    });
  }
  return {
    commands,
    async close() {
      try {
        for (const id of host.activeIds().reverse()) await host.deactivate(id);
      } finally {
        await release();
      }
    },
  };
}

/** The data dir a command line names, else the configured one. */
export function effectiveConfig(config: ServerConfig, argv: readonly string[]): ServerConfig {
  const dataDir = dataDirOption(argv);
  return dataDir === undefined ? config : { ...config, dataDir: resolve(dataDir) };
}
