import { englishTranslate } from '@cumulus/sdk';
import { i18nKey } from '@cumulus/sdk';
import { isFolder } from '@cumulus/sdk';
import { hasPermission, Permission } from '@cumulus/sdk';
import { isDownloadable } from '@cumulus/sdk';
import type { Node } from '@cumulus/sdk';
import type { Translate } from '@cumulus/sdk';
import { isUnderFiles } from './under-files';

/** The label of the move/copy file action (product §4), also its i18n key. */
export type MoveCopyLabel = 'Move' | 'Copy' | 'Move or copy';

/** Which of the two operations runs. */
export type MoveCopyOperation = 'move' | 'copy';

/** Moving needs the delete permission on every node (product §6); false for no nodes. */
export function canMove(nodes: readonly Node[]): boolean {
  return nodes.length > 0 && nodes.every((node) => hasPermission(node.permissions, Permission.DELETE));
}

/**
 * Whether copying `nodes` into the destination(s) picked in the destination
 * picker is enabled (product §5 "Copy is enabled in the destination picker only
 * if all items have create permission", §6 "create: needed to copy"). The
 * items are the picked destinations: each must be a folder with the create
 * permission. False for no nodes or no destination.
 */
export function canCopy(nodes: readonly Node[], destination: Node | readonly Node[]): boolean {
  const destinations: readonly Node[] = Array.isArray(destination) ? destination : [destination as Node];
  return (
    nodes.length > 0 &&
    destinations.length > 0 &&
    destinations.every((target) => isFolder(target) && hasPermission(target.permissions, Permission.CREATE))
  );
}

/**
 * Whether the move/copy action is offered for `nodes` (product §5): some nodes,
 * all in a user's files space.
 */
export function isMoveCopyEnabled(nodes: readonly Node[]): boolean {
  return nodes.length > 0 && nodes.every(isUnderFiles);
}

/**
 * The move/copy action's label (product §4): 'Move or copy' when every node is
 * deletable and downloadable, 'Move' when every node is deletable but some
 * are not downloadable, 'Copy' otherwise. The label is the English i18n key.
 */
export function moveCopyLabel(nodes: readonly Node[]): MoveCopyLabel {
  if (!canMove(nodes)) return i18nKey('Copy');
  return nodes.every(isDownloadable) ? i18nKey('Move or copy') : i18nKey('Move');
}

/** Why a destination was refused by {@link validateMoveCopyTarget}. */
export type MoveCopyRefusalReason = 'not-a-folder' | 'same-directory' | 'into-itself';

/** A refused destination: the reason and the message to show (product §5). */
export interface MoveCopyRefusal {
  /** Why it was refused. */
  reason: MoveCopyRefusalReason;
  /** The node that cannot go there; undefined when the destination itself is wrong. */
  node?: Node;
  /** The translated message. */
  message: string;
}

/** Root and path together, so nodes of different roots never compare equal. */
const fullPath = (root: string, path: string) => (path === '/' ? root : `${root}${path}`);

/**
 * Check a move or copy destination (product §5), returning the first refusal or
 * null:
 * - the destination must be a folder: 'Destination is not a folder';
 * - a move into the folder a node is already in: 'This file/folder is
 *   already in that directory' (a copy there is allowed, it gets a copy name);
 * - onto a node itself or into its own subfolder: 'You cannot move a
 *   file/folder onto itself or into a subfolder of itself' ('/a b' is not
 *   inside '/a').
 */
export function validateMoveCopyTarget(
  nodes: readonly Node[],
  destination: Node,
  operation: MoveCopyOperation = 'move',
  t: Translate = englishTranslate,
): MoveCopyRefusal | null {
  if (!isFolder(destination)) {
    return { reason: 'not-a-folder', message: t('Destination is not a folder') };
  }
  const target = fullPath(destination.root, destination.path);
  for (const node of nodes) {
    if (operation === 'move' && fullPath(node.root, node.dirname) === target) {
      return { reason: 'same-directory', node, message: t('This file/folder is already in that directory') };
    }
    if (`${target}/`.startsWith(`${fullPath(node.root, node.path)}/`)) {
      return { reason: 'into-itself', node, message: t('You cannot move a file/folder onto itself or into a subfolder of itself') };
    }
  }
  return null;
}
