import { createAction } from '@reduxjs/toolkit';
import type { UnknownAction } from '@reduxjs/toolkit';
import { isFolder } from '@cumulus/sdk';
import type { Node, NodeStatus } from '@cumulus/sdk';
import { busNodeCreated, busNodeDeleted, busNodeUpdated } from '../base/busEvents';
import { folderLoaded, folderPartlyLoaded, folderRestored } from '../base/folderActions';
import { EMPTY_TABLE, nodeIn, withNodes } from './nodeTable';
import type { NodeTable } from './nodeTable';

/** The nodes the app knows, by source (their identity everywhere in the store). */
export interface NodesState {
  table: NodeTable;
}

/** Nodes were created or changed (an action's result, an upload). */
export const nodesUpdated = createAction<Node[]>('nodes/nodesUpdated');
/** Nodes were deleted or moved away. */
export const nodesRemoved = createAction<string[]>('nodes/nodesRemoved');
/** Nodes became busy (`loading`), unavailable (`failed`), or back to normal (undefined) (product §4 "Node status"). */
export const nodeStatusChanged = createAction<{ sources: string[]; status: NodeStatus | undefined }>('nodes/nodeStatusChanged');

const initialState: NodesState = { table: EMPTY_TABLE };

function changed(state: NodesState, put: readonly Node[], drop: readonly string[] = []): NodesState {
  const table = withNodes(state.table, put, drop);
  return table === state.table ? state : { table };
}

/** A listing arrived: the folder and its contents (a sub-folder listed before keeps its children). */
function listingArrived(state: NodesState, { folder, contents }: { folder: Node; contents: readonly Node[] }): NodesState {
  // A sub-folder's entry in its parent's listing has no children: without the ones it was listed
  // with, going back to it would show nothing until it is listed again.
  const kept = contents.map((node) => {
    if (!isFolder(node) || node._children !== undefined) return node;
    const held = nodeIn(state.table, node.source);
    return isFolder(held) && held._children !== undefined ? { ...node, _children: [...held._children] } : node;
  });
  return changed(state, [folder, ...kept]);
}

/**
 * The nodes' reducer. Written without Immer: a draft of 100,000 nodes copies them all at its
 * first write, so each update builds the next {@link NodeTable} from the changed nodes only.
 */
function nodesReducer(state: NodesState = initialState, action: UnknownAction): NodesState {
  if (nodesUpdated.match(action)) return changed(state, action.payload);
  if (nodesRemoved.match(action)) return changed(state, [], action.payload);
  if (nodeStatusChanged.match(action)) {
    const { sources, status } = action.payload;
    const put: Node[] = [];
    for (const source of sources) {
      const node = nodeIn(state.table, source);
      if (node === undefined || node.status === status) continue;
      const { status: _old, ...rest } = node;
      put.push(status === undefined ? (rest as Node) : { ...node, status });
    }
    return changed(state, put);
  }
  if (folderLoaded.match(action) || folderPartlyLoaded.match(action) || folderRestored.match(action)) return listingArrived(state, action.payload);
  // Node events, whoever emitted them (a plugin, or the shell after its own update: then these change nothing).
  if (busNodeCreated.match(action)) {
    const { node } = action.payload;
    // A node created in a listed folder shows there at once (an upload, a plugin's new file).
    const parent = nodeIn(state.table, parentSource(node.source));
    if (!isFolder(parent)) return state;
    const children = parent._children ?? [];
    return changed(state, children.includes(node.source) ? [node] : [node, { ...parent, _children: [...children, node.source] }]);
  }
  if (busNodeUpdated.match(action)) {
    const { node } = action.payload;
    return nodeIn(state.table, node.source) === undefined ? state : changed(state, [node]);
  }
  if (busNodeDeleted.match(action)) return changed(state, [], [action.payload.node.source]);
  return state;
}

/** The nodes' part of the store (`nodes`). */
export const nodesSlice = { name: 'nodes', reducer: nodesReducer } as const;

/** The source of the folder holding the node `source` (its URL without the last segment). */
export function parentSource(source: string): string {
  return source.replace(/\/+$/, '').replace(/\/[^/]*$/, '');
}
