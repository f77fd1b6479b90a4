import { busConfigUpdated, busNodeDeleted, busNodeUpdated } from '../base/busEvents';
import type { AppStartListening } from '../store/storeTypes';
import { routeChanged } from '../navigation/navigationSlice';
import { folderReloadRequested } from '../base/folderActions';
import { parentDir } from './paths';
import { selectCurrentFolder, selectCurrentFolderSource } from './selectors';

/**
 * The folder's reactions to the event bus and the route (product §4):
 * - Refetch on a config update ('files:config:updated', so show_hidden and
 *   the other user settings apply to a fresh listing) and on an update of
 *   the current folder node ('files:node:updated').
 * - "Deleted node": when the current folder is deleted the app goes to its
 *   parent dir in the view; when the route's file is deleted, fileid and
 *   openfile are dropped. Both replace the history entry (the place no longer
 *   exists), so a deleting thunk that navigated already is not undone.
 * ("Opening by fileid" runs an action, so it lives with the actions:
 * operations/actions/openFileListeners.ts.)
 * - 'files:navigation:changed' is announced when the view or folder changes.
 */
export function addFolderEventListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: busConfigUpdated,
    effect: (_action, api) => {
      if (api.getState().navigation.view !== null) api.dispatch(folderReloadRequested());
    },
  });

  startListening({
    actionCreator: busNodeUpdated,
    effect: (action, api) => {
      const state = api.getState();
      const { node } = action.payload;
      const current = selectCurrentFolder(state);
      const isCurrent = node.source === selectCurrentFolderSource(state) || (node.fileid !== undefined && node.fileid === current?.fileid);
      if (isCurrent && !state.folder.loading) api.dispatch(folderReloadRequested());
    },
  });

  startListening({
    actionCreator: busNodeDeleted,
    effect: (action, api) => {
      // The node is already gone from the store: compare with the state before.
      const before = api.getOriginalState();
      const { view, dir, fileid } = before.navigation;
      if (view === null) return;
      const { node } = action.payload;
      const folder = selectCurrentFolder(before);
      const wasCurrentFolder = node.source === selectCurrentFolderSource(before) || (node.fileid !== undefined && node.fileid === folder?.fileid);
      if (wasCurrentFolder && dir !== '/') {
        api.extra.navigator.navigate({ view, dir: parentDir(dir) }, { replace: true });
      } else if (fileid !== null && node.fileid === fileid) {
        api.extra.navigator.navigate({ view, dir }, { replace: true });
      }
    },
  });

  startListening({
    actionCreator: routeChanged,
    effect: (_action, api) => {
      const before = api.getOriginalState().navigation;
      const { view: viewId, dir, fileid } = api.getState().navigation;
      if (viewId === null || (before.view === viewId && before.dir === dir && before.fileid === fileid)) return;
      const view = api.extra.host.registries.views.get(viewId);
      if (view === undefined) return;
      api.extra.host.events.emit('files:navigation:changed', fileid === null ? { view, dir } : { view, dir, fileid });
    },
  });
}
