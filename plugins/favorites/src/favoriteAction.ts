import { Permission } from '@cumulus/sdk';
import type { FileAction, FolderNode, Node, NodeIndicator, ScopedEvents, Translate, View } from '@cumulus/sdk';
import type { FavoritesDav } from './favoritesDav';
import type { FavoriteFolderViews } from './favoriteFolders';
import { FAVORITES_VIEW_ID } from './favoritesView';
import { STAR_ICON, STAR_OUTLINE_ICON } from './icons';

/** Whether the action marks `nodes` (some are not favorites yet) rather than unmarks them. */
export function shouldFavorite(nodes: readonly Node[]): boolean {
  return nodes.some((node) => node.attributes.favorite !== 1);
}

/**
 * 'Add to favorites' / 'Remove from favorites' (Nextcloud's favorite action): one node or a
 * batch (all marked when any is not yet a favorite, else all unmarked), hotkey S. Marks with PROPPATCH `oc:favorite`, then tells the app the node changed; in
 * the Favorites view's root an unmarked node leaves the list (the root is announced changed,
 * so the list is fetched again: announcing the node deleted would drop it from All files too).
 * Favorite folders get their child view of Favorites.
 */
export function favoriteAction(options: { t: Translate; dav: FavoritesDav; events: ScopedEvents; folders: FavoriteFolderViews; root: Node }): FileAction {
  const { t, dav, events, folders, root } = options;
  const toggle = async (node: Node, view: View, folder: FolderNode, favorite: boolean): Promise<boolean> => {
    try {
      await dav.setFavorite(node, favorite);
    } catch (error) {
      console.error(`Could not ${favorite ? 'add' : 'remove'} the favorite ${node.path}`, error);
      return false;
    }
    const updated: Node = { ...node, attributes: { ...node.attributes, favorite: favorite ? 1 : 0 } };
    events.emit('files:node:updated', { node: updated });
    if (!favorite && view.id === FAVORITES_VIEW_ID && folder.path === '/') events.emit('files:node:updated', { node: root });
    if (favorite) folders.add(updated);
    else folders.remove(updated);
    return true;
  };
  return {
    id: 'favorite',
    displayName: (nodes) => (shouldFavorite(nodes) ? t('Add to favorites') : t('Remove from favorites')),
    iconSvgInline: (nodes) => (shouldFavorite(nodes) ? STAR_OUTLINE_ICON : STAR_ICON),
    enabled: (nodes) => nodes.length > 0 && nodes.every((node) => node.root.startsWith('/files') && node.permissions !== Permission.NONE),
    exec: ({ nodes: [node], view, folder }) => toggle(node, view, folder, shouldFavorite([node])),
    execBatch: ({ nodes, view, folder }) => {
      const favorite = shouldFavorite([...nodes]);
      return Promise.all(nodes.map((node) => toggle(node, view, folder, favorite)));
    },
    // The star of the details sidebar's header.
    sidebarToggle: ({ nodes: [node] }) => {
      const pressed = node.attributes.favorite === 1;
      return { label: t('Favorite'), pressed, iconSvgInline: pressed ? STAR_ICON.replace('currentColor', STAR_COLOR) : STAR_OUTLINE_ICON };
    },
    order: -50,
    hotkey: { key: 's', description: t('Add or remove favorite') },
  };
}

/** The star's colour (Nextcloud's favourite yellow), drawn into the icon: the shell paints badges in its muted grey. */
const STAR_COLOR = '#e5a50a';

/**
 * The star on a favorite (a node indicator, as Nextcloud marks favourites on the file's icon):
 * beside the name in the list, on the preview's corner in the grid; it takes no room in the
 * actions column, so every row's menu button stays in line.
 */
export function favoriteIndicator(t: Translate): NodeIndicator {
  const icon = STAR_ICON.replace('currentColor', STAR_COLOR);
  return {
    id: 'favorite',
    order: -50,
    badge: ({ nodes: [node] }) => (node.attributes.favorite === 1 ? { label: t('Favorite'), iconSvgInline: icon } : null),
  };
}
