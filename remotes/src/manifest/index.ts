/**
 * `@cumulus/remotes/manifest`: the plugin manifest schema and its validation,
 * on their own. Nothing here imports the SDK or browser code, so the server
 * (which must not load the front end, docs/architecture.md) imports this subpath
 * rather than the package root, whose loader pulls in `@cumulus/sdk`.
 */
export type { PluginManifest, PluginManifestEntry, PluginSource } from './types';
export type { ManifestCheck, RejectedManifestEntry } from './validate';
export { checkManifest, validateManifest, validateManifestEntry } from './validate';
