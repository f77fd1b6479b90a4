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

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * When an item was deleted, relative to now ('5 minutes ago', 'yesterday', 'last month') in
 * the interface language, as Nextcloud's trash says it: short enough for the column in every
 * language, where a full date and time ('Dec 1, 2026, 9:43 PM') wrapped onto two lines at
 * 1280 px. The full date is the cell's tooltip.
 */
export function deletedText(seconds: number, nowMs: number, locale?: string): string {
  const diff = seconds - Math.floor(nowMs / 1000);
  let unit: Intl.RelativeTimeFormatUnit = 'second';
  let value = 0;
  for (const [name, length] of RELATIVE_UNITS) {
    if (Math.abs(diff) < length) continue;
    unit = name;
    value = Math.round(diff / length);
    break;
  }
  const text = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(value, unit);
  // A long form that may not fit ('för 23 timmar sedan') takes the language's short one.
  return text.length <= MAX_LONG_FORM ? text : new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' }).format(value, unit);
}

/** The longest relative text, in characters, that the Deleted column shows in the long form. */
const MAX_LONG_FORM = 16;

/** A cell on one line: a text too long for its column ends in '…', the whole of it in the tooltip. */
function cell(text: string, title: string, date = false): HTMLElement {
  const span = document.createElement('span');
  span.className = 'files-trash-cell';
  span.textContent = text;
  span.title = title;
  // Paths and user names: isolated, so a right-to-left interface keeps their order.
  span.dir = 'auto';
  span.style.whiteSpace = 'nowrap';
  span.style.overflow = 'hidden';
  span.style.textOverflow = 'ellipsis';
  span.style.minWidth = '0';
  // A date reads as the list's Modified column does: smaller, muted.
  if (date) {
    span.style.fontSize = '13px';
    span.style.color = 'var(--files-text-muted)';
  }
  return span;
}

/** The 'Original location' column: the folder the item was deleted from. */
export function originalLocationColumn(t: Translate): Column {
  return {
    id: 'original-location',
    title: t('Original location'),
    order: 1,
    render: ({ nodes: [node] }) => cell(originalLocation(node, t), String(node.attributes['trashbin-original-location'] ?? '')),
    sort: (a, b) => originalLocation(a, t).localeCompare(originalLocation(b, t)),
  };
}

/** The 'Deleted by' column: who deleted the item (someone else for a node of a folder shared with others). */
export function deletedByColumn(t: Translate, uid: string): Column {
  return {
    id: 'deleted-by',
    title: t('Deleted by'),
    order: 2,
    render: ({ nodes: [node] }) => cell(deletedBy(node, uid, t), String(node.attributes['trashbin-deleted-by-id'] ?? '')),
    sort: (a, b) => deletedBy(a, uid, t).localeCompare(deletedBy(b, uid, t)),
  };
}

/** The 'Deleted' column: when (relative, the full date as tooltip), newest first when sorted ascending (the view's default). */
export function deletedColumn(t: Translate, locale?: string, now: () => number = Date.now): Column {
  return {
    id: 'deleted',
    title: t('Deleted'),
    order: 3,
    render: ({ nodes: [node] }) => {
      const seconds = deletionTime(node);
      if (seconds === 0) return cell(t('A long time ago'), '');
      const date = new Date(seconds * 1000);
      return cell(deletedText(seconds, now(), locale), date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }), true);
    },
    sort: (a, b) => deletionTime(b) - deletionTime(a),
    // Newest first: the header marks it descending.
    sortsDescending: true,
  };
}
