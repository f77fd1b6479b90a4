import { PluginError } from './plugin-error';
import type { PluginDefinition, PluginDefinitionInput } from './types';

/** What a plugin id looks like. */
export const PLUGIN_ID_PATTERN = /^[a-z0-9][a-z0-9._-]*$/;

/** The contract version this SDK speaks. */
export const PLUGIN_API_VERSION = 1;

/**
 * Declares a plugin: checks its id and functions and stamps the type tag
 * (`kind: 'cumulus.plugin'`, `apiVersion: 1`) the host recognises it by.
 *
 * @throws PluginError (phase `'load'`) when the id does not match
 *   `PLUGIN_ID_PATTERN` or `activate`/`deactivate` are not functions; this
 *   runs while the remote module evaluates, so the loader sees a load failure.
 */
export function definePlugin(def: PluginDefinitionInput): PluginDefinition {
  const reason = definitionProblem(def);
  if (reason !== null) {
    const id = typeof (def as { id?: unknown } | null)?.id === 'string' ? def.id : '';
    throw new PluginError({ pluginId: id, phase: 'load', message: `Invalid plugin definition: ${reason}` });
  }
  const definition: PluginDefinition = {
    kind: 'cumulus.plugin',
    apiVersion: PLUGIN_API_VERSION,
    id: def.id,
    activate: def.activate,
    ...(def.deactivate ? { deactivate: def.deactivate } : {}),
  };
  return Object.freeze(definition);
}

/**
 * Whether `value` is a plugin definition this SDK can activate: recognised
 * by its type tag and version and checked for shape, never by `instanceof`
 * (the shell and a remote may hold different copies of the SDK).
 */
export function isPluginDefinition(value: unknown): value is PluginDefinition {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { kind?: unknown; apiVersion?: unknown };
  return candidate.kind === 'cumulus.plugin' && candidate.apiVersion === PLUGIN_API_VERSION && definitionProblem(value) === null;
}

/** Why `value` cannot be a plugin definition, or null. */
function definitionProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'a plugin definition must be an object';
  const def = value as { id?: unknown; activate?: unknown; deactivate?: unknown };
  if (typeof def.id !== 'string' || !PLUGIN_ID_PATTERN.test(def.id)) return `id must match ${String(PLUGIN_ID_PATTERN)}`;
  if (typeof def.activate !== 'function') return 'activate must be a function';
  if (def.deactivate !== undefined && typeof def.deactivate !== 'function') return 'deactivate must be a function';
  return null;
}
