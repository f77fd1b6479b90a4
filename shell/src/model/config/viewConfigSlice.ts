import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { ViewConfigValues } from '../../services/api/filesApi';

/** The config of every view by view id (product §3 "View config per view"). */
export interface ViewConfigState {
  byView: Record<string, ViewConfigValues>;
}

/** View configs: sorting mode and direction, expanded. */
export const viewConfigSlice = createSlice({
  name: 'viewConfig',
  initialState: { byView: {} } as ViewConfigState,
  reducers: {
    /** The server's view configs arrived. */
    viewConfigsLoaded: (state, action: PayloadAction<Record<string, ViewConfigValues>>) => {
      for (const [view, config] of Object.entries(action.payload)) state.byView[view] = { ...state.byView[view], ...config };
    },
    /** Values of one view changed (by the user; saved by the `setViewConfig` thunk). */
    viewConfigChanged: (state, action: PayloadAction<{ view: string; values: ViewConfigValues }>) => {
      state.byView[action.payload.view] = { ...state.byView[action.payload.view], ...action.payload.values };
    },
  },
});

export const { viewConfigsLoaded, viewConfigChanged } = viewConfigSlice.actions;
