import { MOVE_COPY_CONCURRENCY, Permission, hasPermission } from '@cumulus/sdk';
import type { FileAction, Node, Translate } from '@cumulus/sdk';
import { actionDispatchOf } from '../actions/actionDispatch';
import { TRASH_ICON } from '../actions/icons';
import { runPool } from '../actions/runPool';
import { deleteNode } from './deleteNode';

/** A received share as its recipient has it: deleting it leaves the share, the owner's node stays. */
function isMountRoot(node: Node): boolean {
  return node.attributes['is-mount-root'] === true && node.attributes['mount-type'] === 'shared';
}

/**
 * Delete: removes the nodes on the server (there is no trash bin). Needs the
 * delete permission on every node; destructive; hotkey Delete. The runner
 * shows the spec's generic success or failure toasts from the result.
 * Several nodes go to the server five at a time, like move and copy. On
 * received shares only (their mount roots) it is named "Leave this share",
 * as Nextcloud names it: the server unshares them for this user alone.
 */
export function deleteAction(services: object, t: Translate): FileAction {
  const remove = (source: string) =>
    actionDispatchOf(services)(deleteNode({ source }))
      .unwrap()
      .catch(() => false);
  return {
    id: 'delete',
    displayName: (nodes) => (nodes.length > 0 && nodes.every(isMountRoot) ? t('Leave this share') : t('Delete')),
    iconSvgInline: () => TRASH_ICON,
    order: 100,
    destructive: true,
    enabled: (nodes) => nodes.length > 0 && nodes.every((node) => node.status !== 'failed' && hasPermission(node.permissions, Permission.DELETE)),
    exec: (node) => remove(node.source),
    execBatch: (nodes) => runPool(nodes, MOVE_COPY_CONCURRENCY, (node) => remove(node.source)),
    hotkey: { key: 'Delete', description: t('Delete') },
  };
}
