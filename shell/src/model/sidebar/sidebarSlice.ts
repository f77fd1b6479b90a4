import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

/** The details sidebar: which node it shows and on which tab. */
export interface SidebarState {
  /** Source of the node shown; null when closed. */
  source: string | null;
  /** Sidebar tab id; null for the first enabled tab. */
  tab: string | null;
}

const initialState: SidebarState = { source: null, tab: null };

/** The tab a size or modified-time click asks for (product §2 "Rows"); the first tab when no plugin offers it. */
export const SHARING_TAB_ID = 'sharing';

/** The details sidebar's state. The sidebar itself lives in this feature folder. */
export const sidebarSlice = createSlice({
  name: 'sidebar',
  initialState,
  reducers: {
    /** The sidebar opened on `source`, at `tab` when given. */
    sidebarOpened: (state, action: PayloadAction<{ source: string; tab?: string | null }>) => {
      state.source = action.payload.source;
      state.tab = action.payload.tab ?? null;
    },
    /** The user chose another tab of the open sidebar. */
    sidebarTabChanged: (state, action: PayloadAction<string>) => {
      state.tab = action.payload;
    },
    /** The sidebar closed (also on view or folder change, product §4). */
    sidebarClosed: () => initialState,
  },
});

export const { sidebarOpened, sidebarTabChanged, sidebarClosed } = sidebarSlice.actions;
