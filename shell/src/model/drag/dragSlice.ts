import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

/** Drag state (product §3): the sources being dragged. */
export interface DragState {
  sources: string[];
}

/** Nodes being dragged inside the list. */
export const dragSlice = createSlice({
  name: 'drag',
  initialState: { sources: [] } as DragState,
  reducers: {
    draggingStarted: (state, action: PayloadAction<string[]>) => {
      state.sources = action.payload;
    },
    draggingEnded: (state) => {
      state.sources = [];
    },
  },
});

export const { draggingStarted, draggingEnded } = dragSlice.actions;
