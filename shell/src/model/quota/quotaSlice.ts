import { createAction, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { StorageStats } from '../../services/api/filesApi';

/** The signed-in user's storage stats (product §3 "Storage stats"). */
export interface QuotaState {
  /** The last stats the server gave; null before the first answer. */
  stats: StorageStats | null;
}

const initialState: QuotaState = { stats: null };

/**
 * Someone wants fresh storage stats: the user (a click on the quota, whose
 * failure is toasted) or the app (the 60 s timer, a finished listing, a node
 * event; failures are only logged, and these requests are throttled).
 */
export const storageStatsRefreshRequested = createAction<{ userTriggered: boolean }>('quota/refreshRequested');

/** Storage stats of the navigation footer. */
export const quotaSlice = createSlice({
  name: 'quota',
  initialState,
  reducers: {
    /** The server answered with valid stats. */
    storageStatsLoaded: (state, action: PayloadAction<StorageStats>) => {
      state.stats = action.payload;
    },
  },
});

export const { storageStatsLoaded } = quotaSlice.actions;
