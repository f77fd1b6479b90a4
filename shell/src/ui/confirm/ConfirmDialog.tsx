import { createOnDemandDialog } from '../OnDemandDialog';
import { confirmDialog } from './confirmStore';

/** The mount point of the confirmation dialog plugins ask through `ctx.dialogs.confirm`; its code is fetched with the first request. */
export const ConfirmDialog = createOnDemandDialog(confirmDialog, () => import('./ConfirmModal').then((module) => module.ConfirmModal));
