import type { Column, Node, Translate, View } from '@cumulus/sdk';
import { HISTORY_ICON } from './icons';

/** The Recent view's id. */
export const RECENT_VIEW_ID = 'recent';

/** The folder a recent node is in: the list spans the whole tree, so the name alone is not enough. */
export function folderColumn(t: Translate): Column {
  return {
    id: 'recent-folder',
    title: t('Folder'),
    render(node: Node) {
      const cell = document.createElement('span');
      cell.className = 'recent-folder';
      cell.textContent = node.dirname === '/' ? t('All files') : node.dirname.slice(1);
      cell.title = node.dirname;
      return cell;
    },
    sort: (a, b) => a.dirname.localeCompare(b.dirname),
  };
}

/** The Recent view of the left navigation (Nextcloud's strings and place), newest first. */
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
    columns: [folderColumn(t)],
    getContents,
  };
}
