import type { Sorting } from '../../lib/engine';
import { createAppAsyncThunk } from '../base/thunks';
import { userConfigChanged, userConfigLoaded } from './userConfigSlice';
import { viewConfigChanged, viewConfigsLoaded } from './viewConfigSlice';

/** Reads the user config and every view config from the server; on failure the defaults stay. */
export const loadConfigs = createAppAsyncThunk('config/load', async (_: void, { dispatch, extra }) => {
  const [user, views] = await Promise.allSettled([extra.api.getUserConfig(), extra.api.getViewConfigs()]);
  if (user.status === 'fulfilled') dispatch(userConfigLoaded(user.value));
  else console.error('Could not load the user config', user.reason);
  if (views.status === 'fulfilled') dispatch(viewConfigsLoaded(views.value));
  else console.error('Could not load the view configs', views.reason);
});

/**
 * Changes one user config value: shown at once, saved with
 * PUT /apps/files/api/v1/config/{key}, announced as 'files:config:updated'.
 * A failed save puts the old value back.
 */
export const setUserConfig = createAppAsyncThunk(
  'config/setUser',
  async ({ key, value }: { key: string; value: boolean }, { dispatch, getState, extra }) => {
    const previous = getState().userConfig.values[key];
    dispatch(userConfigChanged({ key, value }));
    try {
      // A public link's visitor has no config to save to: the change lasts for the page.
      if (!extra.publicShare) await extra.api.setUserConfig(key, value);
      extra.host.events.emit('files:config:updated', { key, value });
    } catch (error) {
      if (previous !== undefined) dispatch(userConfigChanged({ key, value: previous }));
      throw error;
    }
  },
);

/**
 * Changes a view's sorting (product §4 "Sort"): shown at once, saved with
 * PUT /apps/files/api/v1/views for both keys, announced as 'files:view-config:updated'.
 */
export const setViewSorting = createAppAsyncThunk(
  'config/setSorting',
  async ({ view, sorting }: { view: string; sorting: Sorting }, { dispatch, extra }) => {
    dispatch(viewConfigChanged({ view, values: { sorting_mode: sorting.sortingMode, sorting_direction: sorting.sortingOrder } }));
    if (!extra.publicShare) {
      await Promise.all([
        extra.api.setViewConfig(view, 'sorting_mode', sorting.sortingMode),
        extra.api.setViewConfig(view, 'sorting_direction', sorting.sortingOrder),
      ]);
    }
    extra.host.events.emit('files:view-config:updated', { view, key: 'sorting_mode', value: sorting.sortingMode });
    extra.host.events.emit('files:view-config:updated', { view, key: 'sorting_direction', value: sorting.sortingOrder });
  },
);

/** Expands or collapses a view in the navigation, saved as view config `expanded`. */
export const setViewExpanded = createAppAsyncThunk(
  'config/setExpanded',
  async ({ view, expanded }: { view: string; expanded: boolean }, { dispatch, extra }) => {
    dispatch(viewConfigChanged({ view, values: { expanded } }));
    await extra.api.setViewConfig(view, 'expanded', expanded);
    extra.host.events.emit('files:view-config:updated', { view, key: 'expanded', value: expanded });
  },
);
