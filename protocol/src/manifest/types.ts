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
  /**
   * Subresource Integrity of the remote entry (`sha384-<base64>`; `sha256-`
   * and `sha512-` too): the loader fetches the entry, checks its digest and
   * runs it only when it matches, through a script element carrying the same
   * hash, so the bytes that run are the bytes checked.
   */
  readonly integrity?: string;
  /**
   * Where the entry comes from: `build` (built with the shell, the default)
   * or `config` (named in the deployment config: a third-party remote, which
   * must declare the SDK version it was built against).
   */
  readonly source?: PluginSource;
}

/** Where a manifest entry comes from. */
export type PluginSource = 'build' | 'config';

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
