import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

/** The selection of the file list (product §3): selected sources and the last selected index. */
export interface SelectionState {
  sources: string[];
  lastIndex: number | null;
}

const initialState: SelectionState = { sources: [], lastIndex: null };

/** Selection of nodes in the list. */
export const selectionSlice = createSlice({
  name: 'selection',
  initialState,
  reducers: {
    /** The selection became `sources`; `lastIndex` is the row last clicked, when one was. */
    selectionChanged: (state, action: PayloadAction<{ sources: string[]; lastIndex?: number | null }>) => {
      state.sources = [...new Set(action.payload.sources)];
      if (action.payload.lastIndex !== undefined) state.lastIndex = action.payload.lastIndex;
    },
    /** Nothing is selected any more (Escape, view or folder change, batch success). */
    selectionCleared: () => initialState,
  },
});

export const { selectionChanged, selectionCleared } = selectionSlice.actions;
