import type { Column, Node, Translate } from '@cumulus/sdk';

/** The original location shown for an item: its folder, or 'All files' for the root. */
export function originalLocation(node: Node, t: Translate): string {
  const location = String(node.attributes['trashbin-original-location'] ?? '');
  const cut = location.lastIndexOf('/');
  return cut <= 0 ? t('All files') : location.slice(0, cut);
}

/**
 * Who deleted the item, as Nextcloud's list says it: 'You' for the signed-in user, else
 * their display name (their id without one), 'Unknown' when nobody is known (a public
 * link's visitor, or an item from before the record).
 */
export function deletedBy(node: Node, uid: string, t: Translate): string {
  const id = String(node.attributes['trashbin-deleted-by-id'] ?? '');
  if (id === '') return t('Unknown');
  if (id === uid) return t('You');
  return String(node.attributes['trashbin-deleted-by-display-name'] ?? '') || id;
}

/** Seconds since the epoch the item was deleted at (0 when unknown). */
export function deletionTime(node: Node): number {
  return Number(node.attributes['trashbin-deletion-time'] ?? 0);
}

function cell(text: string, title: string): HTMLElement {
  const span = document.createElement('span');
  span.className = 'files-trash-cell';
  span.textContent = text;
  span.title = title;
  // Paths and user names: isolated, so a right-to-left interface keeps their order.
  span.dir = 'auto';
  return span;
}

/** The 'Original location' column: the folder the item was deleted from. */
export function originalLocationColumn(t: Translate): Column {
  return {
    id: 'original-location',
    title: t('Original location'),
    order: 1,
    render: (node) => cell(originalLocation(node, t), String(node.attributes['trashbin-original-location'] ?? '')),
    sort: (a, b) => originalLocation(a, t).localeCompare(originalLocation(b, t)),
  };
}

/** The 'Deleted by' column: who deleted the item (someone else for a node of a folder shared with others). */
export function deletedByColumn(t: Translate, uid: string): Column {
  return {
    id: 'deleted-by',
    title: t('Deleted by'),
    order: 2,
    render: (node) => cell(deletedBy(node, uid, t), String(node.attributes['trashbin-deleted-by-id'] ?? '')),
    sort: (a, b) => deletedBy(a, uid, t).localeCompare(deletedBy(b, uid, t)),
  };
}

/** The 'Deleted' column: when, newest first when sorted ascending (the view's default). */
export function deletedColumn(t: Translate, locale?: string): Column {
  return {
    id: 'deleted',
    title: t('Deleted'),
    order: 3,
    render: (node) => {
      const seconds = deletionTime(node);
      if (seconds === 0) return cell(t('A long time ago'), '');
      const date = new Date(seconds * 1000);
      return cell(date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }), date.toISOString());
    },
    sort: (a, b) => deletionTime(b) - deletionTime(a),
    // Newest first: the header marks it descending.
    sortsDescending: true,
  };
}
