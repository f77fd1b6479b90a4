import { relative } from 'node:path';
import type { ServerConfig } from '../config';
import type { PluginPackage } from '../plugin-host';
import { PluginStates, findPluginPackages } from '../plugin-host';
import type { Command } from './user-commands';
import { NotFound, needPositional, pad, withServices } from './user-commands';
import { println } from './io';

/** Where a plugin comes from, as `plugins:list` shows it: its folder, relative to the working directory when inside it. */
function sourceOf(pkg: PluginPackage): string {
  const shown = relative(process.cwd(), pkg.dir);
  return shown.startsWith('..') ? pkg.dir : shown;
}

/** The installed plugin with this id, or NotFound naming the ones there are. */
async function installed(config: ServerConfig, id: string): Promise<PluginPackage> {
  const { packages } = await findPluginPackages(config.pluginsDir);
  const found = packages.find((pkg) => pkg.id === id);
  if (!found) {
    const known = packages.map((pkg) => pkg.id).join(', ') || 'none';
    throw new NotFound(`The plugin "${id}" is not installed (installed: ${known}).`);
  }
  return found;
}

/** `plugins:enable` and `plugins:disable`: the same switch, either way. */
function switchCommand(enabled: boolean): Command {
  const verb = enabled ? 'enable' : 'disable';
  return {
    usage: `plugins:${verb} <id>`,
    summary: `${enabled ? 'Enable' : 'Disable'} a plugin (web part: next page load; server part: next start).`,
    valued: [],
    flags: [],
    async run(args, io, config) {
      const [id = ''] = needPositional(args, 1, this.usage);
      const pkg = await installed(config, id);
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
    usage: 'plugins:list [--json]',
    summary: 'List the installed plugins: id, version, enabled, source.',
    valued: [],
    flags: ['json'],
    async run(args, io, config) {
      needPositional(args, 0, this.usage);
      const { packages, rejected } = await findPluginPackages(config.pluginsDir);
      for (const problem of rejected) println(io.stderr, `Skipped ${problem.dir}: ${problem.message}`);
      return withServices(config, async ({ db }) => {
        const disabled = await new PluginStates(db).disabledIds();
        const rows = packages.map((pkg) => ({ id: pkg.id, name: pkg.name, version: pkg.version, enabled: !disabled.has(pkg.id), source: sourceOf(pkg) }));
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
