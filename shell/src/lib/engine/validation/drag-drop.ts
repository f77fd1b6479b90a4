import { isFolder } from '@cumulus/sdk';
import { hasPermission, Permission } from '@cumulus/sdk';
import type { Node } from '@cumulus/sdk';

/** The mouse button that starts a drop: the primary one. */
export const PRIMARY_BUTTON = 0;

/** Dragging needs the update permission on every dragged node (product §5); false for no nodes. */
export function canDrag(nodes: readonly Node[]): boolean {
  return nodes.length > 0 && nodes.every((node) => hasPermission(node.permissions, Permission.UPDATE));
}

/** What {@link canDrop} looks at. */
export interface DropContext {
  /** The node under the pointer. */
  target: Node;
  /** Sources of the dragged nodes (the drag state holds sources). */
  dragged: readonly string[];
  /** `MouseEvent.button` of the drop; 0 is the primary button. */
  button: number;
}

/**
 * Whether dropping here is accepted (product §5): the primary button, a folder
 * target with the create permission, and the target not itself dragged.
 */
export function canDrop({ target, dragged, button }: DropContext): boolean {
  return (
    button === PRIMARY_BUTTON &&
    isFolder(target) &&
    hasPermission(target.permissions, Permission.CREATE) &&
    !dragged.includes(target.source)
  );
}

/** The operation of a drop (product §5): Ctrl held means copy, otherwise move. */
export function dropOperation({ ctrlKey }: { ctrlKey: boolean }): 'copy' | 'move' {
  return ctrlKey ? 'copy' : 'move';
}
