import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

/** The 'Filter filenames…' query of the navigation (already throttled when it lands here). */
export interface FilterState {
  filename: string;
}

/** The filename filter of the list. */
export const filterSlice = createSlice({
  name: 'filter',
  initialState: { filename: '' } as FilterState,
  reducers: {
    filenameFilterChanged: (state, action: PayloadAction<string>) => {
      state.filename = action.payload;
    },
  },
});

export const { filenameFilterChanged } = filterSlice.actions;
