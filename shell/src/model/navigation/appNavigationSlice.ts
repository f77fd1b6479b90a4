import { createSlice } from '@reduxjs/toolkit';
import { routeChanged } from './navigationSlice';

/** Whether the left navigation is open as an overlay (narrow screens, where it is hidden by default). */
export interface AppNavigationState {
  open: boolean;
}

/** The app navigation toggle (like Nextcloud's): below 520 px the navigation opens over the list. */
export const appNavigationSlice = createSlice({
  name: 'appNavigation',
  initialState: { open: false } as AppNavigationState,
  reducers: {
    /** Opens or closes the navigation overlay. */
    appNavigationToggled: (state, action: { payload: boolean | undefined }) => {
      state.open = action.payload ?? !state.open;
    },
  },
  extraReducers: (builder) => {
    // Choosing a view or folder closes the overlay: the list is what the user wants to see next.
    builder.addCase(routeChanged, (state) => {
      state.open = false;
    });
  },
});

export const { appNavigationToggled } = appNavigationSlice.actions;
