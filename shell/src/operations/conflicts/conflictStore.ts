import type { ConflictResolution } from '../../lib/engine';
import { createDialogRequest } from '../../ui/dialogRequest';
import type { Opened } from '../../ui/dialogRequest';

/** One version of an item in conflict, as the dialog shows it. */
export interface ConflictVersion {
  /** Size in bytes; undefined or negative shows 'Unknown size'. */
  size?: number;
  /** Last modified, ms since the epoch; undefined shows 'Last modified date unknown'. */
  mtime?: number;
  /** A preview to show ('Preview image'): the server's preview of an existing node. */
  previewUrl?: string;
  /**
   * Local content to preview when it is an image (a `File` being uploaded): the dialog
   * shows it through an object URL, which it revokes when it closes.
   */
  previewBlob?: Blob;
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

/**
 * What the dialog is asked (product §2: "It takes the directory name, the conflicts, the
 * existing content and a recursive flag"): the conflicts of one destination folder.
 */
export interface ConflictRequest {
  /** The destination folder's name, for '{count} file conflict in {dirname}'. */
  dirname: string;
  conflicts: ConflictEntry[];
  /**
   * The existing content: every name taken in the destination once the operation is
   * done (the entries there, and the incoming items without conflict). Keeping both
   * versions gives the incoming item a name unused among them (`getUniqueName`).
   * The conflicting names count as taken whether listed or not.
   */
  existingNames?: readonly string[];
  /**
   * True when an incoming folder kept over an existing one has its contents' conflicts
   * asked again, one level at a time (uploads); false when conflicting files inside are
   * overwritten (move). Only the note the dialog shows differs.
   */
  recursive?: boolean;
}

/**
 * The user's answer: one resolution per conflict, in order (`skip` keeps the existing
 * version; `overwrite` keeps the new file; `merge` keeps the new folder, merging it into
 * the existing one; `rename` keeps both, the incoming item under `name`); 'skipped' when
 * they skipped them all ('Skip this file': every existing version is kept); null when
 * they cancelled the entire operation.
 */
export type ConflictAnswer = ConflictResolution[] | 'skipped' | null;

/** The conflict dialog's open request; a cancel answers null. */
export const conflictDialog = createDialogRequest<ConflictRequest, ConflictAnswer>(null);

/**
 * Opens the conflict dialog and resolves to the user's answer. Any feature
 * that puts items where names may be taken (move, copy, upload) asks here;
 * a request made while another is open cancels the older one, and so does `signal`
 * aborting (the operation was cancelled elsewhere).
 */
export function requestConflictResolution(request: ConflictRequest, signal?: AbortSignal): Promise<ConflictAnswer> {
  return conflictDialog.ask(request, signal);
}

/** Closes the open dialog with `answer`. */
export function resolveConflictRequest(answer: ConflictAnswer): void {
  conflictDialog.answer(answer);
}

/** The open request (with its id, a React key), re-rendering when it changes. */
export function useConflictRequest(): Opened<ConflictRequest> | null {
  return conflictDialog.useCurrent();
}
