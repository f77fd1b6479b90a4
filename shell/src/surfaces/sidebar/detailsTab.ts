import { formatFileSize, isFolder, isPendingSize } from '@cumulus/sdk';
import type { Node, SidebarTab, Translate } from '@cumulus/sdk';
import { INFO_ICON } from './icons';
import { permissionsInWords } from './permissionsInWords';

/** Id of the built-in Details tab. */
export const DETAILS_TAB_ID = 'details';

/** The facts the Details tab lists about a node, as [label, value] pairs, already translated. */
export function nodeDetails(node: Node, t: Translate, language?: string): [string, string][] {
  const size = isPendingSize(node.size) ? t('Pending') : formatFileSize(node.size as number, { locale: language });
  return [
    [t('File ID'), node.fileid === undefined ? '' : String(node.fileid)],
    [t('Type'), isFolder(node) ? t('Folder') : node.mime],
    [t('Size'), size],
    [t('Modified'), node.mtime === undefined ? '' : new Date(node.mtime).toLocaleString(language)],
    [t('Path'), node.path],
    [t('Owner'), node.owner ?? ''],
    [t('Permissions'), permissionsInWords(node.permissions, t)],
    [t('ETag'), node.attributes.etag ?? ''],
  ];
}

/**
 * The shell's own sidebar tab (registered by plugin `core` like any
 * plugin's): what the node is. Framework-neutral like every tab: it writes a
 * description list into the element it is given.
 */
export function detailsTab(t: Translate, language?: string): SidebarTab {
  return {
    id: DETAILS_TAB_ID,
    name: t('Details'),
    icon: INFO_ICON,
    // Before plugins' tabs such as sharing, which use the default order 0.
    order: -10,
    mount(el, { nodes: [node] }) {
      const list = el.ownerDocument.createElement('dl');
      list.className = 'files-details';
      for (const [label, value] of nodeDetails(node, t, language)) {
        const term = el.ownerDocument.createElement('dt');
        term.textContent = label;
        const description = el.ownerDocument.createElement('dd');
        description.textContent = value === '' ? '—' : value;
        list.append(term, description);
      }
      el.append(list);
      return () => list.remove();
    },
  };
}
