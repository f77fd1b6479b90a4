import type { Dialogs, FileListAction, Node, Translate } from '@cumulus/sdk';
import { DELETE_FOREVER_ICON } from './icons';
import type { TrashbinClient } from './trashbin-client';
import { TRASH_VIEW_ID } from './trashbin-client';

/**
 * 'Empty deleted files' in the header of the 'Deleted files' view, when it lists anything:
 * after the app's confirmation dialog says yes, DELETE of the whole trash (null when the
 * user cancels: no toast).
 */
export function emptyTrashAction(client: TrashbinClient, t: Translate, removed: (node: Node) => void, dialogs: Dialogs): FileListAction {
  return {
    id: 'empty-trash',
    displayName: () => t('Empty deleted files'),
    iconSvgInline: () => DELETE_FOREVER_ICON,
    enabled: (view, contents) => view.id === TRASH_VIEW_ID && contents.length > 0,
    exec: async ({ nodes: contents }) => {
      const yes = await dialogs.confirm({
        title: t('Confirm permanent deletion'),
        message: t('Are you sure you want to permanently delete all files and folders in the trash? This cannot be undone.'),
        confirmLabel: t('Empty deleted files'),
        destructive: true,
      });
      if (!yes) return null;
      await client.empty();
      for (const node of contents) removed(node);
      return true;
    },
  };
}
