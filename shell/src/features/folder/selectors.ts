import { createSelector } from '@reduxjs/toolkit';
import { isFolder } from '@cumulus/sdk';
import type { FolderNode, Node } from '@cumulus/sdk';
import type { RootState } from '../../app/store';

/** The source of the folder the list shows, once listed. */
export const selectCurrentFolderSource = (state: RootState): string | undefined => {
  const { view, dir } = state.navigation;
  return view === null ? undefined : state.folder.paths[view]?.[dir];
};

/** The folder the list shows, once listed. */
export const selectCurrentFolder = (state: RootState): FolderNode | undefined => {
  const source = selectCurrentFolderSource(state);
  const node = source === undefined ? undefined : state.nodes.entities[source];
  return isFolder(node) ? node : undefined;
};

/** The children of the current folder, in the server's order (unsorted, unfiltered). */
export const selectCurrentContents = createSelector(
  [selectCurrentFolder, (state: RootState) => state.nodes.entities],
  (folder, entities): Node[] =>
    (folder?._children ?? []).map((source) => entities[source]).filter((node): node is Node => node !== undefined),
);

/** Whether a listing is under way. */
export const selectIsLoading = (state: RootState): boolean => state.folder.loading;

/** Whether the list is being refreshed while it already shows the folder (small refresh icon). */
export const selectIsRefreshing = (state: RootState): boolean => state.folder.loading && selectCurrentFolder(state) !== undefined;

/** Why the last listing failed, or null. */
export const selectLoadError = (state: RootState) => state.folder.error;
