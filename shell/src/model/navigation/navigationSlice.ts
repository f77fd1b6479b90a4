import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

/** Where the user is: the route's values (product §2). */
export interface NavigationState {
  /** Active view id; null before the first route is read. */
  view: string | null;
  /** Current folder in the view, '/' for the root, no trailing slash. */
  dir: string;
  /** File id in the route, if any. */
  fileid: number | null;
  /** Whether the route asks to open the file. */
  openfile: boolean;
}

const initialState: NavigationState = { view: null, dir: '/', fileid: null, openfile: false };

/** The route as the store sees it. The router is the source of truth; this slice mirrors it. */
export const navigationSlice = createSlice({
  name: 'navigation',
  initialState,
  reducers: {
    /** The route changed (read from the URL by `RouteSync`). */
    routeChanged: (_state, action: PayloadAction<{ view: string; dir: string; fileid: number | null; openfile: boolean }>) => ({
      ...action.payload,
    }),
  },
});

export const { routeChanged } = navigationSlice.actions;
