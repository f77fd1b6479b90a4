import type { PluginCommand } from '../../plugin-api';
import type { ServerRegistry } from '../registry';

/** Command-line commands (`ctx.commands`): `cumulus <plugin id>:<name>`. */

const COMMAND_NAME = /^[a-z0-9][a-z0-9-]*$/;

/** Why a command is invalid (or its name taken by the same plugin in `registered`), or null. */
export function commandProblem(command: PluginCommand, owner: string, registered: ServerRegistry<PluginCommand>): string | null {
  if (typeof command.name !== 'string' || !COMMAND_NAME.test(command.name)) return `its name must match ${String(COMMAND_NAME)}`;
  if (typeof command.summary !== 'string' || command.summary.trim() === '') return 'it needs a summary';
  if (command.usage !== undefined && typeof command.usage !== 'string') return 'usage must be a string';
  if (typeof command.run !== 'function') return 'run must be a function';
  return registered.list().some((other) => other.owner === owner && other.entry.name === command.name) ? `the command ${owner}:${command.name} is already registered` : null;
}

/** The registered commands by their full name, `<plugin id>:<name>`. */
export function commandsByName(registered: ServerRegistry<PluginCommand>): Map<string, PluginCommand> {
  return new Map(registered.list().map(({ owner, entry }) => [`${owner}:${entry.name}`, entry]));
}
