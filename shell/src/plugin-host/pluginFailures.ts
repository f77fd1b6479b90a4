import type { PluginLoadError, PluginManifestError } from '@cumulus/remotes';

/** A plugin that failed, or the manifest that could not be read (then no plugin loaded). */
export type PluginFailure = PluginLoadError | PluginManifestError;

/** The plugin failures so far, readable with `useSyncExternalStore`. */
export interface PluginFailures {
  add(error: PluginFailure): void;
  getSnapshot(): readonly PluginFailure[];
  subscribe(listener: () => void): () => void;
}

/** An external store of load failures: kept outside React so the loader can report before the first render. */
export function createPluginFailures(): PluginFailures {
  let failures: readonly PluginFailure[] = [];
  const listeners = new Set<() => void>();
  return {
    add(error) {
      failures = Object.freeze([...failures, error]);
      for (const listener of listeners) listener();
    },
    getSnapshot: () => failures,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
