/**
 * The Module Federation container name of a plugin's remote, derived from its
 * id so the build and the loader agree without another manifest field.
 *
 * A container name becomes a JavaScript global, so every character outside
 * `[a-z0-9]` (including `_` itself) is escaped as `_` plus two hex digits;
 * that keeps `a-b`, `a.b` and `a_b` apart.
 *
 * @example containerName('hello') === 'cumulus_plugin_hello'
 * @example containerName('my-plugin') === 'cumulus_plugin_my_2dplugin'
 */
export function containerName(pluginId: string): string {
  const escaped = pluginId.replace(/[^a-z0-9]/g, (char) => `_${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return `cumulus_plugin_${escaped}`;
}

/** The module every plugin remote exposes: its `definePlugin` result as default export. */
export const PLUGIN_EXPOSE = './plugin';
