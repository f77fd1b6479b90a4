import { CLICK_DEBOUNCE_MS, STATS_THROTTLE_MS, STORAGE_FULL_MESSAGE, storageBecameFull } from '../../lib/engine';
import type { AppDispatch, AppStartListening, RootState } from '../store/storeTypes';
import type { ShellServices } from '../../services/types';
import { folderLoaded } from '../base/folderActions';
import { nodesRemoved } from '../nodes/nodesSlice';
import { showToast } from '../../ui/toasts/toasts';
import { storageStatsLoaded, storageStatsRefreshRequested } from './quotaSlice';

/** What a refresh needs from the listener API; kept so a throttled refresh can run after its effect returned. */
interface RefreshDeps {
  dispatch: AppDispatch;
  getState: () => RootState;
  extra: ShellServices;
}

/**
 * Asks the server for the storage stats and stores them (product §7: an invalid
 * result is an error). A failure is logged, and toasted only when the user
 * asked (product §8 "Storage"); free space dropping to 0 under a quota warns once.
 */
async function refreshStats({ dispatch, getState, extra }: RefreshDeps, userTriggered: boolean): Promise<void> {
  // A public link's visitor has no quota (and no stats to ask for).
  if (extra.publicShare) return;
  try {
    const stats = await extra.api.getStats();
    const previous = getState().quota.stats;
    dispatch(storageStatsLoaded(stats));
    // i18n-dynamic: STORAGE_FULL_MESSAGE is marked with i18nKey in lib/engine/validation/storage.ts.
    if (storageBecameFull(previous, stats)) showToast({ type: 'error', message: extra.t(STORAGE_FULL_MESSAGE) });
  } catch (error) {
    console.error('Could not refresh storage stats', error);
    if (userTriggered) showToast({ type: 'error', message: extra.t('Could not refresh storage stats') });
  }
}

/**
 * The storage stats side effects (product §4, §8, §9). A user's click is
 * debounced by 200 ms and always asks the server. Every other reason (the
 * 60 s timer, a finished listing, nodes removed, node events) is throttled to
 * one request per second, with one trailing request so the last change is
 * never missed, and never two requests at once.
 */
export function addQuotaListeners(startListening: AppStartListening): void {
  let lastStart = Number.NEGATIVE_INFINITY;
  let running = false;
  let pending = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const start = async (deps: RefreshDeps, userTriggered: boolean): Promise<void> => {
    running = true;
    lastStart = Date.now();
    try {
      await refreshStats(deps, userTriggered);
    } finally {
      running = false;
    }
    if (pending) {
      pending = false;
      request(deps);
    }
  };

  const request = (deps: RefreshDeps): void => {
    if (running) {
      pending = true;
      return;
    }
    if (timer !== undefined) return;
    const wait = lastStart + STATS_THROTTLE_MS - Date.now();
    if (wait <= 0) {
      void start(deps, false);
      return;
    }
    timer = setTimeout(() => {
      timer = undefined;
      request(deps);
    }, wait);
  };

  startListening({
    predicate: (action) => storageStatsRefreshRequested.match(action) && action.payload.userTriggered,
    effect: async (_action, api) => {
      // Debounce: only the last of quick clicks asks the server.
      api.cancelActiveListeners();
      await api.delay(CLICK_DEBOUNCE_MS);
      await start({ dispatch: api.dispatch, getState: api.getState, extra: api.extra }, true);
    },
  });

  startListening({
    predicate: (action) =>
      (storageStatsRefreshRequested.match(action) && !action.payload.userTriggered) || folderLoaded.match(action) || nodesRemoved.match(action),
    effect: (_action, api) => {
      request({ dispatch: api.dispatch, getState: api.getState, extra: api.extra });
    },
  });
}
