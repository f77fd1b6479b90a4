/**
 * `@cumulus/remotes`: the Module Federation contract shared by the webpack
 * build and the shell's plugin loader: the shared-singleton list and the
 * runtime loader, with the plugin manifest schema of `@cumulus/protocol`
 * (re-exported for them; the server imports it from `@cumulus/protocol`).
 */
export type { ManifestCheck, PluginManifest, PluginManifestEntry, PluginSource, RejectedManifestEntry } from '@cumulus/protocol';
export { checkManifest, validateManifest, validateManifestEntry } from '@cumulus/protocol';
export type { SharedSingletonConfig, SharedSingletonName } from './shared/singletons';
export { SHARED_SINGLETON_NAMES, sharedSingletons, singletonReason } from './shared/singletons';
export { PLUGIN_EXPOSE, containerName } from './loader/containerName';
export type { PluginLoadErrorKind } from './loader/errors';
export { PluginLoadError, PluginManifestError } from './loader/errors';
export type { FederationRemote, FederationRuntime } from './loader/federationRuntime';
export type { LoadPluginsOptions, LoadPluginsResult, ManifestSource } from './loader/loadPlugins';
export { ACTIVATION_TIMEOUT_MS, loadPlugins } from './loader/loadPlugins';
