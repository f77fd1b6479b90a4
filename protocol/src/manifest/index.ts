/**
 * The plugin manifest (`GET /apps/files/api/v1/plugins`): its schema and its validation,
 * which the server (serving it), the build (writing it) and the shell's loader (reading it)
 * share.
 */
export type { PluginManifest, PluginManifestEntry, PluginSource } from './types';
export type { ManifestCheck, RejectedManifestEntry } from './validate';
export { checkManifest, validateManifest, validateManifestEntry } from './validate';
