import { relative, resolve } from 'node:path';
import type { PluginManifestEntry } from '@cumulus/protocol';
import type { ServerConfig } from '../config';
import type { PluginPackage } from '../plugin-host/packages';
import { findPluginPackages } from '../plugin-host/packages';
import { PluginStates } from '../plugin-host/states';
import { readDeploymentConfig } from '../plugin-host/deployment-config';
import { PluginManifestSource } from '../api/plugins';
import type { ParsedArgs } from './args';
import { optionValue } from './args';
import type { Command } from './user-commands';
import { NotFound, needPositional, pad, withServices } from './user-commands';
import { println } from './io';

/** `--plugins-config FILE` overrides `CUMULUS_PLUGINS_CONFIG`: the deployment config naming third-party remotes. */
export const PLUGINS_CONFIG_OPTION = 'plugins-config';

/** The deployment config file the command works with, if any. */
export function pluginsConfigOf(args: ParsedArgs, config: ServerConfig): string | undefined {
  const given = optionValue(args, PLUGINS_CONFIG_OPTION);
  return given !== undefined ? resolve(given) : config.pluginsConfig;
}

/** A plugin as the operator's commands see it: a package of the plugins folder, or a remote of the deployment config. */
interface KnownPlugin {
  id: string;
  name: string;
  version: string;
  /** Where it comes from: the package's folder, or `config`. */
  source: string;
  /** Whether it has a server part (which follows a switch only at the next start). */
  server: boolean;
  /** An example plugin: off until enabled. */
  example: boolean;
}

/** The installed packages and the deployment config's remotes (a remote may not take a package's id). */
async function knownPlugins(config: ServerConfig, configFile: string | undefined, warn: (line: string) => void): Promise<KnownPlugin[]> {
  const { packages, rejected } = await findPluginPackages(config.pluginsDir);
  for (const problem of rejected) warn(`Skipped ${problem.dir}: ${problem.message}`);
  const known: KnownPlugin[] = packages.map((pkg) => ({ id: pkg.id, name: pkg.name, version: pkg.version, source: sourceOf(pkg), server: pkg.server !== undefined, example: pkg.example === true }));
  if (configFile !== undefined) {
    // As the manifest endpoint does: no remote takes the id of a plugin the build ships (or of a package).
    const built = await new PluginManifestSource(config.distDir).read().catch(() => ({ plugins: [] }));
    const reserved = new Set([...packages.map((pkg) => pkg.id), ...built.plugins.map((plugin) => plugin.id)]);
    const { remotes, rejected: refused } = await readDeploymentConfig(configFile, reserved);
    for (const problem of refused) warn(`Skipped a remote of ${configFile}: ${problem.message}`);
    known.push(...remotes.map((remote: PluginManifestEntry) => ({ id: remote.id, name: remote.name, version: remote.version, source: 'config', server: false, example: false })));
  }
  return known;
}

/** Where a plugin comes from, as `plugins:list` shows it: its folder, relative to the working directory when inside it. */
function sourceOf(pkg: PluginPackage): string {
  const shown = relative(process.cwd(), pkg.dir);
  return shown.startsWith('..') ? pkg.dir : shown;
}

/** The installed or configured plugin with this id, or NotFound naming the ones there are. */
async function installed(config: ServerConfig, configFile: string | undefined, id: string, warn: (line: string) => void): Promise<KnownPlugin> {
  const plugins = await knownPlugins(config, configFile, warn);
  const found = plugins.find((plugin) => plugin.id === id);
  if (!found) {
    const known = plugins.map((plugin) => plugin.id).join(', ') || 'none';
    throw new NotFound(`The plugin "${id}" is not installed (installed: ${known}).`);
  }
  return found;
}

/** `plugins:enable` and `plugins:disable`: the same switch, either way. */
function switchCommand(enabled: boolean): Command {
  const verb = enabled ? 'enable' : 'disable';
  return {
    usage: `plugins:${verb} <id> [--plugins-config FILE]`,
    summary: `${enabled ? 'Enable' : 'Disable'} a plugin or a remote of the deployment config (web part: next page load; server part: next start).`,
    valued: [PLUGINS_CONFIG_OPTION],
    flags: [],
    async run(args, io, config) {
      const [id = ''] = needPositional(args, 1, this.usage);
      const pkg = await installed(config, pluginsConfigOf(args, config), id, (line) => println(io.stderr, line));
      return withServices(config, async ({ db }) => {
        await new PluginStates(db).setEnabled(pkg.id, enabled);
        println(io.stdout, `The plugin "${pkg.id}" is ${verb}d.`);
        println(io.stdout, pkg.server ? 'The web part follows at the next page load, the server part at the next server start.' : 'It follows at the next page load.');
        return 0;
      });
    },
  };
}

/** The plugin commands: list the installed plugins and switch them. */
export const pluginCommands: Record<string, Command> = {
  'plugins:list': {
    usage: 'plugins:list [--json] [--plugins-config FILE]',
    summary: 'List the installed plugins and the remotes of the deployment config: id, version, enabled, source (folder, or config).',
    valued: [PLUGINS_CONFIG_OPTION],
    flags: ['json'],
    async run(args, io, config) {
      needPositional(args, 0, this.usage);
      const plugins = await knownPlugins(config, pluginsConfigOf(args, config), (line) => println(io.stderr, line));
      return withServices(config, async ({ db }) => {
        const disabled = await new PluginStates(db).disabledIds(plugins.filter((plugin) => plugin.example).map((plugin) => plugin.id));
        const rows = plugins.map((plugin) => ({ id: plugin.id, name: plugin.name, version: plugin.version, enabled: !disabled.has(plugin.id), source: plugin.source }));
        if (args.options.has('json')) {
          println(io.stdout, JSON.stringify(rows, null, 2));
          return 0;
        }
        const idWidth = Math.max(2, ...rows.map((row) => row.id.length)) + 2;
        const versionWidth = Math.max(7, ...rows.map((row) => row.version.length)) + 2;
        println(io.stdout, `${pad('ID', idWidth)}${pad('VERSION', versionWidth)}${pad('ENABLED', 9)}SOURCE`);
        for (const row of rows) println(io.stdout, `${pad(row.id, idWidth)}${pad(row.version, versionWidth)}${pad(row.enabled ? 'yes' : 'no', 9)}${row.source}`);
        return 0;
      });
    },
  },
  'plugins:enable': switchCommand(true),
  'plugins:disable': switchCommand(false),
};
