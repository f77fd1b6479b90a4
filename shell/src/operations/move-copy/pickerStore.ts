import type { FolderNode, Node } from '@cumulus/sdk';
import type { MoveCopyOperation } from '../../lib/engine';
import { createDialogRequest } from '../../ui/dialogRequest';
import type { Opened } from '../../ui/dialogRequest';

/** What the user chose in the folder picker. */
export interface MoveCopyChoice {
  /** Move or copy. */
  operation: MoveCopyOperation;
  /** The destination folder. */
  destination: FolderNode;
  /** The destination's entries (for copy names and move conflicts). */
  contents: Node[];
}

/** A folder picker request: the nodes to move or copy, and where it starts. */
export interface PickerQuestion {
  /** The nodes being moved or copied. */
  nodes: Node[];
  /** The folder the picker opens in. */
  startDir: string;
}

/** An open folder picker; `id` distinguishes successive requests (React key). */
export type PickerRequest = Opened<PickerQuestion>;

/** The folder picker's open request; a cancel answers null. */
export const picker = createDialogRequest<PickerQuestion, MoveCopyChoice | null>(null);

/**
 * Opens the folder picker for `nodes` at `startDir` and resolves to the
 * user's choice, or null when the picker was closed. A request made while
 * another is open cancels the older one.
 */
export function requestMoveCopyTarget(nodes: Node[], startDir: string): Promise<MoveCopyChoice | null> {
  return picker.ask({ nodes, startDir });
}

/** Closes the open picker with `choice` (null: cancelled). */
export function resolvePicker(choice: MoveCopyChoice | null): void {
  picker.answer(choice);
}

/** The open picker request, or null. */
export function getPickerRequest(): PickerRequest | null {
  return picker.current();
}

/** The open picker request, re-rendering when it changes. */
export function usePickerRequest(): PickerRequest | null {
  return picker.useCurrent();
}
