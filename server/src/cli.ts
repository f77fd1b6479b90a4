import type { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from './config';
import { resolve } from 'node:path';
import { AccountError } from './auth/user-validation';
import { UsageError, parseArgs } from './cli/args';
import type { CliIo } from './cli/io';
import { println } from './cli/io';
import type * as PluginProvidedModule from './cli/plugin-provided';
import type { Command } from './cli/user-commands';

type PluginProvided = typeof PluginProvidedModule;
import { NotFound, checkCommandOptions, userCommands } from './cli/user-commands';

/**
 * The commands by group, each group's module loaded only when one of its commands runs (or the
 * help lists them all): a user command never loads the web server, S3's client or the plugin host.
 */
const GROUPS: { prefix: string; load: () => Promise<Record<string, Command>> }[] = [
  { prefix: 'serve', load: async () => ({ serve: (await import('./cli/serve')).serveCommand }) },
  { prefix: 'user:', load: () => Promise.resolve(userCommands) },
  { prefix: 'plugins:', load: async () => (await import('./cli/plugin-commands')).pluginCommands },
  { prefix: 'db:', load: async () => (await import('./cli/db-commands')).dbCommands },
  { prefix: 'search:', load: async () => (await import('./cli/search-commands')).searchCommands },
];

/** Every `cumulus` command by name (loads every group). */
export async function allCommands(): Promise<Record<string, Command>> {
  const all: Record<string, Command> = {};
  // One group after the other, in the help's order.
  for (const group of GROUPS) Object.assign(all, await group.load());
  return all;
}

/** The built-in command called `name`, loading only its group; undefined for another name. */
async function builtInCommand(name: string): Promise<Command | undefined> {
  const group = GROUPS.find((candidate) => (candidate.prefix.endsWith(':') ? name.startsWith(candidate.prefix) : name === candidate.prefix));
  return group === undefined ? undefined : (await group.load())[name];
}

/** The plugins' commands: the plugin host and the server parts load only for them. */
const pluginProvided = async (): Promise<PluginProvided> => import('./cli/plugin-provided');

/** The help text. */
export async function usage(): Promise<string> {
  const lines = ['Usage: cumulus <command> [options] [--data-dir DIR]', '', 'Commands:'];
  for (const command of Object.values(await allCommands())) lines.push(`  ${command.usage}`, `      ${command.summary}`);
  lines.push('', 'The data directory is CUMULUS_DATA_DIR (default ./data) unless --data-dir is given.');
  return lines.join('\n');
}

/**
 * Runs the command line; returns the exit code: 0 done, 1 failed (for example an unknown or
 * existing user), 2 wrong usage.
 */
export async function main(argv: string[], io: CliIo = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env }): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    const out = name ? io.stdout : io.stderr;
    println(out, await usage());
    await printPluginCommands(out, io, rest);
    return name ? 0 : 2;
  }
  let loaded: Awaited<ReturnType<PluginProvided['loadPluginCommands']>> | undefined;
  try {
    let command = await builtInCommand(name);
    // `<plugin id>:<name>`: a command of an enabled plugin's server part.
    if (!command && name.includes(':')) {
      const { effectiveConfig, loadPluginCommands } = await pluginProvided();
      loaded = await loadPluginCommands(effectiveConfig(loadConfig(io.env), rest), io.stderr);
      command = loaded.commands.get(name);
    }
    if (!command) {
      println(io.stderr, `Unknown command "${name}". Run "cumulus help" for the list.`);
      return 2;
    }
    if (rest.includes('--help') || rest.includes('-h')) {
      println(io.stdout, command.help?.() ?? `Usage: cumulus ${command.usage}\n\n${command.summary}`);
      return 0;
    }
    const args = parseArgs(rest, new Set([...command.valued, 'data-dir']));
    checkCommandOptions(command, args);
    const config = loadConfig(io.env);
    const dataDir = args.options.get('data-dir');
    if (typeof dataDir === 'string') config.dataDir = resolve(dataDir);
    return await command.run(args, io, config);
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      println(io.stderr, error.message);
      return 2;
    }
    if (error instanceof AccountError || error instanceof NotFound) {
      println(io.stderr, `Error: ${error.message}`);
      return 1;
    }
    println(io.stderr, `Error: ${(error as Error).message ?? String(error)}`);
    return 1;
  } finally {
    await loaded?.close();
  }
}

/** Appends the enabled plugins' commands to the help; the help still prints when they cannot be loaded. */
async function printPluginCommands(out: Writable, io: CliIo, argv: readonly string[]): Promise<void> {
  try {
    const { effectiveConfig, loadPluginCommands } = await pluginProvided();
    const loaded = await loadPluginCommands(effectiveConfig(loadConfig(io.env), argv), io.stderr);
    try {
      if (loaded.commands.size === 0) return;
      const lines = ['', 'Commands of the enabled plugins:'];
      for (const command of loaded.commands.values()) lines.push(`  ${command.usage}`, `      ${command.summary}`);
      println(out, lines.join('\n'));
    } finally {
      await loaded.close();
    }
  } catch (error) {
    println(io.stderr, `The plugins' commands could not be listed: ${(error as Error).message}`);
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  process.exitCode = await main(process.argv.slice(2));
}
