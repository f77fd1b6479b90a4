import { createEntityAdapter, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { Node, NodeStatus } from '@cumulus/sdk';
import { folderLoaded } from '../folder/folderActions';

/** Nodes normalised by source, their identity everywhere in the store. */
export const nodesAdapter = createEntityAdapter<Node, string>({ selectId: (node) => node.source });

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
    builder.addCase(folderLoaded, (state, action) => {
      nodesAdapter.setMany(state, [action.payload.folder, ...action.payload.contents]);
    });
  },
});

export const { nodesUpdated, nodesRemoved, nodeStatusChanged } = nodesSlice.actions;
