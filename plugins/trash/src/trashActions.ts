import type { FileAction, Node, Translate, View } from '@cumulus/sdk';
import { DELETE_FOREVER_ICON, RESTORE_ICON } from './icons';
import type { TrashbinClient } from './trashbin-client';
import { TRASH_VIEW_ID } from './trashbin-client';

const inTrash = (nodes: Node[], view: View): boolean => view.id === TRASH_VIEW_ID && nodes.length > 0 && nodes.every((node) => node.status !== 'failed');

/** Runs `work` per node, a failure as false (the shell then toasts that the action failed). */
async function each(nodes: Node[], work: (node: Node) => Promise<void>): Promise<boolean[]> {
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

/**
 * 'Restore' (single and batch, inline on the row): the item goes back where it was. The
 * shell reports '"Restore" action executed successfully' or '"Restore" action failed' and
 * removes the restored rows (a node-deleted event each).
 */
export function restoreAction(client: TrashbinClient, t: Translate, removed: (node: Node) => void): FileAction {
  const run = (nodes: Node[]) => each(nodes, async (node) => {
    await client.restore(node);
    removed(node);
  });
  return {
    id: 'restore',
    displayName: () => t('Restore'),
    iconSvgInline: () => RESTORE_ICON,
    enabled: inTrash,
    inline: () => true,
    exec: async (node) => (await run([node]))[0] ?? false,
    execBatch: (nodes) => run(nodes),
    order: 1,
  };
}

/** 'Delete permanently' (single and batch). */
export function deletePermanentlyAction(client: TrashbinClient, t: Translate, removed: (node: Node) => void): FileAction {
  const run = (nodes: Node[]) => each(nodes, async (node) => {
    await client.remove(node);
    removed(node);
  });
  return {
    id: 'delete-permanently',
    displayName: () => t('Delete permanently'),
    iconSvgInline: () => DELETE_FOREVER_ICON,
    enabled: inTrash,
    destructive: true,
    exec: async (node) => (await run([node]))[0] ?? false,
    execBatch: (nodes) => run(nodes),
    order: 2,
  };
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
