import { useSyncExternalStore } from 'react';
import type { FolderNode, MoveCopyOperation, Node } from '@cumulus/sdk';

/** What the user chose in the folder picker. */
export interface MoveCopyChoice {
  /** Move or copy. */
  operation: MoveCopyOperation;
  /** The destination folder. */
  destination: FolderNode;
  /** The destination's entries (for copy names and move conflicts). */
  contents: Node[];
}

/** An open folder picker: the nodes to move or copy, and where it starts. */
export interface PickerRequest {
  /** Distinguishes successive requests (React key). */
  id: number;
  /** The nodes being moved or copied. */
  nodes: Node[];
  /** The folder the picker opens in. */
  startDir: string;
}

interface Pending extends PickerRequest {
  resolve(choice: MoveCopyChoice | null): void;
}

let pending: Pending | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/**
 * Opens the folder picker for `nodes` at `startDir` and resolves to the
 * user's choice, or null when the picker was closed. A request made while
 * another is open cancels the older one.
 */
export function requestMoveCopyTarget(nodes: Node[], startDir: string): Promise<MoveCopyChoice | null> {
  pending?.resolve(null);
  return new Promise((resolve) => {
    pending = { id: nextId++, nodes, startDir, resolve };
    emit();
  });
}

/** Closes the open picker with `choice` (null: cancelled). */
export function resolvePicker(choice: MoveCopyChoice | null): void {
  const current = pending;
  if (current === null) return;
  pending = null;
  emit();
  current.resolve(choice);
}

/** The open picker request, or null. */
export function getPickerRequest(): PickerRequest | null {
  return pending;
}

/** The open picker request, re-rendering when it changes. */
export function usePickerRequest(): PickerRequest | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    () => pending,
    () => null,
  );
}
