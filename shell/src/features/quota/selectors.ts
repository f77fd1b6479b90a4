import type { RootState } from '../../app/storeTypes';
import type { StorageStats } from '../../services/api/filesApi';

/** The last storage stats, or null before the server answered. */
export const selectStorageStats = (state: RootState): StorageStats | null => state.quota.stats;
