import type { Sorting } from '../../lib/engine';
import type { RootState } from '../store/storeTypes';
import type { UserConfig } from './userConfigSlice';

/** The user config, with defaults until the server answered. */
export const selectUserConfig = (state: RootState): UserConfig => state.userConfig.values;

/** Whether the list shows as a grid (user config `grid_view`). */
export const selectGridView = (state: RootState): boolean => state.userConfig.values.grid_view;

/**
 * The sorting of a view (product §3): its config, else the view's default sort
 * key (or basename), ascending.
 */
export const selectViewSorting = (state: RootState, viewId: string, defaultSortKey?: string): Sorting => {
  const config = state.viewConfig.byView[viewId];
  return {
    sortingMode: config?.sorting_mode ?? defaultSortKey ?? 'basename',
    sortingOrder: config?.sorting_direction ?? 'asc',
  };
};

/** Whether the view is expanded in the navigation (view config `expanded`), undefined when never set. */
export const selectViewExpanded = (state: RootState, viewId: string): boolean | undefined => state.viewConfig.byView[viewId]?.expanded;

/** Core flag enable_non-accessible_features (product §2): false hides the grid toggle and the grid. */
export const selectEnableNonAccessibleFeatures = (state: RootState): boolean => state.coreConfig.enableNonAccessibleFeatures;
