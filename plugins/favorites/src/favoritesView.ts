import { Permission, createNode, filesRoot } from '@cumulus/sdk';
import type { DavSession, Translate, View, ViewContents } from '@cumulus/sdk';
import type { FavoritesDav } from './favoritesDav';
import { STAR_ICON } from './icons';

/** The Favorites view's id. */
export const FAVORITES_VIEW_ID = 'favorites';

/**
 * Lists `path` of the Favorites view: at `/` the user's favorites from anywhere (REPORT
 * `oc:filter-files`), below it an ordinary folder listing (a favorite folder opened).
 */
export function favoritesContents(session: DavSession, dav: FavoritesDav): View['getContents'] {
  return async (path, options) => {
    const signal = options?.signal;
    if (path !== '/') return dav.folder(path, signal);
    const contents = await dav.favorites(signal);
    const folder = createNode({ type: 'folder', source: `${session.origin}/remote.php/dav${filesRoot(session)}`, root: filesRoot(session), path: '/', permissions: Permission.READ });
    return { folder, contents } satisfies ViewContents;
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
