import { isFolder } from '@cumulus/sdk';
import type { Column, Translate } from '@cumulus/sdk';

/** Files up to this many bytes are "small". */
const SMALL = 1024;

/** A column of the file list: small or large, by size; sorts by size. */
export function sizeClassColumn(t: Translate): Column {
  return {
    id: 'acme-size-class',
    title: t('Acme size'),
    render: ({ nodes: [node] }) => {
      const cell = document.createElement('span');
      cell.className = 'acme-size-class';
      cell.textContent = isFolder(node) ? '—' : (node.size ?? 0) <= SMALL ? t('small') : t('large');
      return cell;
    },
    sort: (a, b) => (a.size ?? 0) - (b.size ?? 0),
  };
}
