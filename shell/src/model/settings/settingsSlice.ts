import { createSlice } from '@reduxjs/toolkit';

/** Whether the Files settings dialog is open. */
export interface SettingsState {
  open: boolean;
}

/** The settings dialog's open state; the 'Files settings' button of the navigation opens it. */
export const settingsSlice = createSlice({
  name: 'settings',
  initialState: { open: false } as SettingsState,
  reducers: {
    settingsOpened: (state) => {
      state.open = true;
    },
    settingsClosed: (state) => {
      state.open = false;
    },
  },
});

export const { settingsOpened, settingsClosed } = settingsSlice.actions;
