import type { Column, Translate, View } from '@cumulus/sdk';
import { HISTORY_ICON } from './icons';

/** The Recent view's id. */
export const RECENT_VIEW_ID = 'recent';

/** The folder a recent node is in: the list spans the whole tree, so the name alone is not enough. */
export function folderColumn(t: Translate): Column {
  return {
    id: 'recent-folder',
    title: t('Folder'),
    render({ nodes: [node] }) {
      const cell = document.createElement('span');
      cell.className = 'recent-folder';
      // A path of names: isolated, so a right-to-left interface keeps its order (and names like '.part' their dot).
      cell.dir = 'auto';
      cell.textContent = node.dirname === '/' ? t('All files') : node.dirname.slice(1);
      cell.title = node.dirname;
      return cell;
    },
    sort: (a, b) => a.dirname.localeCompare(b.dirname),
  };
}

/** The Recent view of the left navigation (Nextcloud's strings and place), newest first, favorites not ahead while sorted by Modified. */
export function recentView(t: Translate, getContents: View['getContents']): View {
  return {
    id: RECENT_VIEW_ID,
    name: t('Recent'),
    caption: t('List of recently modified files and folders.'),
    emptyTitle: t('No recently modified files'),
    emptyCaption: t('Files and folders you recently modified will show up here.'),
    icon: HISTORY_ICON,
    order: 10,
    defaultSortKey: 'mtime',
    // Newest first means newest first: no favorites or folders ahead of it while sorted by Modified.
    keepsDefaultOrder: true,
    columns: [folderColumn(t)],
    getContents,
  };
}
