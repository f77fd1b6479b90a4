/**
 * `@cumulus/remotes`: the Module Federation contract shared by the webpack
 * build, the shell's plugin loader and the server: the plugin manifest schema,
 * the shared-singleton list and the runtime loader. The server imports the
 * schema alone from `@cumulus/remotes/manifest`.
 */
export * from './manifest';
export type { SharedSingletonConfig, SharedSingletonName } from './shared/singletons';
export { SHARED_SINGLETON_NAMES, sharedSingletons, singletonReason } from './shared/singletons';
export { PLUGIN_EXPOSE, containerName } from './loader/containerName';
export type { PluginLoadErrorKind } from './loader/errors';
export { PluginLoadError, PluginManifestError } from './loader/errors';
export type { FederationRemote, FederationRuntime } from './loader/federationRuntime';
export type { LoadPluginsOptions, LoadPluginsResult, ManifestSource } from './loader/loadPlugins';
export { ACTIVATION_TIMEOUT_MS, loadPlugins } from './loader/loadPlugins';
