import { hasPermission, isDownloadable, isolate, Permission } from '@cumulus/sdk';
import { canMove, isMoveCopyEnabled, moveCopyLabel } from '../../lib/engine';
import type { FileAction, Node, Translate } from '@cumulus/sdk';
import { actionDispatchOf } from '../actions/actionDispatch';
import { FOLDER_MOVE_ICON } from '../actions/icons';
import { showToast } from '../../ui/toasts/toasts';
import { requestMoveCopyTarget } from './pickerStore';

/** Id of the built-in move or copy action. */
export const MOVE_COPY_ACTION_ID = 'move-copy';

/** Whether the nodes can be copied at all: readable and downloadable. */
function canBeCopied(nodes: readonly Node[]): boolean {
  return nodes.every((node) => hasPermission(node.permissions, Permission.READ) && isDownloadable(node));
}

/**
 * Move or copy (product §4, §5): labelled by `moveCopyLabel` ('Move', 'Copy' or
 * 'Move or copy'), offered for nodes under /files/ that can be moved or
 * copied. It opens the folder picker once for all nodes; closing it toasts
 * 'Cancelled move or copy of "{filename}".' for one node, 'Cancelled move
 * or copy operation' for several, and says nothing else (null). The
 * transfer toasts each failure itself, so a single node's failure resolves
 * to null (no second, generic toast) while a batch keeps false for the
 * failed nodes, which stay selected.
 */
export function moveCopyAction(services: object, t: Translate): FileAction {
  const run = async (nodes: Node[], dir: string): Promise<(boolean | null)[] | null> => {
    const choice = await requestMoveCopyTarget(nodes, dir);
    if (choice === null) {
      const [only] = nodes;
      const message =
        nodes.length === 1 && only !== undefined ? t('Cancelled move or copy of "{filename}".', { filename: isolate(only.displayname) }) : t('Cancelled move or copy operation');
      showToast({ type: 'info', message });
      return null;
    }
    // The transfer's code (plans, conflicts, merges) loads with the first move or copy.
    const { transferNodes } = await import('./transferNodes');
    return actionDispatchOf(services)(transferNodes({ sources: nodes.map((node) => node.source), choice })).unwrap();
  };
  return {
    id: MOVE_COPY_ACTION_ID,
    // i18n-dynamic: moveCopyLabel's labels are marked with i18nKey in lib/engine/validation/move-copy.ts.
    displayName: (nodes) => t(moveCopyLabel(nodes)),
    iconSvgInline: () => FOLDER_MOVE_ICON,
    order: 15,
    enabled: (nodes) => isMoveCopyEnabled(nodes) && nodes.every((node) => node.status !== 'failed') && (canMove(nodes) || canBeCopied(nodes)),
    exec: async ({ nodes: [node], folder }) => {
      const results = await run([node], folder.path);
      return results?.[0] === true ? true : null;
    },
    execBatch: async ({ nodes, folder }) => (await run([...nodes], folder.path)) ?? nodes.map(() => null),
  };
}
