import { formatFileSize, isPendingSize } from '@cumulus/sdk';
import type { Column, FolderNode, Node, Registered, Translate, View } from '@cumulus/sdk';
import { useLanguage, useT } from '../../app/ServicesContext';
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

/** Footer total size (spec §9): the folder's size, or the sum of the node sizes. */
export function totalSize(folder: FolderNode | undefined, nodes: readonly Node[]): number {
  if (folder !== undefined && !isPendingSize(folder.size)) return folder.size as number;
  return listTotals(nodes).size;
}

/** The footer summary row: counts, total size, and each custom column's summary. */
export function FileListFooter({ nodes, folder, view, columns, layout }: { nodes: Node[]; folder: FolderNode | undefined; view: View; columns: readonly Registered<Column>[]; layout: RowLayout }) {
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
          <bdi>{formatFileSize(totalSize(folder, nodes), { locale: language })}</bdi>
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
