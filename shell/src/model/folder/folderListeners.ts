import { TaskAbortError, isAnyOf } from '@reduxjs/toolkit';
import type { FolderNode, Node } from '@cumulus/sdk';
import type { AppStartListening, RootState } from '../store/storeTypes';
import { routeChanged } from '../navigation/navigationSlice';
import { selectionCleared } from '../selection/selectionSlice';
import { pluginsSettled, viewsChanged } from '../views/viewsSlice';
import { folderLoaded, folderPartlyLoaded, folderReloadRequested, folderRestored } from '../base/folderActions';
import { folderKey, folderLoadCancelled, folderLoadConfirmed, folderLoadFailed, folderLoadStarted, folderViewAwaited } from './folderSlice';
import { toLoadError } from './loadError';
import { nodesUpdated } from '../nodes/nodesSlice';
import { selectNodeBySource } from '../nodes/selectors';
import { placeChanged } from '../navigation/selectors';

/** Whether the current folder still needs a listing (nothing loaded or loading for it). */
function needsListing(state: RootState): boolean {
  const { view, dir } = state.navigation;
  if (view === null) return false;
  return state.folder.current !== folderKey(view, dir) || state.folder.waitingForView || (!state.folder.loading && state.folder.error !== null);
}

/** The folder's ETag of the listing the store holds for `dir` in the view, if it was listed. */
function heldEtag(state: RootState, view: string, dir: string): string | undefined {
  const key = folderKey(view, dir);
  return state.folder.listed[key] === true ? state.folder.listedEtags[key] : undefined;
}

/**
 * The folder side effects of product §4: a view or folder change clears the
 * selection (the sidebar closes too: sidebarListeners.ts), then the folder is listed through its
 * view's `getContents`, cancelling the previous listing. A route naming a view
 * that no plugin registered yet waits for the plugins.
 *
 * Going back to a folder listed before shows the listing the store holds at
 * once; when the view can tell the folder's ETag cheaply (`getFolderEtag`)
 * and it is still the held listing's, that listing stays as it is, instead
 * of listing the folder again (10,000 entries are 11 MB of XML). A folder the
 * store does not hold shows the listing the view kept from an earlier visit
 * (`getKeptContents`: the listing cache, across page loads) the same way,
 * checked by its ETag. A reload asked for (the reload button, an upload, an
 * update of the folder) always lists again. A big folder not shown yet shows
 * its first rows while the rest of its listing arrives (`onFirstContents`);
 * rows already shown are replaced only by a whole listing.
 */
export function addFolderListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: routeChanged,
    effect: (_action, api) => {
      if (!placeChanged(api.getOriginalState(), api.getState())) return;
      api.dispatch(selectionCleared());
    },
  });

  startListening({
    predicate: (action, current, previous) =>
      (routeChanged.match(action) && (placeChanged(previous, current) || needsListing(current))) ||
      folderReloadRequested.match(action) ||
      (isAnyOf(viewsChanged, pluginsSettled)(action) && needsListing(current)),
    effect: async (action, api) => {
      // Only the newest listing counts: this aborts the signal of a running one.
      api.cancelActiveListeners();
      const { view: viewId, dir } = api.getState().navigation;
      if (viewId === null) return;
      performance.mark?.('files:listing-started', { detail: { dir } }); // bench:ui
      const view = api.extra.host.registries.views.get(viewId);
      if (view === undefined) {
        api.dispatch(folderViewAwaited({ view: viewId, dir }));
        if (api.getState().views.pluginsSettled) {
          api.dispatch(folderLoadFailed({ view: viewId, dir, error: { status: 404, message: `No view "${viewId}"`, isError: true } }));
        }
        return;
      }
      let held = routeChanged.match(action) ? heldEtag(api.getState(), viewId, dir) : undefined;
      // Rows of this folder on screen already: a new listing replaces them whole, never by its first part.
      let shown = api.getState().folder.listed[folderKey(viewId, dir)] === true;
      api.dispatch(folderLoadStarted({ view: viewId, dir }));
      const onFirstContents = (partial: { folder: FolderNode; contents: Node[] }): void => {
        if (!api.signal.aborted) api.dispatch(folderPartlyLoaded({ view: viewId, dir, ...partial }));
      };
      try {
        if (!shown && view.getKeptContents !== undefined) {
          // A listing kept from an earlier visit (or page load) shows at once; its ETag is checked next.
          const kept = await api.pause(view.getKeptContents(dir, { signal: api.signal, onFirstContents }));
          if (kept !== undefined) {
            api.dispatch(folderRestored({ view: viewId, dir, folder: { ...kept.folder, _children: kept.contents.map((node) => node.source) }, contents: kept.contents }));
            held = kept.folder.attributes.etag;
            shown = true;
          }
        }
        if (held !== undefined && (view.getFolder !== undefined || view.getFolderEtag !== undefined)) {
          // The folder node alone when the view gives it: same ETag keeps the rows, but the folder's
          // own quota and permissions change without its ETag (a quota used up elsewhere).
          const fresh = view.getFolder !== undefined ? await api.pause(view.getFolder(dir, { signal: api.signal })) : undefined;
          const etag = view.getFolder !== undefined ? fresh?.attributes.etag : await api.pause(view.getFolderEtag?.(dir, { signal: api.signal }) ?? Promise.resolve(undefined));
          if (etag === held) {
            const current = fresh === undefined ? undefined : selectNodeBySource(api.getState(), fresh.source);
            // Replaced only when it changed, so the rows (selected by the folder node) keep their identity.
            if (fresh !== undefined && current !== undefined && folderChanged(current, fresh)) api.dispatch(nodesUpdated([{ ...fresh, _children: current._children }]));
            api.dispatch(folderLoadConfirmed({ view: viewId, dir }));
            return;
          }
        }
        const { folder, contents } = await api.pause(view.getContents(dir, { signal: api.signal, onFirstContents: shown ? undefined : onFirstContents }));
        // A view may leave `_children` out: the listing is what the folder holds.
        const listed = { ...folder, _children: contents.map((node) => node.source) };
        api.dispatch(folderLoaded({ view: viewId, dir, folder: listed, contents }));
      } catch (error) {
        if (error instanceof TaskAbortError || api.signal.aborted) {
          api.dispatch(folderLoadCancelled({ view: viewId, dir }));
          return;
        }
        if ((error as Error | undefined)?.message === 'Invalid root folder returned') console.error('Invalid root folder returned', error);
        api.dispatch(folderLoadFailed({ view: viewId, dir, error: toLoadError(error) }));
      }
    },
  });
}

/** Whether the fresh folder node differs from the held one in what the ETag does not cover. */
function folderChanged(held: Node, fresh: FolderNode): boolean {
  return held.permissions !== fresh.permissions || held.size !== fresh.size || JSON.stringify(held.attributes) !== JSON.stringify(fresh.attributes);
}
