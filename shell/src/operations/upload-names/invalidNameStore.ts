import type { InvalidFilenameError } from '../../lib/engine';
import { createDialogRequest } from '../../ui/dialogRequest';

/** What the invalid-filename dialog is asked: an entry of an upload whose name breaks the rules (product §5 "Upload"). */
export interface InvalidNameDialogRequest {
  /** The entry's name as it is on the user's device. */
  name: string;
  /** A folder: its whole tree is skipped with it, and 'Upload of "{folder}" has been skipped' says so. */
  isFolder: boolean;
  /** Why the name is refused: the dialog says it in the upload wording. */
  error: InvalidFilenameError;
  /** Names already used in the folder it goes to: the new name is made unique among them. */
  siblings: readonly string[];
}

/** The user's answer: the new name (valid and unique among the siblings), or null to skip the entry. */
export type InvalidNameAnswer = string | null;

/** The invalid-filename dialog's open request; a cancel (Escape, a newer request) skips. */
export const invalidNameDialog = createDialogRequest<InvalidNameDialogRequest, InvalidNameAnswer>(null);
