import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

/** The user config of the file list with the spec's defaults (product §3). */
export interface UserConfig {
  show_hidden: boolean;
  crop_image_previews: boolean;
  sort_favorites_first: boolean;
  sort_folders_first: boolean;
  grid_view: boolean;
  folder_tree: boolean;
  /** Keys the server knows that the shell does not use yet. */
  [key: string]: boolean;
}

/** The spec's defaults, used until the server's values arrive. */
export const USER_CONFIG_DEFAULTS: UserConfig = {
  show_hidden: false,
  crop_image_previews: true,
  sort_favorites_first: true,
  sort_folders_first: true,
  grid_view: false,
  folder_tree: true,
};

/** State of the user config. */
export interface UserConfigState {
  values: UserConfig;
  loaded: boolean;
}

/** The user config (product §3 "User config"). */
export const userConfigSlice = createSlice({
  name: 'userConfig',
  initialState: { values: USER_CONFIG_DEFAULTS, loaded: false } as UserConfigState,
  reducers: {
    /** The server's values arrived. */
    userConfigLoaded: (state, action: PayloadAction<Record<string, boolean>>) => {
      state.values = { ...state.values, ...action.payload };
      state.loaded = true;
    },
    /** One value changed (by the user; saved by the `setUserConfig` thunk). */
    userConfigChanged: (state, action: PayloadAction<{ key: string; value: boolean }>) => {
      state.values[action.payload.key] = action.payload.value;
    },
  },
});

export const { userConfigLoaded, userConfigChanged } = userConfigSlice.actions;
