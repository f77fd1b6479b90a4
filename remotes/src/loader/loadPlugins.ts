import { activatePlugin, isPluginDefinition, sdkIncompatibility } from '@cumulus/sdk';
import type { ActivePlugin, PluginDefinition, PluginHost } from '@cumulus/sdk';
import type { ManifestCheck, PluginManifest, PluginManifestEntry, RejectedManifestEntry } from '@cumulus/protocol';
import { manifestEntryName } from '@cumulus/protocol';
import { checkIntegrity } from './checkIntegrity';
import { classifyLoadError } from './classifyLoadError';
import { PLUGIN_EXPOSE, containerName } from './containerName';
import { PluginLoadError, messageOf } from './errors';
import type { FederationRuntime } from './federationRuntime';
import { defaultFederationRuntime } from './federationRuntime';
import { readManifest } from './readManifest';

/**
 * How long a plugin's `activate` may take before the loader gives up on it,
 * takes back what it registered and reports it: long enough for an activate
 * that fetches its settings, short enough that a hung plugin is reported
 * while the user still looks at the page.
 */
export const ACTIVATION_TIMEOUT_MS = 10_000;

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
  /** How long each `activate` may take; default {@link ACTIVATION_TIMEOUT_MS} (tests shorten it). */
  activationTimeoutMs?: number;
  /** Stand-in for `@module-federation/enhanced/runtime` (tests). */
  runtime?: FederationRuntime;
  /** Stand-in for the global `fetch` (tests). */
  fetch?: typeof fetch;
  /** Base for root-relative entries; defaults to the page's address. */
  baseUrl?: string;
  /** Stand-in for Web Crypto's digest (tests); the integrity check uses `crypto.subtle`. */
  subtle?: Pick<SubtleCrypto, 'digest'>;
  /**
   * Called as soon as a plugin is active, before the others settle, so the
   * host can take it back if it fails later (inside an action, a render, a filter).
   */
  onActivated?: (plugin: ActivePlugin) => void;
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
 * Remotes are fetched in parallel. Each plugin's `activate` is called in
 * manifest order as soon as its remote is loaded, so their synchronous
 * registrations happen in a repeatable order (and for a contested id the
 * earlier plugin wins), but activations then settle independently: a slow
 * plugin delays nobody. One that has not settled after
 * `activationTimeoutMs` is given up on: what it registered is taken back and
 * it is reported as timed out. A remote that cannot be fetched, fails to
 * run, is not a plugin or throws while activating is reported as a
 * {@link PluginLoadError} and the rest keep working.
 *
 * @throws PluginManifestError when the manifest itself cannot be read, or is not a manifest at all.
 */
export async function loadPlugins(options: LoadPluginsOptions): Promise<LoadPluginsResult> {
  const fetchImpl = options.fetch ?? globalThis.fetch?.bind(globalThis);
  const { manifest, rejected }: ManifestCheck =
    options.manifest !== undefined ? { manifest: options.manifest, rejected: [] } : await readManifest(options.manifestUrl, fetchImpl);

  const failed: PluginLoadError[] = [];
  const fail = (error: PluginLoadError): PluginLoadError => {
    options.onError?.(error);
    return error;
  };
  for (const entry of rejected) failed.push(fail(rejectedEntryError(entry)));

  const enabled = manifest.plugins.filter((plugin) => plugin.enabled);
  if (enabled.length === 0) return { active: [], failed };

  const runtime = options.runtime ?? (await defaultFederationRuntime());
  const baseUrl = options.baseUrl ?? globalThis.location?.href;
  const timeoutMs = options.activationTimeoutMs ?? ACTIVATION_TIMEOUT_MS;
  const subtle = options.subtle ?? globalThis.crypto?.subtle;
  const loading = enabled.map((plugin) => loadDefinition(plugin, runtime, resolveEntry(plugin.entry, baseUrl), fetchImpl, subtle));

  // Started in manifest order, awaited together: see the ordering note above.
  const outcomes: Promise<ActivePlugin | PluginLoadError>[] = [];
  for (const [index, plugin] of enabled.entries()) {
    const loaded = await loading[index];
    if (loaded === undefined) continue;
    if ('error' in loaded) outcomes.push(Promise.resolve(fail(loaded.error)));
    else
      outcomes.push(
        activateWithin(options.host, plugin.id, loaded.definition, timeoutMs).then(
          (active) => {
            options.onActivated?.(active);
            return active;
          },
          (error: PluginLoadError) => fail(error),
        ),
      );
  }
  const active: ActivePlugin[] = [];
  for (const outcome of await Promise.all(outcomes)) {
    if (outcome instanceof PluginLoadError) failed.push(outcome);
    else active.push(outcome);
  }
  return { active, failed };
}

/** Why the loader gave up on an activation: the abort reason it hands the SDK. */
class ActivationTimeout extends Error {
  constructor(readonly timeoutMs: number) {
    super(`activation timed out after ${timeoutMs / 1000} s`);
  }
}

/**
 * Activates one plugin, giving up after `timeoutMs`.
 *
 * @throws PluginLoadError of kind `activation`: the plugin threw, rejected or timed out
 */
async function activateWithin(host: PluginHost, pluginId: string, definition: PluginDefinition, timeoutMs: number): Promise<ActivePlugin> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new ActivationTimeout(timeoutMs)), timeoutMs);
  try {
    return await activatePlugin(host, definition, { signal: controller.signal });
  } catch (error) {
    throw activationError(pluginId, error);
  } finally {
    clearTimeout(timer);
  }
}

/** Registers the remote and loads its `./plugin` module; never rejects. */
async function loadDefinition(
  plugin: PluginManifestEntry,
  runtime: FederationRuntime,
  entry: string,
  fetchImpl: typeof fetch | undefined,
  subtle: Pick<SubtleCrypto, 'digest'> | undefined,
): Promise<Loaded> {
  const name = containerName(plugin.id);
  const { integrity } = plugin;
  if (integrity !== undefined) {
    // Before a single byte of it runs.
    const refused = await checkIntegrity(plugin.id, entry, integrity, fetchImpl, subtle);
    if (refused !== undefined) return { error: refused };
  }
  let module: unknown;
  try {
    // force: a re-registered entry (another URL after an operator change) replaces the old one.
    runtime.registerRemotes([{ name, entry, ...(integrity !== undefined ? { integrity } : {}) }], { force: true });
    module = await runtime.loadRemote<unknown>(`${name}/${PLUGIN_EXPOSE.slice(2)}`);
  } catch (error) {
    const classified = await classifyLoadError(plugin.id, entry, error, fetchImpl);
    // The entry is there but the browser refused to run it: its own integrity check failed.
    if (integrity !== undefined && classified.kind === 'network' && (await reachable(entry, fetchImpl))) {
      return { error: new PluginLoadError(plugin.id, 'integrity', `its remote entry ${entry} does not match its integrity hash ${integrity}`, { cause: error }) };
    }
    return { error: classified };
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
  const incompatible = sdkCheck(plugin, definition);
  if (incompatible !== undefined) return { error: new PluginLoadError(plugin.id, 'incompatible', incompatible) };
  return { definition };
}

/**
 * Why the plugin cannot run on this shell's SDK, or undefined. A remote
 * built with the shell (`source` build) is compiled against the same SDK in
 * the same build; one named in the deployment config must say which SDK it
 * was built against, since nothing else tells.
 */
function sdkCheck(plugin: PluginManifestEntry, definition: PluginDefinition): string | undefined {
  if (definition.sdkVersion === undefined) {
    if (plugin.source !== 'config') return undefined;
    return "it does not declare the SDK version it was built against (definePlugin({ sdkVersion: SDK_VERSION }) with SDK_VERSION from '@cumulus/sdk/version')";
  }
  return sdkIncompatibility(definition.sdkVersion) ?? undefined;
}

/** Whether the entry answers at all (a failed script with a reachable entry was refused by the browser). */
async function reachable(entry: string, fetchImpl: typeof fetch | undefined): Promise<boolean> {
  if (fetchImpl === undefined) return false;
  try {
    return (await fetchImpl(entry, { mode: 'cors', credentials: 'omit', cache: 'no-store' })).ok;
  } catch {
    return false;
  }
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
  const pluginId = entry.id ?? manifestEntryName(entry.position);
  return new PluginLoadError(pluginId, 'invalid', `its manifest entry is invalid: ${entry.problem}`, { position: entry.position });
}

function activationError(pluginId: string, error: unknown): PluginLoadError {
  // activatePlugin wraps the plugin's own error in a PluginError; show the plugin's words.
  const cause = typeof error === 'object' && error !== null && 'cause' in error && error.cause !== undefined ? error.cause : error;
  if (cause instanceof ActivationTimeout) return new PluginLoadError(pluginId, 'activation', cause.message, { cause: error });
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
