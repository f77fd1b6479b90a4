import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { USER_CONFIG_DEFAULTS as DEFAULTS } from '@cumulus/protocol';
import type { UserConfigKey } from '@cumulus/protocol';

/** The user config of the file list (product §3): `@cumulus/protocol`'s keys, which the server answers too. */
export interface UserConfig extends Record<UserConfigKey, boolean> {
  /** Keys the server knows that the shell does not use yet. */
  [key: string]: boolean;
}

/** The spec's defaults (the server's too), used until the server's values arrive. */
export const USER_CONFIG_DEFAULTS: UserConfig = { ...DEFAULTS };

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
