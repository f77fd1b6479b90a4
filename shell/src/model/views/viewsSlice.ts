import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

/**
 * What the store knows of the views registry: the registered ids (the
 * entries themselves hold functions, so they stay in the registry) and
 * whether every plugin has been dealt with, so a route naming an unknown view
 * waits for plugins before failing.
 */
export interface ViewsState {
  ids: string[];
  pluginsSettled: boolean;
}

/** Mirror of the views registry for the store's listeners. */
export const viewsSlice = createSlice({
  name: 'views',
  initialState: { ids: [], pluginsSettled: false } as ViewsState,
  reducers: {
    /** The views registry changed; `ids` are the registered view ids. */
    viewsChanged: (state, action: PayloadAction<string[]>) => {
      state.ids = action.payload;
    },
    /** Every plugin of the manifest loaded or failed. */
    pluginsSettled: (state) => {
      state.pluginsSettled = true;
    },
  },
});

export const { viewsChanged, pluginsSettled } = viewsSlice.actions;
