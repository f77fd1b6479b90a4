import { createOnDemandDialog } from '../../ui/OnDemandDialog';
import { newFolderDialog } from './newFolderStore';

/** The mount point of the new-folder dialog; its code is fetched with the first request. */
export const NewFolderDialog = createOnDemandDialog(newFolderDialog, () => import('./NewFolderModal').then((module) => module.NewFolderModal));
