import { createOnDemandDialog } from '../../ui/OnDemandDialog';
import { picker } from './pickerStore';

/**
 * The move or copy folder picker (product §5 "Move/copy"): an accessible modal
 * dialog over the user's folders with breadcrumbs, 'Copy to {target}' and
 * 'Move to {target}' buttons as the label rule offers them, disabled with
 * the spec's refusal shown when the destination is refused, copy only into
 * a folder with create permission. Escape, the close button or a click
 * beside it cancel. Mounted once; shows while a request is open, its code
 * fetched with the first one (see `MoveCopyPicker`).
 */
export const MoveCopyDialog = createOnDemandDialog(picker, () => import('./MoveCopyPicker').then((module) => module.MoveCopyPicker));
