import { createPortal } from 'react-dom';
import { ConflictDialog } from '../../operations/conflicts/ConflictDialog';
import { MoveCopyDialog } from '../../operations/move-copy/MoveCopyDialog';
import { InvalidNameDialog } from '../../operations/upload-names/InvalidNameDialog';
import { ContextMenu } from './ContextMenu';

/**
 * The floating parts of the file actions, mounted once with the file list:
 * the context menu, the move or copy folder picker, the conflict dialog
 * (moves and uploads) and the invalid-filename dialog of uploads. Rendered into the page body so no scroll container or stacking
 * context of the list clips or covers them.
 */
export function ActionsLayer() {
  return createPortal(
    <>
      <ContextMenu />
      <MoveCopyDialog />
      <ConflictDialog />
      <InvalidNameDialog />
    </>,
    document.body,
  );
}
