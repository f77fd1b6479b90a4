import type { FolderNode } from '@cumulus/sdk';
import type { RootState } from '../store/storeTypes';
import { selectCurrentFolder, selectIsCurrentFolderListed } from '../folder/selectors';
import { LIVE_VIEW } from './applyLiveBatch';

/**
 * The folder on screen when the change feed keeps it current (`liveFeed`: a signed-in user's
 * page; only the files view's folder is followed), once listed: what the store holds of it
 * is then what the server has, and whoever needs its contents (the upload engine's conflict
 * check) takes them from the store instead of listing it again. Undefined otherwise.
 */
export function selectLiveFolder(state: RootState, liveFeed: boolean | undefined): FolderNode | undefined {
  if (liveFeed !== true || state.navigation.view !== LIVE_VIEW || !selectIsCurrentFolderListed(state)) return undefined;
  return selectCurrentFolder(state);
}

/** Whether two folder sources name the same folder (one may end with a slash). */
export function sameFolderSource(a: string, b: string): boolean {
  return a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
}
