import { useSyncExternalStore } from 'react';

/**
 * One value kept outside Redux that thunks, listeners and components can all
 * reach (the toasts, the rename field's node, the open context menu): plain
 * UI state whose readers re-render only when what they read changes.
 */
export interface ExternalStore<T> {
  /** The value now; the same object until `set`. */
  get(): T;
  /** Replaces the value and tells every subscriber. */
  set(next: T): void;
  /** Calls `listener` after every `set`; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** A store holding `initial`. */
export function createExternalStore<T>(initial: T): ExternalStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * What `select` reads of the store, re-rendering when that changes;
 * `serverValue` is what a render without a DOM reads.
 */
export function useExternalStore<T, S>(store: ExternalStore<T>, select: (value: T) => S, serverValue: S): S {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    () => serverValue,
  );
}
