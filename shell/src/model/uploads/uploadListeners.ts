import type { AppStartListening } from '../store/storeTypes';
import { folderReloadRequested } from '../base/folderActions';
import { sameFolderSource, selectLiveFolder } from '../live/liveFolder';
import { selectCurrentFolderSource } from '../folder/selectors';
import { storageStatsRefreshRequested } from '../quota/quotaSlice';
import { uploadsActions } from './uploadsSlice';

/** Finished uploads within this time make one refetch. */
export const UPLOAD_REFETCH_DEBOUNCE_MS = 300;

/**
 * The reactions to uploads (product §4 "Refetch … after an upload into the
 * current folder"): when uploads into the folder on screen finish, it is
 * listed again (once for a burst of them) unless the change feed keeps it
 * current (the uploaded files then arrive through it, as anyone's do), and
 * the storage stats are refreshed after any upload ends.
 */
export function addUploadListeners(startListening: AppStartListening): void {
  // Whether a finished upload of the burst went into the folder on screen (a later report of the burst may not).
  let refetch = false;
  startListening({
    actionCreator: uploadsActions.ended,
    effect: async (action, api) => {
      const finished = action.payload.items.filter((item) => item.status === 'finished' && item.kind !== 'batch');
      if (finished.length === 0) return;
      const state = api.getState();
      const current = selectCurrentFolderSource(state);
      // Kept current by the change feed, which brings the uploaded files as it brings anyone's: no listing.
      const live = selectLiveFolder(state, api.extra.liveFeed) !== undefined;
      if (current !== undefined && !live && finished.some((item) => sameFolderSource(item.destination, current))) refetch = true;
      // One refetch for a burst: a later report restarts the wait.
      api.cancelActiveListeners();
      await api.delay(UPLOAD_REFETCH_DEBOUNCE_MS);
      api.dispatch(storageStatsRefreshRequested({ userTriggered: false }));
      if (refetch) api.dispatch(folderReloadRequested());
      refetch = false;
    },
  });
}
