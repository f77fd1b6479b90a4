import { isAnyOf } from '@reduxjs/toolkit';
import { isFolder } from '@cumulus/sdk';
import { busConfigUpdated, busNodeDeleted, busNodeUpdated } from '../../app/busEvents';
import type { AppStartListening, RootState } from '../../app/storeTypes';
import { findDefaultAction } from '../filelist/defaultAction';
import { runFileAction } from '../filelist/runFileAction';
import { routeChanged } from '../navigation/navigationSlice';
import { folderLoaded, folderReloadRequested } from './folderActions';
import { folderLoadConfirmed } from './folderSlice';
import { parentDir } from './paths';
import { selectCurrentContents, selectCurrentFolder, selectCurrentFolderSource } from './selectors';

/** The place and file id the route names, as one key ('' when it names no file). */
function openFileKey(state: RootState): string {
  const { view, dir, fileid, openfile } = state.navigation;
  return view === null || fileid === null || !openfile ? '' : `${view}\n${dir}\n${fileid}`;
}

/**
 * The folder's reactions to the event bus and the route (product §4):
 * - Refetch on a config update ('files:config:updated', so show_hidden and
 *   the other user settings apply to a fresh listing) and on an update of
 *   the current folder node ('files:node:updated').
 * - "Deleted node": when the current folder is deleted the app goes to its
 *   parent dir in the view; when the route's file is deleted, fileid and
 *   openfile are dropped. Both replace the history entry (the place no longer
 *   exists), so a deleting thunk that navigated already is not undone.
 * - "Opening by fileid": with openfile set, once the folder is listed, the
 *   first enabled default action runs on that file; folders are ignored.
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

  let opened = '';
  startListening({
    matcher: isAnyOf(folderLoaded, folderLoadConfirmed, routeChanged),
    effect: (_action, api) => {
      const state = api.getState();
      const key = openFileKey(state);
      if (key === '') opened = '';
      if (key === '' || key === opened || state.folder.loading) return;
      const view = state.navigation.view === null ? undefined : api.extra.host.registries.views.get(state.navigation.view);
      if (view === undefined || selectCurrentFolder(state) === undefined) return;
      opened = key;
      const node = selectCurrentContents(state).find((candidate) => candidate.fileid === state.navigation.fileid);
      if (node === undefined || isFolder(node)) return;
      const action = findDefaultAction(api.extra.host.registries.fileActions.getAll(), node, view);
      if (action !== undefined) void api.dispatch(runFileAction({ actionId: action.id, source: node.source }));
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
