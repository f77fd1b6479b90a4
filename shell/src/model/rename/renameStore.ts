import { createExternalStore, useExternalStore } from '../../ui/externalStore';

/**
 * Which node is being renamed inline (its field starts with the node's name).
 * Plain UI state for one field at a time, kept outside Redux like the toasts
 * (rows subscribe to "am I renaming?", which changes rarely).
 */
export interface RenameTarget {
  /** Source of the node whose name is replaced by the field. */
  source: string;
}

const target = createExternalStore<RenameTarget | null>(null);

/** Opens the rename field of the node `source` (product §4 "Rename: starts on a rename event"). */
export function startRename(source: string): void {
  target.set({ source });
}

/** Closes the rename field (after a submit, or when its row goes away). */
export function stopRename(): void {
  if (target.get() !== null) target.set(null);
}

/** The node being renamed, or null. */
export function getRenameTarget(): RenameTarget | null {
  return target.get();
}

/** The rename target when it is the node `source`, else null; re-renders only when that changes. */
export function useRenameTarget(source: string): RenameTarget | null {
  return useExternalStore(target, (current) => (current?.source === source ? current : null), null);
}

/** Whether one of `sources` is being renamed (for a container of several nodes, like a grid row). */
export function useRenamingAmong(sources: readonly string[]): boolean {
  return useExternalStore(target, (current) => current !== null && sources.includes(current.source), false);
}
