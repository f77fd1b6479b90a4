import { useState } from 'react';
import type { DragEvent } from 'react';
import { canDrag, canDrop, canUploadTo, dropOperation } from '../../lib/engine';
import type { FolderNode, Node } from '@cumulus/sdk';
import { useAppDispatch, useAppSelector, useAppStore } from '../../model/store/hooks';
import { selectUserConfig } from '../../model/config/selectors';
import { createDragImage } from './dragImage';
import { draggingStarted } from '../../model/drag/dragSlice';
import { dropNodes } from './dropNodes';
import { carriesFiles } from './DropNotice';
import { claimDrop, takeDroppedEntries } from '../../operations/uploads/dataTransferFiles';
import { uploadDropped } from '../../operations/uploads/uploadDropped';
import { injectDragStyles } from './styles';
import { selectNodeBySource } from '../../model/nodes/selectors';

injectDragStyles();

/** The data type that marks a drag of rows of this list (a desktop drag carries 'Files' instead). */
export const NODES_DRAG_TYPE = 'application/x-cumulus-nodes';

/** The handlers a drop target spreads on its element. */
export interface DropTargetProps {
  onDragOver(event: DragEvent): void;
  onDragLeave(event: DragEvent): void;
  onDrop(event: DragEvent): void;
}

/**
 * Makes `node` a drop target for dragged rows (product §5): it accepts while
 * `canDrop` says so (a folder with create permission, not itself dragged,
 * primary button), shows the copy or move cursor by Ctrl (`dropOperation`),
 * is highlighted while hovered, and a drop runs `dropNodes`. Files dragged
 * from the desktop are accepted by a folder that takes uploads
 * (`canUploadTo`) and uploaded into it (`uploadDropped`). Rows and
 * breadcrumbs use it; an undefined node (a crumb not yet listed) accepts
 * nothing.
 */
export function useDropTarget(node: Node | undefined): { hovered: boolean; props: DropTargetProps } {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const dragging = useAppSelector((state) => state.drag.sources.length > 0);
  // Which drag hovers: rows of the list (shown while that drag lasts) or files from the desktop.
  const [hovered, setHovered] = useState<false | 'nodes' | 'files'>(false);

  const accepts = (event: DragEvent): boolean => {
    const dragged = store.getState().drag.sources;
    return node !== undefined && dragged.length > 0 && canDrop({ target: node, dragged, button: event.button });
  };
  /** Files from the desktop over a folder that takes uploads. */
  const acceptsFiles = (event: DragEvent): boolean => store.getState().drag.sources.length === 0 && carriesFiles(event.dataTransfer) && canUploadTo(node);
  return {
    hovered: hovered === 'files' || (hovered === 'nodes' && dragging),
    props: {
      onDragOver(event) {
        if (acceptsFiles(event)) {
          event.preventDefault();
          // The content's drop notice stays: the drop still goes here.
          event.dataTransfer.dropEffect = 'copy';
          if (hovered !== 'files') setHovered('files');
          return;
        }
        if (!accepts(event)) return;
        // Accepting the drop is what preventDefault means during dragover.
        event.preventDefault();
        event.dataTransfer.dropEffect = dropOperation({ ctrlKey: event.ctrlKey });
        if (hovered !== 'nodes') setHovered('nodes');
      },
      onDragLeave(event) {
        if (event.relatedTarget instanceof globalThis.Node && event.currentTarget.contains(event.relatedTarget)) return;
        setHovered(false);
      },
      onDrop(event) {
        setHovered(false);
        if (acceptsFiles(event) && node !== undefined && node.type === 'folder') {
          event.preventDefault();
          event.stopPropagation();
          // The content's own drop listener (the drop notice's) saw this drop first: it is this folder's.
          claimDrop(event.nativeEvent);
          void dispatch(uploadDropped({ target: node as FolderNode, taken: takeDroppedEntries(event.dataTransfer) }));
          return;
        }
        if (!accepts(event) || node === undefined) return;
        event.preventDefault();
        event.stopPropagation();
        const sources = store.getState().drag.sources;
        void dispatch(dropNodes({ target: node.source, sources, operation: dropOperation({ ctrlKey: event.ctrlKey }) }));
      },
    },
  };
}

/** What a dragged row spreads on its element. */
export interface NodeDragProps extends DropTargetProps {
  draggable: boolean;
  onDragStart(event: DragEvent): void;
}

/**
 * Dragging and dropping rows (product §5): a row with update permission can be
 * dragged; a drag from a selected row takes the whole selection, otherwise
 * only that row, and all dragged nodes need the update permission
 * (`canDrag`), else the drag does not start. The drag image shows up to
 * three previews and the count. Every row is also a drop target
 * (`useDropTarget`). `dragged` tells whether this row is among the dragged.
 */
export function useNodeDrag(node: Node): { dragged: boolean; dropTarget: boolean; props: NodeDragProps } {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const dragged = useAppSelector((state) => state.drag.sources.includes(node.source));
  const target = useDropTarget(node);
  return {
    dragged,
    dropTarget: target.hovered,
    props: {
      ...target.props,
      draggable: canDrag([node]),
      onDragStart(event) {
        const state = store.getState();
        const selected = state.selection.sources;
        const sources = selected.includes(node.source) ? selected : [node.source];
        const nodes = sources.map((source) => selectNodeBySource(state, source)).filter((entry): entry is Node => entry !== undefined);
        if (!canDrag(nodes)) {
          event.preventDefault();
          return;
        }
        const transfer = event.dataTransfer;
        transfer.effectAllowed = 'copyMove';
        transfer.setData(NODES_DRAG_TYPE, JSON.stringify(sources));
        transfer.setData('text/plain', nodes.map((entry) => entry.basename).join('\n'));
        const image = createDragImage(nodes, { crop: selectUserConfig(state).crop_image_previews });
        document.body.appendChild(image);
        transfer.setDragImage(image, -12, -12);
        // The browser takes its picture during dragstart; the element can go right after.
        setTimeout(() => image.remove(), 0);
        dispatch(draggingStarted(sources));
      },
    },
  };
}
