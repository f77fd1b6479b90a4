import { PLUGIN_ID_PATTERN } from '@cumulus/protocol';
import type { ServerPluginDefinition, ServerPluginDefinitionInput } from './types';

/** What a plugin id looks like: the one rule of `@cumulus/protocol`, which the SDK's `definePlugin` follows too. */
export const SERVER_PLUGIN_ID_PATTERN = PLUGIN_ID_PATTERN;

/** The contract version this server speaks. */
export const SERVER_PLUGIN_API_VERSION = 1;

/** Thrown for a definition or registration the server refuses; names the plugin. */
export class ServerPluginError extends Error {
  constructor(
    readonly pluginId: string,
    message: string,
  ) {
    super(`Plugin "${pluginId}": ${message}`);
    this.name = 'ServerPluginError';
  }
}

/** Why `value` cannot be a server plugin definition, or null. */
function definitionProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'a server plugin definition must be an object';
  const def = value as { id?: unknown; activate?: unknown; deactivate?: unknown };
  if (typeof def.id !== 'string' || !SERVER_PLUGIN_ID_PATTERN.test(def.id)) return `id must match ${String(SERVER_PLUGIN_ID_PATTERN)}`;
  if (typeof def.activate !== 'function') return 'activate must be a function';
  if (def.deactivate !== undefined && typeof def.deactivate !== 'function') return 'deactivate must be a function';
  return null;
}

/**
 * Declares a plugin's server part: checks its id and functions and stamps the type tag the
 * server recognises it by.
 *
 * @throws ServerPluginError when the id or the functions are wrong (at module load)
 */
export function defineServerPlugin(def: ServerPluginDefinitionInput): ServerPluginDefinition {
  const problem = definitionProblem(def);
  if (problem !== null) {
    const id = typeof (def as { id?: unknown } | null)?.id === 'string' ? def.id : '';
    throw new ServerPluginError(id, `invalid server plugin definition: ${problem}`);
  }
  return Object.freeze({
    kind: 'cumulus.server-plugin' as const,
    apiVersion: 1 as const,
    id: def.id,
    activate: def.activate,
    ...(def.deactivate ? { deactivate: def.deactivate } : {}),
  });
}

/** Whether `value` is a server plugin definition this server can activate (by tag, version and shape). */
export function isServerPluginDefinition(value: unknown): value is ServerPluginDefinition {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { kind?: unknown; apiVersion?: unknown };
  return candidate.kind === 'cumulus.server-plugin' && candidate.apiVersion === SERVER_PLUGIN_API_VERSION && definitionProblem(value) === null;
}
