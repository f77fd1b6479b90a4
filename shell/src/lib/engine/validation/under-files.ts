import type { Node } from '@cumulus/sdk';

/**
 * Whether the node lives in a user's files space, that is its root starts
 * with '/files/' (product §5: move or copy and the details action are enabled
 * only there, not for trash, versions or other roots).
 */
export function isUnderFiles(node: Node): boolean {
  return node.root.startsWith('/files/');
}
