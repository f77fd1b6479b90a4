import { isFolder } from '@cumulus/sdk';
import type { FolderNode, Node } from '@cumulus/sdk';
import type { RootState } from '../store/storeTypes';
import { folderContents } from '../nodes/folderContents';
import { folderKey } from './folderSlice';
import { selectNodeBySource } from '../nodes/selectors';

/** The source of the folder the list shows, once listed. */
export const selectCurrentFolderSource = (state: RootState): string | undefined => {
  const { view, dir } = state.navigation;
  return view === null ? undefined : state.folder.paths[view]?.[dir];
};

/** The folder the list shows, once listed. */
export const selectCurrentFolder = (state: RootState): FolderNode | undefined => {
  const source = selectCurrentFolderSource(state);
  const node = source === undefined ? undefined : selectNodeBySource(state, source);
  return isFolder(node) ? node : undefined;
};

const NO_CHILDREN: readonly string[] = [];

/**
 * The children of the current folder, in the server's order (unsorted, unfiltered): the same
 * array while they do not change, and after live changes updated at their cost, not looked
 * up again child by child (`folderContents`).
 */
export const selectCurrentContents = (state: RootState): Node[] => folderContents(selectCurrentFolder(state)?._children ?? NO_CHILDREN, state.nodes.table);

/**
 * Whether the current folder's own listing has arrived once. A sub-folder
 * registered from its parent's listing is a known node without contents yet:
 * it is not listed.
 */
export const selectIsCurrentFolderListed = (state: RootState): boolean => {
  const { view, dir } = state.navigation;
  return view !== null && state.folder.listed[folderKey(view, dir)] === true && selectCurrentFolder(state) !== undefined;
};

/** Whether a listing is under way. */
export const selectIsLoading = (state: RootState): boolean => state.folder.loading;

/**
 * Whether the list is being refreshed while it already shows the folder's
 * contents (product §2: the small refresh icon; the first load shows the big one).
 */
export const selectIsRefreshing = (state: RootState): boolean => state.folder.loading && selectIsCurrentFolderListed(state);

/** Why the last listing failed, or null. */
export const selectLoadError = (state: RootState) => state.folder.error;
