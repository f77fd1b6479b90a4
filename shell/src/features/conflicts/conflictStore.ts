import type { ConflictChoice } from '@cumulus/sdk';
import { createDialogRequest } from '../../app/dialogRequest';
import type { Opened } from '../../app/dialogRequest';

/** One version of a file in conflict, as the dialog shows it. */
export interface ConflictVersion {
  /** Size in bytes; undefined shows 'Unknown size'. */
  size?: number;
  /** Last modified, ms since the epoch; undefined shows 'Last modified date unknown'. */
  mtime?: number;
}

/** An incoming item whose name is taken in the destination. */
export interface ConflictEntry {
  /** The name both share. */
  name: string;
  /** Whether the incoming item is a folder (keeping it merges). */
  isFolder: boolean;
  /** The version already in the destination. */
  existing: ConflictVersion;
  /** The incoming version. */
  incoming: ConflictVersion;
}

/** What the dialog is asked: the conflicts of one destination folder. */
export interface ConflictRequest {
  /** The destination folder's name, for '{count} file conflict in {dirname}'. */
  dirname: string;
  conflicts: ConflictEntry[];
}

/**
 * The user's answer: one choice per conflict, in order; 'skipped' when they
 * skipped them all (keep every existing version); null when they cancelled
 * the entire operation.
 */
export type ConflictAnswer = ConflictChoice[] | 'skipped' | null;

/** The conflict dialog's open request; a cancel answers null. */
export const conflictDialog = createDialogRequest<ConflictRequest, ConflictAnswer>(null);

/**
 * Opens the conflict dialog and resolves to the user's answer. Any feature
 * that puts items where names may be taken (move, copy, upload) asks here;
 * a request made while another is open cancels the older one.
 */
export function requestConflictResolution(request: ConflictRequest): Promise<ConflictAnswer> {
  return conflictDialog.ask(request);
}

/** Closes the open dialog with `answer`. */
export function resolveConflictRequest(answer: ConflictAnswer): void {
  conflictDialog.answer(answer);
}

/** The open request (with its id, a React key), re-rendering when it changes. */
export function useConflictRequest(): Opened<ConflictRequest> | null {
  return conflictDialog.useCurrent();
}
