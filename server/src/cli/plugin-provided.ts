import type { Writable } from 'node:stream';
import { resolve } from 'node:path';
import { openServices } from '../app';
import { hasDatabase } from '../db/open';
import type { ServerConfig } from '../config';
import { PluginHost, PluginStates, findPluginPackages } from '../plugin-host';
import { loadServerPlugins } from '../plugin-host/loader';
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
 * `<plugin id>:<name>`. The switches are read from the data dir when it has a database (a
 * fresh one has every plugin enabled and is not created just to list commands). A plugin
 * that fails to load is reported on `stderr` and contributes nothing.
 */
export async function loadPluginCommands(config: ServerConfig, stderr: Writable): Promise<{ commands: Map<string, Command>; close(): Promise<void> }> {
  let disabled = new Set<string>();
  if (hasDatabase(config)) {
    const services = await openServices(config);
    try {
      disabled = await new PluginStates(services.db).disabledIds();
    } finally {
      await services.db.destroy();
    }
  }
  const { packages } = await findPluginPackages(config.pluginsDir);
  const log = { info: () => undefined, warn: (line: string) => println(stderr, line), error: (line: string) => println(stderr, line) };
  const host = new PluginHost(log);
  const failures = await loadServerPlugins(host, packages, disabled);
  for (const failure of failures) println(stderr, `The plugin "${failure.id}" was not loaded: ${failure.message}`);
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
      for (const id of host.activeIds().reverse()) await host.deactivate(id);
    },
  };
}

/** The data dir a command line names, else the configured one. */
export function effectiveConfig(config: ServerConfig, argv: readonly string[]): ServerConfig {
  const dataDir = dataDirOption(argv);
  return dataDir === undefined ? config : { ...config, dataDir: resolve(dataDir) };
}
