/**
 * What a plugin id looks like, on every side: the SDK's `definePlugin`, the server's
 * `defineServerPlugin`, the manifest schema, a plugin package's `cumulus.id`, a per-user
 * storage area (named for its plugin) and a failure report's plugin name.
 */
export const PLUGIN_ID_PATTERN = /^[a-z0-9][a-z0-9._-]*$/;

/** The id the shell's own registrations carry; no plugin may pose as it. */
export const CORE_PLUGIN_ID = 'core';

/** Whether `value` is a plugin id (by {@link PLUGIN_ID_PATTERN}; `core` included). */
export function isPluginId(value: unknown): value is string {
  return typeof value === 'string' && PLUGIN_ID_PATTERN.test(value);
}
