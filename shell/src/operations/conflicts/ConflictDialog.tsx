import { createOnDemandDialog } from '../../ui/OnDemandDialog';
import { conflictDialog } from './conflictStore';

/**
 * The conflict dialog of moves and uploads, one component (product §2 "Conflict dialog", §4
 * "Conflict choices", §5): '{count} file conflict in {dirname}' (plural by i18next),
 * 'Which files do you want to keep?', and per conflicting name an 'Existing version' and a
 * 'New version' checkbox with its preview ('Preview image'), size ('Unknown size') and date
 * ('Last modified date unknown'); 'Select all existing files', 'Select all new files' and
 * 'Select all checkboxes'. 'Continue' needs at least one version of each file ticked ('You
 * need to select at least one version of each file to continue.'); both ticked keeps both,
 * the incoming item renamed with a number ('Rename'). 'Skip this file' keeps every
 * existing version; 'Cancel the entire operation' (or Escape) cancels. Mounted once; a
 * move asks through `requestConflictResolution`, an upload through `askUploadConflicts`.
 * Its code is fetched with the first request (see `ConflictModal`).
 */
export const ConflictDialog = createOnDemandDialog(conflictDialog, () => import('./ConflictModal').then((module) => module.ConflictModal));
