import { LANGUAGE_TAG_PATTERN, PLUGIN_ID_PATTERN } from '@cumulus/protocol';
import { PluginError } from './plugin-error';
import type { PluginDefinition, PluginDefinitionInput } from './types';
import { SDK_VERSION } from '../version';

/** What a plugin id looks like: the rule of `@cumulus/protocol`, which the server and the manifest follow too. */
export { PLUGIN_ID_PATTERN };

/** The contract version this SDK speaks. */
export const PLUGIN_API_VERSION = 1;

/** A semantic version, `MAJOR.MINOR.PATCH` with an optional pre-release or build suffix. */
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:[-+][0-9A-Za-z.+-]+)?$/;

/** The major version of a semantic version, or undefined when `version` is not one. */
export function sdkMajor(version: string): number | undefined {
  const match = SEMVER.exec(version);
  return match === null ? undefined : Number(match[1]);
}

/** The major and minor of a semantic version, or undefined when `version` is not one. */
function majorMinor(version: string): [number, number] | undefined {
  const match = SEMVER.exec(version);
  return match === null ? undefined : [Number(match[1]), Number(match[2])];
}

/**
 * Why a plugin built against the SDK `declared` cannot run on the SDK this
 * shell provides (`provided`, by default this SDK's own version), or null
 * when it can: the majors must be equal, since a major release may change any
 * registration shape; before 1.0 (major 0) the minors must be equal too, since
 * there a minor release may (0.2.0 changed every entry to `exec(ctx)`), as
 * semver's caret range `^0.x.y` says.
 */
export function sdkIncompatibility(declared: string, provided: string = SDK_VERSION): string | null {
  const wanted = majorMinor(declared);
  if (wanted === undefined) return `its declared SDK version ${JSON.stringify(declared)} is not a semantic version`;
  const [major, minor] = majorMinor(provided) ?? [Number.NaN, Number.NaN];
  if (wanted[0] !== major) return `it was built against SDK ${declared}, and this app provides SDK ${provided} (another major version)`;
  if (major === 0 && wanted[1] !== minor) return `it was built against SDK ${declared}, and this app provides SDK ${provided} (another minor version; before 1.0 each minor version may change the plugin contract)`;
  return null;
}

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
    ...(def.sdkVersion !== undefined ? { sdkVersion: def.sdkVersion } : {}),
    ...(def.translations !== undefined ? { translations: Object.freeze({ ...def.translations }) } : {}),
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
  const def = value as { id?: unknown; activate?: unknown; deactivate?: unknown; sdkVersion?: unknown; translations?: unknown };
  if (typeof def.id !== 'string' || !PLUGIN_ID_PATTERN.test(def.id)) return `id must match ${String(PLUGIN_ID_PATTERN)}`;
  if (typeof def.activate !== 'function') return 'activate must be a function';
  if (def.deactivate !== undefined && typeof def.deactivate !== 'function') return 'deactivate must be a function';
  if (def.sdkVersion !== undefined && (typeof def.sdkVersion !== 'string' || !SEMVER.test(def.sdkVersion))) {
    return 'sdkVersion must be a semantic version such as "1.2.3" (import { SDK_VERSION } from \'@cumulus/sdk/version\')';
  }
  if (def.translations !== undefined) {
    if (typeof def.translations !== 'object' || def.translations === null || Array.isArray(def.translations)) return 'translations must be an object of language → loader';
    for (const [language, loader] of Object.entries(def.translations)) {
      if (!LANGUAGE_TAG_PATTERN.test(language)) return `translations: "${language}" is not a language tag such as "de" or "pt-BR"`;
      if (typeof loader !== 'function') return `translations.${language} must be a function that loads the catalogue, e.g. () => import('./locales/${language}.json')`;
    }
  }
  return null;
}
