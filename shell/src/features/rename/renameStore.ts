import { useSyncExternalStore } from 'react';

/**
 * Which node is being renamed inline (its field starts with the node's name).
 * Plain UI state for one field at a time, kept outside Redux like the toasts
 * (rows subscribe to "am I renaming?", which changes rarely).
 */
export interface RenameTarget {
  /** Source of the node whose name is replaced by the field. */
  source: string;
}

let current: RenameTarget | null = null;
const listeners = new Set<() => void>();

function set(next: RenameTarget | null): void {
  current = next;
  for (const listener of listeners) listener();
}

/** Opens the rename field of the node `source` (product §4 "Rename: starts on a rename event"). */
export function startRename(source: string): void {
  set({ source });
}

/** Closes the rename field (after a submit, or when its row goes away). */
export function stopRename(): void {
  if (current !== null) set(null);
}

/** The node being renamed, or null. */
export function getRenameTarget(): RenameTarget | null {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The rename target when it is the node `source`, else null; re-renders only when that changes. */
export function useRenameTarget(source: string): RenameTarget | null {
  return useSyncExternalStore(
    subscribe,
    () => (current?.source === source ? current : null),
    () => null,
  );
}

/** Whether one of `sources` is being renamed (for a container of several nodes, like a grid row). */
export function useRenamingAmong(sources: readonly string[]): boolean {
  return useSyncExternalStore(
    subscribe,
    () => current !== null && sources.includes(current.source),
    () => false,
  );
}
