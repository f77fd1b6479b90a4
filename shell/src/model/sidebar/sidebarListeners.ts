import { isAnyOf } from '@reduxjs/toolkit';
import { sidebarOpensByItself } from '../../lib/engine';
import type { AppStartListening, RootState } from '../store/storeTypes';
import { folderLoaded } from '../base/folderActions';
import { folderLoadConfirmed } from '../folder/folderSlice';
import { selectCurrentContents, selectCurrentFolder } from '../folder/selectors';
import { routeChanged } from '../navigation/navigationSlice';
import { placeChanged } from '../navigation/selectors';
import { nodesRemoved } from '../nodes/nodesSlice';
import { sidebarClosed, sidebarOpened } from './sidebarSlice';
import { openDetails } from './openDetails';
import { activeSidebarTab, enabledSidebarTabs } from './sidebarTabs';
import { selectNodeBySource } from '../nodes/selectors';

/** The browser window's width; 0 outside a browser. */
function windowWidth(): number {
  return typeof window === 'undefined' ? 0 : window.innerWidth;
}

/** The place and file id the route names, as one key. */
function fileKey(state: RootState): string | null {
  const { view, dir, fileid } = state.navigation;
  return view === null || fileid === null ? null : `${view}\n${dir}\n${fileid}`;
}

/**
 * The sidebar's side effects (product §4): it announces opening and closing on
 * the event bus ('files:sidebar:opened' with the node and the tab shown,
 * 'files:sidebar:closed'); it closes when its node is removed; and it opens
 * by itself for the route's file id once that file is listed, when the window
 * is wider than 1024 px, but not for the current folder itself nor for a
 * node the details action is not enabled for (`openDetails`). Each file id
 * of a place opens it once, so a refetch never reopens what the user closed.
 */
export function addSidebarListeners(startListening: AppStartListening, viewportWidth: () => number = windowWidth): void {
  // A view or folder change closes the sidebar (product §4), as it clears the selection.
  startListening({
    actionCreator: routeChanged,
    effect: (_action, api) => {
      if (placeChanged(api.getOriginalState(), api.getState())) api.dispatch(sidebarClosed());
    },
  });

  startListening({
    actionCreator: sidebarOpened,
    effect: (action, api) => {
      const node = selectNodeBySource(api.getState(), action.payload.source);
      if (node === undefined) return;
      const tabs = enabledSidebarTabs(api.extra.host.registries.sidebarTabs.getAll(), node);
      const tab = activeSidebarTab(tabs, api.getState().sidebar.tab);
      api.extra.host.events.emit('files:sidebar:opened', tab === undefined ? { node } : { node, tab: tab.id });
    },
  });

  startListening({
    actionCreator: sidebarClosed,
    effect: (_action, api) => {
      if (api.getOriginalState().sidebar.source !== null) api.extra.host.events.emit('files:sidebar:closed', {});
    },
  });

  startListening({
    actionCreator: nodesRemoved,
    effect: (action, api) => {
      const { source } = api.getState().sidebar;
      if (source !== null && action.payload.includes(source)) api.dispatch(sidebarClosed());
    },
  });

  let handled: string | null = null;
  startListening({
    matcher: isAnyOf(folderLoaded, folderLoadConfirmed, routeChanged),
    effect: (_action, api) => {
      const state = api.getState();
      const key = fileKey(state);
      if (key === null || key === handled || state.folder.loading) return;
      const folder = selectCurrentFolder(state);
      if (folder === undefined) return;
      handled = key;
      const fileid = state.navigation.fileid;
      if (folder.fileid === fileid || !sidebarOpensByItself(viewportWidth())) return;
      const node = selectCurrentContents(state).find((candidate) => candidate.fileid === fileid);
      // The details action's own rule decides (openDetails): no sidebar on a node it is not enabled for.
      if (node !== undefined && state.sidebar.source !== node.source) api.dispatch(openDetails(node.source));
    },
  });
}
