import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

/** The deployment's core config flags the Files screen follows (set by the server, not the user). */
export interface CoreConfigState {
  /** enable_non-accessible_features: false hides the grid/list toggle and the grid (product §2; default true). */
  enableNonAccessibleFeatures: boolean;
}

/** The core config (product §2), read from the page at start. */
export const coreConfigSlice = createSlice({
  name: 'coreConfig',
  initialState: { enableNonAccessibleFeatures: true } as CoreConfigState,
  reducers: {
    /** The server's flags arrived (from the page context). */
    coreConfigLoaded: (state, action: PayloadAction<Partial<CoreConfigState>>) => ({ ...state, ...action.payload }),
  },
});

export const { coreConfigLoaded } = coreConfigSlice.actions;
