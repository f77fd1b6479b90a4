import { isAnyOf } from '@reduxjs/toolkit';
import { isFolder } from '@cumulus/sdk';
import type { AppStartListening, RootState } from '../../model/store/storeTypes';
import { folderLoaded } from '../../model/base/folderActions';
import { folderLoadConfirmed } from '../../model/folder/folderSlice';
import { selectCurrentContents, selectCurrentFolder } from '../../model/folder/selectors';
import { routeChanged } from '../../model/navigation/navigationSlice';
import { findDefaultAction } from './defaultAction';
import { runFileAction } from './runFileAction';

/** The place and file id the route names, as one key ('' when it names no file). */
function openFileKey(state: RootState): string {
  const { view, dir, fileid, openfile } = state.navigation;
  return view === null || fileid === null || !openfile ? '' : `${view}\n${dir}\n${fileid}`;
}

/**
 * "Opening by fileid" (product §4): with openfile set, once the folder is
 * listed, the first enabled default action runs on that file; folders are
 * ignored. Each place and file is opened once.
 */
export function addOpenFileListeners(startListening: AppStartListening): void {
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
}
