/**
 * `@cumulus/remotes`: the Module Federation contract shared by the webpack
 * build, the shell's plugin loader and the server: the plugin manifest schema,
 * the shared-singleton list and the runtime loader.
 */
export type { PluginManifest, PluginManifestEntry } from './manifest/types';
export { validateManifest, validateManifestEntry } from './manifest/validate';
export type { SharedSingletonConfig, SharedSingletonName } from './shared/singletons';
export { SHARED_SINGLETON_NAMES, sharedSingletons, singletonReason } from './shared/singletons';
