import { createOnDemandDialog } from '../../ui/OnDemandDialog';
import { invalidNameDialog } from './invalidNameStore';

/**
 * The invalid-filename dialog of uploads (product §2 "A dialog asks for a new filename when a
 * name is invalid", §5 "Upload"). Mounted once; uploads ask through `askForUploadName`.
 * Its code is fetched with the first request (see `InvalidNameModal`).
 */
export const InvalidNameDialog = createOnDemandDialog(invalidNameDialog, () => import('./InvalidNameModal').then((module) => module.InvalidNameModal));
