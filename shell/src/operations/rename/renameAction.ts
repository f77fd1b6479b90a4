import { Permission, hasPermission } from '@cumulus/sdk';
import type { FileAction, Translate } from '@cumulus/sdk';
import { PENCIL_ICON } from '../actions/icons';
import { startRename } from '../../model/rename/renameStore';

/** Id of the built-in rename action. */
export const RENAME_ACTION_ID = 'rename';

/**
 * Rename (product §4): opens the inline field in the node's row. Renaming is a
 * MOVE in the node's folder, so it needs the delete permission (product §6),
 * and it applies to one node at a time. Hotkey F2. The field and the rename
 * itself report their outcome, so `exec` says nothing (null).
 */
export function renameAction(t: Translate): FileAction {
  return {
    id: RENAME_ACTION_ID,
    displayName: () => t('Rename'),
    iconSvgInline: () => PENCIL_ICON,
    order: 10,
    enabled: (nodes) => nodes.length === 1 && nodes[0]?.status !== 'failed' && hasPermission(nodes[0]?.permissions ?? 0, Permission.DELETE),
    exec: ({ nodes: [node] }) => {
      startRename(node.source);
      return Promise.resolve(null);
    },
    hotkey: { key: 'F2', description: t('Rename') },
  };
}
