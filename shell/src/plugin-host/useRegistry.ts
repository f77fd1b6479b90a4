import { useSyncExternalStore } from 'react';
import type { Registered, Registry } from '@cumulus/sdk';

/** The entries of a registry, re-rendering when it changes (its snapshot keeps identity until then). */
export function useRegistry<T extends { id: string }>(registry: Registry<T>): readonly Registered<T>[] {
  return useSyncExternalStore(
    (listener) => registry.subscribe(listener),
    () => registry.getAll(),
  );
}
