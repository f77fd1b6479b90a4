import { createPortal } from 'react-dom';
import { ConflictDialog } from '../conflicts/ConflictDialog';
import { MoveCopyDialog } from '../move-copy/MoveCopyDialog';
import { ContextMenu } from './ContextMenu';

/**
 * The floating parts of the file actions, mounted once with the file list:
 * the context menu, the move or copy folder picker and the conflict
 * dialog. Rendered into the page body so no scroll container or stacking
 * context of the list clips or covers them.
 */
export function ActionsLayer() {
  return createPortal(
    <>
      <ContextMenu />
      <MoveCopyDialog />
      <ConflictDialog />
    </>,
    document.body,
  );
}
