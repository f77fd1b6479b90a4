import { definePlugin, isFolder, readDavSession, translationsFrom } from '@cumulus/sdk';
import type { DavSession } from '@cumulus/sdk';
import { favoriteAction, favoriteIndicator } from './favoriteAction';
import { FavoriteFolderViews } from './favoriteFolders';
import { favoritesDav } from './favoritesDav';
import type { FavoritesDav } from './favoritesDav';
import { FAVORITES_VIEW_ID, favoritesContents, favoritesRootFolder, favoritesView } from './favoritesView';

/** What the plugin talks to; tests pass their own. */
export interface FavoritesDeps {
  session: DavSession;
  dav: FavoritesDav;
}

/** The Favorites plugin for `deps` (the page's session and WebDAV by default). */
export function createFavoritesPlugin(deps?: () => FavoritesDeps) {
  return definePlugin({
    id: 'favorites',
    // One chunk per language (src/locales/<lang>.json); only the interface language's is fetched.
    translations: translationsFrom((language) => import(/* webpackChunkName: "i18n-favorites-[request]" */ `./locales/${language}.json`)),
    activate(ctx) {
      const session = deps?.().session ?? readDavSession();
      const dav = deps?.().dav ?? favoritesDav(session);
      const getContents = favoritesContents(session, dav);
      const folders = new FavoriteFolderViews(ctx.views, FAVORITES_VIEW_ID, getContents);
      let loading: Promise<void> | undefined;
      // The favorite folders' child views load once, on the view's first expansion (product §4).
      const loadChildViews = (): Promise<void> =>
        (loading ??= dav.favorites().then(
          (nodes) => folders.set(nodes.filter(isFolder).map((node) => ({ path: node.path, ...(node.fileid !== undefined ? { fileid: node.fileid } : {}) }))),
          (error: unknown) => {
            loading = undefined;
            throw error;
          },
        ));
      ctx.views.register(favoritesView(ctx.t, getContents, loadChildViews));
      ctx.fileActions.register(favoriteAction({ t: ctx.t, dav, events: ctx.events, folders, root: favoritesRootFolder(session) }));
      ctx.nodeIndicators.register(favoriteIndicator(ctx.t));
    },
  });
}

/**
 * The Favorites plugin: the star on favorite rows, 'Add to favorites' / 'Remove from
 * favorites' (hotkey S), and the Favorites view with a child view per favorite folder. Its
 * server part answers the REPORT the view lists with.
 */
export default createFavoritesPlugin();
