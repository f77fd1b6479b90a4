import { createDialogRequest } from '../../ui/dialogRequest';

/** What the new-folder dialog is asked: the names taken in the folder and the suggested name. */
export interface NewFolderRequest {
  /** Names of the folder's entries: a new folder may take none of them. */
  siblings: string[];
  /** The name the field starts with ('New folder', made unique). */
  suggestion: string;
}

/** The dialog that asks for a new folder's name; a cancel answers null. */
export const newFolderDialog = createDialogRequest<NewFolderRequest, string | null>(null);
