import { activatePlugin, isPluginDefinition } from '@cumulus/sdk';
import type { ActivePlugin, PluginDefinition, PluginHost } from '@cumulus/sdk';
import type { PluginManifest, PluginManifestEntry } from '../manifest/types';
import type { ManifestCheck, RejectedManifestEntry } from '../manifest/validate';
import { classifyLoadError } from './classifyLoadError';
import { PLUGIN_EXPOSE, containerName } from './containerName';
import { PluginLoadError, messageOf } from './errors';
import type { FederationRuntime } from './federationRuntime';
import { defaultFederationRuntime } from './federationRuntime';
import { readManifest } from './readManifest';

/** Where the manifest comes from: fetched from a URL, or given directly. */
export type ManifestSource = { manifestUrl: string; manifest?: never } | { manifest: PluginManifest; manifestUrl?: never };

/** Options of {@link loadPlugins}. */
export type LoadPluginsOptions = ManifestSource & {
  /** The shell's registries, event bus and translator, handed to every plugin's `activate`. */
  host: PluginHost;
  /**
   * Called once for every plugin that fails, including each manifest entry
   * that breaks the schema; the other plugins are still loaded.
   */
  onError?: (error: PluginLoadError) => void;
  /** Stand-in for `@module-federation/enhanced/runtime` (tests). */
  runtime?: FederationRuntime;
  /** Stand-in for the global `fetch` (tests). */
  fetch?: typeof fetch;
  /** Base for root-relative entries; defaults to the page's address. */
  baseUrl?: string;
};

/** What {@link loadPlugins} achieved. */
export interface LoadPluginsResult {
  /** Activated plugins, in manifest order; `deactivate()` removes everything one registered. */
  readonly active: readonly ActivePlugin[];
  /** Plugins that failed: refused manifest entries first, then the rest in manifest order (each was also passed to `onError`). */
  readonly failed: readonly PluginLoadError[];
}

type Loaded = { definition: PluginDefinition } | { error: PluginLoadError };

/**
 * Reads the plugin manifest, loads every enabled remote's `./plugin` module
 * through Module Federation and activates it with the SDK's `activatePlugin`.
 * A manifest entry that breaks the schema is reported as a
 * {@link PluginLoadError} of kind `invalid` (named by its id, or by its
 * position when it has no string id) and the valid entries still load.
 *
 * Remotes are fetched in parallel and activated one at a time in manifest
 * order, so registrations happen in a repeatable order. A remote that cannot
 * be fetched, fails to run, is not a plugin or throws while activating is
 * reported as a {@link PluginLoadError} and the rest keep working.
 *
 * @throws PluginManifestError when the manifest itself cannot be read, or is not a manifest at all.
 */
export async function loadPlugins(options: LoadPluginsOptions): Promise<LoadPluginsResult> {
  const fetchImpl = options.fetch ?? globalThis.fetch?.bind(globalThis);
  const { manifest, rejected }: ManifestCheck =
    options.manifest !== undefined ? { manifest: options.manifest, rejected: [] } : await readManifest(options.manifestUrl, fetchImpl);

  const active: ActivePlugin[] = [];
  const failed: PluginLoadError[] = [];
  const fail = (error: PluginLoadError): void => {
    failed.push(error);
    options.onError?.(error);
  };
  for (const entry of rejected) fail(rejectedEntryError(entry));

  const enabled = manifest.plugins.filter((plugin) => plugin.enabled);
  if (enabled.length === 0) return { active, failed };

  const runtime = options.runtime ?? (await defaultFederationRuntime());
  const baseUrl = options.baseUrl ?? globalThis.location?.href;
  const loading = enabled.map((plugin) => loadDefinition(plugin, runtime, resolveEntry(plugin.entry, baseUrl), fetchImpl));
  for (const [index, plugin] of enabled.entries()) {
    const loaded = await loading[index];
    if (loaded === undefined) continue;
    if ('error' in loaded) {
      fail(loaded.error);
      continue;
    }
    try {
      active.push(await activatePlugin(options.host, loaded.definition));
    } catch (error) {
      fail(activationError(plugin.id, error));
    }
  }
  return { active, failed };
}

/** Registers the remote and loads its `./plugin` module; never rejects. */
async function loadDefinition(
  plugin: PluginManifestEntry,
  runtime: FederationRuntime,
  entry: string,
  fetchImpl: typeof fetch | undefined,
): Promise<Loaded> {
  const name = containerName(plugin.id);
  let module: unknown;
  try {
    // force: a re-registered entry (another URL after an operator change) replaces the old one.
    runtime.registerRemotes([{ name, entry }], { force: true });
    module = await runtime.loadRemote<unknown>(`${name}/${PLUGIN_EXPOSE.slice(2)}`);
  } catch (error) {
    return { error: await classifyLoadError(plugin.id, entry, error, fetchImpl) };
  }
  if (module === null || module === undefined) {
    return { error: new PluginLoadError(plugin.id, 'evaluation', `its remote returned no "${PLUGIN_EXPOSE}" module`) };
  }
  const definition = pickDefinition(module);
  if (definition === undefined) {
    return {
      error: new PluginLoadError(plugin.id, 'invalid', `"${PLUGIN_EXPOSE}" does not export a plugin definition (export default definePlugin(…))`),
    };
  }
  if (definition.id !== plugin.id) {
    // Registrations are stamped with the definition's id; a mismatch would hide who registered what.
    return { error: new PluginLoadError(plugin.id, 'invalid', `its definition declares the id "${definition.id}"`) };
  }
  return { definition };
}

/** The plugin definition of an exposed module: its default export, or the module itself (CommonJS-style remotes). */
function pickDefinition(module: unknown): PluginDefinition | undefined {
  if (isPluginDefinition(module)) return module;
  if (typeof module === 'object' && module !== null && 'default' in module && isPluginDefinition(module.default)) {
    return module.default;
  }
  return undefined;
}

/** A refused manifest entry, reported like a plugin that failed to load. */
function rejectedEntryError(entry: RejectedManifestEntry): PluginLoadError {
  const pluginId = entry.id ?? `manifest entry ${entry.position}`;
  return new PluginLoadError(pluginId, 'invalid', `its manifest entry is invalid: ${entry.problem}`, { position: entry.position });
}

function activationError(pluginId: string, error: unknown): PluginLoadError {
  // activatePlugin wraps the plugin's own error in a PluginError; show the plugin's words.
  const cause = typeof error === 'object' && error !== null && 'cause' in error && error.cause !== undefined ? error.cause : error;
  return new PluginLoadError(pluginId, 'activation', `activation failed: ${messageOf(cause)}`, { cause: error });
}

/** Root-relative entries are resolved against the page so the runtime gets an absolute URL. */
function resolveEntry(entry: string, baseUrl: string | undefined): string {
  if (baseUrl === undefined) return entry;
  try {
    return new URL(entry, baseUrl).href;
  } catch {
    return entry;
  }
}
