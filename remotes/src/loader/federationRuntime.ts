/** A remote as the federation runtime registers it. */
export interface FederationRemote {
  /** The container name the remote was built with (see `containerName`). */
  readonly name: string;
  /** Absolute URL of its `remoteEntry.js` or `mf-manifest.json`. */
  readonly entry: string;
}

/**
 * The two calls of `@module-federation/enhanced/runtime` the loader needs,
 * injectable so tests can stand in for the network and the container.
 */
export interface FederationRuntime {
  registerRemotes(remotes: FederationRemote[], options?: { force?: boolean }): void;
  loadRemote<T>(id: string): Promise<T | null>;
}

/**
 * The real runtime of the running build. Imported lazily: the server imports
 * this package for `validateManifest` and must never load browser code, and in
 * the shell the module is already part of the entry chunk, so nothing extra is
 * fetched. With the build's own runtime no `init` is needed (TOOLCHAIN.md).
 */
export async function defaultFederationRuntime(): Promise<FederationRuntime> {
  const runtime = await import('@module-federation/enhanced/runtime');
  return {
    registerRemotes: (remotes, options) => runtime.registerRemotes(remotes, options),
    loadRemote: <T>(id: string) => runtime.loadRemote<T>(id),
  };
}
