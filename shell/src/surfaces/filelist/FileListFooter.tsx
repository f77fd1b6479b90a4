import { formatFileSize } from '@cumulus/sdk';
import type { Column, Node, Registered, Translate, View } from '@cumulus/sdk';
import { useLanguage, useT } from '../../ui/ServicesContext';
import { listTotals } from './listTotals';
import type { RowLayout } from './rowLayout';

/** '1 file', '3 files and 2 folders', … for the footer. */
export function summaryText(nodes: readonly Node[], t: Translate): string {
  const { files, folders } = listTotals(nodes);
  // i18next picks the plural form by `count` (i18n/englishPlurals.ts): many languages have more than two.
  const fileText = t('{count} file', { count: files });
  const folderText = t('{count} folder', { count: folders });
  if (folders === 0) return fileText;
  if (files === 0) return folderText;
  return t('{files} and {folders}', { files: fileText, folders: folderText });
}

/**
 * Footer total size (product §9, as Nextcloud's footer means it): the sum of the sizes of the
 * files and folders shown, the folder's children after the hidden-file rule, the filename
 * filter and the plugins' filters. Never the folder's own size from its listing: that went
 * stale after a delete, a restore or a live change, and with a filter it counted what is
 * not shown ('2.9 MB' beside 58 B of files). `listTotals` keeps it per shown order, so it
 * follows every change at the cost of what changed.
 */
export function totalSize(nodes: readonly Node[]): number {
  return listTotals(nodes).size;
}

/** The footer summary row: counts, total size, and each custom column's summary. */
export function FileListFooter({ nodes, view, columns, layout }: { nodes: Node[]; view: View; columns: readonly Registered<Column>[]; layout: RowLayout }) {
  const t = useT();
  const language = useLanguage();
  return (
    <div role="row" className="files-row files-row--foot" style={{ gridTemplateColumns: layout.template }}>
      <span role="cell" className="files-cell files-cell--checkbox" />
      <span role="cell" className="files-cell files-cell--name files-summary">
        {summaryText(nodes, t)}
      </span>
      <span role="cell" className="files-cell files-cell--actions" />
      {layout.showSizeAndModified && (
        <span role="cell" className="files-cell files-cell--size">
          <bdi>{formatFileSize(totalSize(nodes), { locale: language })}</bdi>
        </span>
      )}
      {layout.showSizeAndModified && <span role="cell" className="files-cell files-cell--mtime" />}
      {layout.showCustomColumns &&
        columns.map((column) => (
          <span role="cell" key={column.id} className="files-cell files-cell--column">
            {column.summary?.(nodes, view) ?? ''}
          </span>
        ))}
    </div>
  );
}
