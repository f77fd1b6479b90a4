import type { FileAction, Node, Translate, View } from '@cumulus/sdk';
import { DELETE_FOREVER_ICON, RESTORE_ICON } from './icons';
import type { TrashbinClient } from './trashbin-client';
import { TRASH_VIEW_ID } from './trashbin-client';

const inTrash = (nodes: Node[], view: View): boolean => view.id === TRASH_VIEW_ID && nodes.length > 0 && nodes.every((node) => node.status !== 'failed');

/** Runs `work` per node, a failure as false (the shell then toasts that the action failed). */
async function each(nodes: readonly Node[], work: (node: Node) => Promise<void>): Promise<boolean[]> {
  const results: boolean[] = [];
  // One after the other: restores of one name must pick their '(restored)' names in turn.
  for (const node of nodes) {
    try {
      await work(node);
      results.push(true);
    } catch (error) {
      console.error('A trash action failed', error);
      results.push(false);
    }
  }
  return results;
}

/** A per-node action of the trash: `work` on each node, which then leaves the list. */
function itemAction(options: { id: string; label: () => string; icon: string; order: number; destructive?: boolean; work: (node: Node) => Promise<void> }, removed: (node: Node) => void): FileAction {
  const run = (nodes: readonly Node[]) =>
    each(nodes, async (node) => {
      await options.work(node);
      removed(node);
    });
  return {
    id: options.id,
    displayName: () => options.label(),
    iconSvgInline: () => options.icon,
    enabled: inTrash,
    ...(options.destructive ? { destructive: true } : {}),
    exec: async ({ nodes: [node] }) => (await run([node]))[0] ?? false,
    execBatch: ({ nodes }) => run(nodes),
    order: options.order,
  };
}

/**
 * 'Restore' (single and batch, inline in the row, as on Nextcloud): the item goes back where
 * it was. The shell reports '"Restore" action executed successfully' or '"Restore" action
 * failed' and the restored rows leave the list (a node-deleted event each).
 */
export function restoreAction(client: TrashbinClient, t: Translate, removed: (node: Node) => void): FileAction {
  return { ...itemAction({ id: 'restore', label: () => t('Restore'), icon: RESTORE_ICON, order: 1, work: (node) => client.restore(node) }, removed), inline: () => true };
}

/** 'Delete permanently' (single and batch). */
export function deletePermanentlyAction(client: TrashbinClient, t: Translate, removed: (node: Node) => void): FileAction {
  return itemAction({ id: 'delete-permanently', label: () => t('Delete permanently'), icon: DELETE_FOREVER_ICON, order: 2, destructive: true, work: (node) => client.remove(node) }, removed);
}

/**
 * The default action of a trash row: nothing. A click on a row runs the first enabled
 * default action, else opens the node's `/f/{fileid}` link; a trashed node is in no folder
 * of the user's, so a row opens no folder and no file.
 */
export function openNothingAction(): FileAction {
  return {
    id: 'trash-open-nothing',
    displayName: () => '',
    iconSvgInline: () => RESTORE_ICON,
    enabled: inTrash,
    default: 'hidden',
    // Before the shell's open-folder and open-file (order -100).
    order: -1000,
    exec: () => Promise.resolve(null),
  };
}
