import type { FileListAction, Node, Translate } from '@cumulus/sdk';
import { DELETE_FOREVER_ICON } from './icons';
import type { TrashbinClient } from './trashbin-client';
import { TRASH_VIEW_ID } from './trashbin-client';

/** Asks the user to confirm; `window.confirm` by default. */
export type Confirm = (message: string) => boolean;

/**
 * 'Empty deleted files' in the header of the 'Deleted files' view, when it lists anything:
 * after a confirmation, DELETE of the whole trash (null when the user says no: no toast).
 */
export function emptyTrashAction(client: TrashbinClient, t: Translate, removed: (node: Node) => void, confirm: Confirm = (message) => window.confirm(message)): FileListAction {
  return {
    id: 'empty-trash',
    displayName: () => t('Empty deleted files'),
    iconSvgInline: () => DELETE_FOREVER_ICON,
    enabled: (view, contents) => view.id === TRASH_VIEW_ID && contents.length > 0,
    exec: async (_view, contents) => {
      if (!confirm(t('Are you sure you want to permanently delete all files and folders in the trash? This cannot be undone.'))) return null;
      await client.empty();
      for (const node of contents) removed(node);
      return true;
    },
  };
}
