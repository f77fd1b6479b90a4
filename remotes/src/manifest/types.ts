/**
 * One plugin the shell may load: where its federated remote lives and whether
 * the operator turned it on.
 */
export interface PluginManifestEntry {
  /** The plugin's id, the same id its `definePlugin` call declares. */
  readonly id: string;
  /** Human-readable name, for operators and error reports. */
  readonly name: string;
  /** The plugin's version (informational; the build writes its package.json version). */
  readonly version: string;
  /**
   * URL of the remote's `remoteEntry.js` (or `mf-manifest.json`), absolute
   * (`https://…`) or root-relative (`/apps/files/plugins/<id>/remoteEntry.js`).
   */
  readonly entry: string;
  /** Disabled plugins stay listed so an operator can turn them back on without a rebuild. */
  readonly enabled: boolean;
}

/**
 * The list of plugins written to `dist/plugins/manifest.json` by the build, and served at
 * `GET /apps/files/api/v1/plugins` without the plugins an operator disabled
 * (`cumulus plugins:disable`).
 */
export interface PluginManifest {
  /**
   * Each id once. The loader activates the enabled ones in this order (see `loadPlugins`).
   */
  readonly plugins: readonly PluginManifestEntry[];
}
