import { showsCustomColumns, showsSizeAndModified } from '@cumulus/sdk';

/** Which cells the list shows at its width, and the CSS grid columns they take (spec §9 width thresholds). */
export interface RowLayout {
  showSizeAndModified: boolean;
  showCustomColumns: boolean;
  /** `grid-template-columns` shared by header, rows and footer so they line up. */
  template: string;
}

/** The row layout for a list `width` px wide with `customColumns` custom columns. */
export function rowLayout(width: number, customColumns: number): RowLayout {
  const showSizeAndModified = showsSizeAndModified(width);
  const showCustomColumns = showsCustomColumns(width) && customColumns > 0;
  const parts = ['52px', 'minmax(0, 1fr)', '48px'];
  if (showSizeAndModified) parts.push('104px', '148px');
  if (showCustomColumns) for (let i = 0; i < customColumns; i += 1) parts.push('128px');
  return { showSizeAndModified, showCustomColumns, template: parts.join(' ') };
}
