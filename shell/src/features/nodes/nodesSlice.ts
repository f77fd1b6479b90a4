import { createEntityAdapter, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { isFolder } from '@cumulus/sdk';
import type { Node, NodeStatus } from '@cumulus/sdk';
import { busNodeCreated, busNodeDeleted, busNodeUpdated } from '../../app/busEvents';
import { folderLoaded, folderPartlyLoaded, folderRestored } from '../folder/folderActions';

/** Nodes normalised by source, their identity everywhere in the store. */
export const nodesAdapter = createEntityAdapter<Node, string>({ selectId: (node) => node.source });

type NodesState = ReturnType<typeof nodesAdapter.getInitialState>;

/** The nodes the app knows, by source. */
export const nodesSlice = createSlice({
  name: 'nodes',
  initialState: nodesAdapter.getInitialState(),
  reducers: {
    /** Nodes were created or changed (an action's result, an upload). */
    nodesUpdated: (state, action: PayloadAction<Node[]>) => {
      nodesAdapter.setMany(state, action.payload);
    },
    /** Nodes were deleted or moved away. */
    nodesRemoved: (state, action: PayloadAction<string[]>) => {
      nodesAdapter.removeMany(state, action.payload);
    },
    /** Nodes became busy (`loading`), unavailable (`failed`), or back to normal (undefined) (spec §4 "Node status"). */
    nodeStatusChanged: (state, action: PayloadAction<{ sources: string[]; status: NodeStatus | undefined }>) => {
      for (const source of action.payload.sources) {
        const node = state.entities[source];
        if (node === undefined) continue;
        if (action.payload.status === undefined) delete node.status;
        else node.status = action.payload.status;
      }
    },
  },
  extraReducers: (builder) => {
    // The whole listing, its first rows (the folder's _children then name those), or a kept one.
    const listingArrived = (state: NodesState, action: ReturnType<typeof folderLoaded | typeof folderPartlyLoaded | typeof folderRestored>): void => {
      // A sub-folder listed before keeps its children: its entry in this (parent's) listing has none,
      // and without them going back to it would show nothing until it is listed again.
      const contents = action.payload.contents.map((node) => {
        if (!isFolder(node) || node._children !== undefined) return node;
        const held = state.entities[node.source];
        return isFolder(held) && held._children !== undefined ? { ...node, _children: [...held._children] } : node;
      });
      nodesAdapter.setMany(state, [action.payload.folder, ...contents]);
    };
    builder.addCase(folderLoaded, listingArrived);
    builder.addCase(folderPartlyLoaded, listingArrived);
    builder.addCase(folderRestored, listingArrived);
    // Node events, whoever emitted them (a plugin, or the shell after its own update: then these change nothing).
    builder.addCase(busNodeCreated, (state, action) => {
      const { node } = action.payload;
      // A node created in a listed folder shows there at once (an upload, a plugin's new file).
      const parent = state.entities[parentSource(node.source)];
      if (!isFolder(parent)) return;
      nodesAdapter.setOne(state, node);
      const children = parent._children ?? [];
      if (!children.includes(node.source)) parent._children = [...children, node.source];
    });
    builder.addCase(busNodeUpdated, (state, action) => {
      const { node } = action.payload;
      if (state.entities[node.source] !== undefined) nodesAdapter.setOne(state, node);
    });
    builder.addCase(busNodeDeleted, (state, action) => {
      nodesAdapter.removeOne(state, action.payload.node.source);
    });
  },
});

export const { nodesUpdated, nodesRemoved, nodeStatusChanged } = nodesSlice.actions;

/** The source of the folder holding the node `source` (its URL without the last segment). */
export function parentSource(source: string): string {
  return source.replace(/\/+$/, '').replace(/\/[^/]*$/, '');
}
