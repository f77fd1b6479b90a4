import { Permission, createNode } from '@cumulus/sdk';
import type { DavSession, FolderNode, Translate, View, ViewContents } from '@cumulus/sdk';
import type { FavoritesDav } from './favoritesDav';
import { STAR_ICON } from './icons';

/** The Favorites view's id. */
export const FAVORITES_VIEW_ID = 'favorites';

/** The root of the Favorites view's list (not a folder of the user's: the favorites come from anywhere). */
export const FAVORITES_ROOT = '/favorites';

/**
 * The folder the Favorites view lists at `/`: a root of its own, as the app keeps listings by
 * folder source and the user's files root must keep its own children.
 */
export function favoritesRootFolder(session: DavSession): FolderNode {
  return createNode({ type: 'folder', source: new URL(FAVORITES_ROOT, session.origin).href, root: FAVORITES_ROOT, path: '/', permissions: Permission.READ });
}

/**
 * Lists `path` of the Favorites view: at `/` the user's favorites from anywhere (REPORT
 * `oc:filter-files`), below it an ordinary folder listing (a favorite folder opened).
 */
export function favoritesContents(session: DavSession, dav: FavoritesDav): View['getContents'] {
  return async (path, options) => {
    const signal = options?.signal;
    if (path !== '/') return dav.folder(path, signal);
    const contents = await dav.favorites(signal);
    return { folder: favoritesRootFolder(session), contents } satisfies ViewContents;
  };
}

/** The Favorites view of the left navigation (Nextcloud's strings and place). */
export function favoritesView(t: Translate, getContents: View['getContents'], loadChildViews: () => Promise<void>): View {
  return {
    id: FAVORITES_VIEW_ID,
    name: t('Favorites'),
    caption: t('List of favorite files and folders.'),
    emptyTitle: t('No favorites yet'),
    emptyCaption: t('Files and folders you mark as favorite will show up here'),
    icon: STAR_ICON,
    order: 15,
    getContents,
    loadChildViews,
  };
}
