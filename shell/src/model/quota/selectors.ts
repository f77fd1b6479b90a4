import type { RootState } from '../store/storeTypes';
import type { StorageStats } from '../../services/api/filesApi';

/** The last storage stats, or null before the server answered. */
export const selectStorageStats = (state: RootState): StorageStats | null => state.quota.stats;
