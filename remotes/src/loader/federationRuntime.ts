/** A remote as the federation runtime registers it. */
export interface FederationRemote {
  /** The container name the remote was built with (see `containerName`). */
  readonly name: string;
  /** Absolute URL of its `remoteEntry.js` or `mf-manifest.json`. */
  readonly entry: string;
  /**
   * The entry's SRI hash: the script element that runs it carries it, so the
   * browser refuses bytes that do not match (and then `loadRemote` rejects).
   */
  readonly integrity?: string;
}

/**
 * The two calls of `@module-federation/enhanced/runtime` the loader needs,
 * injectable so tests can stand in for the network and the container.
 */
export interface FederationRuntime {
  /**
   * Makes remotes known to the runtime by container name and entry URL.
   *
   * @param remotes the remotes to add
   * @param options `force: true` replaces a remote already registered under the same name (another entry URL)
   */
  registerRemotes(remotes: FederationRemote[], options?: { force?: boolean }): void;
  /**
   * Fetches a registered remote if needed and returns one exposed module.
   *
   * @param id `<container name>/<exposed module without ./>`, for example `cumulus_plugin_hello/plugin`
   * @returns the module, or null when the runtime yields none
   * @throws (rejects) when the entry cannot be fetched or run, or does not expose the module
   */
  loadRemote<T>(id: string): Promise<T | null>;
}

/**
 * The real runtime of the running build. Imported lazily: the server imports
 * this package for `validateManifest` and must never load browser code, and in
 * the shell the module is already part of the entry chunk, so nothing extra is
 * fetched. With the build's own runtime no `init` is needed (docs/toolchain.md).
 */
export async function defaultFederationRuntime(): Promise<FederationRuntime> {
  const runtime = await import('@module-federation/enhanced/runtime');
  const integrityOf = new Map<string, string>();
  runtime.registerPlugins([
    {
      name: 'cumulus-entry-integrity',
      // The entry's script element carries its hash: the browser runs it only if the bytes match.
      createScript({ url }) {
        const integrity = integrityOf.get(url);
        if (integrity === undefined) return undefined;
        const script = document.createElement('script');
        script.integrity = integrity;
        // SRI needs a CORS response; no cookies go to another origin.
        script.crossOrigin = 'anonymous';
        return script;
      },
    },
  ]);
  return {
    registerRemotes(remotes, options) {
      for (const remote of remotes) {
        if (remote.integrity === undefined) integrityOf.delete(remote.entry);
        else integrityOf.set(remote.entry, remote.integrity);
      }
      runtime.registerRemotes(
        remotes.map(({ name, entry }) => ({ name, entry })),
        options,
      );
    },
    loadRemote: <T>(id: string) => runtime.loadRemote<T>(id),
  };
}
