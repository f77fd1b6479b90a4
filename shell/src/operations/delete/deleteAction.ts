import { Permission, hasPermission } from '@cumulus/sdk';
import { MOVE_COPY_CONCURRENCY } from '../../lib/engine';
import type { FileAction, Node, Translate } from '@cumulus/sdk';
import type { FilesApi } from '../../services/api/filesApi';
import { actionDispatchOf } from '../actions/actionDispatch';
import { TRASH_ICON } from '../actions/icons';
import { runPool } from '../actions/runPool';
import { confirmDialog } from '../../ui/confirm/confirmStore';
import { deleteNode } from './deleteNode';
import { trashCatches } from './trashCatches';

/** A received share as its recipient has it: deleting it leaves the share, the owner's node stays. */
function isMountRoot(node: Node): boolean {
  return node.attributes['is-mount-root'] === true && node.attributes['mount-type'] === 'shared';
}

/**
 * Delete: removes the nodes on the server. Needs the delete permission on every node;
 * destructive; hotkey Delete. Where a trash catches deleted nodes (the server's
 * `files.undelete`, set by the trash plugin) it is 'Delete' and runs at once; where none
 * does, it is 'Delete permanently' and asks first, in the app's confirmation dialog (a
 * cancel runs nothing and shows no toast). Until the server has answered the menu says
 * 'Delete' and a run waits for the answer. The runner shows the spec's generic success or
 * failure toasts from the result. Several nodes go to the server five at a time, like move
 * and copy. On received shares only (their mount roots) it is named 'Leave this share', as
 * Nextcloud names it: the server unshares them for this user alone, so nothing is asked.
 */
export function deleteAction(services: { api: Pick<FilesApi, 'getCapabilities'> }, t: Translate): FileAction {
  const remove = (source: string) =>
    actionDispatchOf(services)(deleteNode({ source }))
      .unwrap()
      .catch(() => false);
  let permanent: boolean | undefined;
  const knowing = trashCatches(services.api).then((catches) => {
    permanent = !catches;
    return permanent;
  });
  const name = (): string => (permanent === true ? t('Delete permanently') : t('Delete'));
  /** Whether the user wants `nodes` gone for good (true at once where a trash catches them). */
  const confirmed = async (nodes: Node[]): Promise<boolean> => {
    if (nodes.length > 0 && nodes.every(isMountRoot)) return true;
    if (!(await knowing)) return true;
    const [first] = nodes;
    return confirmDialog.ask({
      title: t('Delete permanently'),
      message:
        nodes.length === 1 && first !== undefined
          ? t('"{name}" will be deleted permanently: there is no trash to restore it from. This cannot be undone.', { name: first.displayname })
          : t('The selected items will be deleted permanently: there is no trash to restore them from. This cannot be undone.'),
      confirmLabel: t('Delete permanently'),
      destructive: true,
    });
  };
  return {
    id: 'delete',
    displayName: (nodes) => (nodes.length > 0 && nodes.every(isMountRoot) ? t('Leave this share') : name()),
    iconSvgInline: () => TRASH_ICON,
    order: 100,
    destructive: true,
    enabled: (nodes) => nodes.length > 0 && nodes.every((node) => node.status !== 'failed' && hasPermission(node.permissions, Permission.DELETE)),
    exec: async ({ nodes: [node] }) => ((await confirmed([node])) ? remove(node.source) : null),
    execBatch: async ({ nodes }) => ((await confirmed([...nodes])) ? runPool(nodes, MOVE_COPY_CONCURRENCY, (node) => remove(node.source)) : nodes.map(() => null)),
    hotkey: { key: 'Delete', description: t('Delete') },
  };
}
