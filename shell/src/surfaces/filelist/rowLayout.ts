import { GRID_CELL_WIDTH, showsCustomColumns, showsSizeAndModified } from '../../lib/engine';

/** Padding of a grid row on each side, in px (`.files-grid-row` in styles.ts uses it). */
export const GRID_ROW_PADDING = 8;

/** How many grid cells fit side by side in a list `width` px wide: the row's padding takes its share; at least one. */
export function gridColumnCount(width: number): number {
  return Math.max(1, Math.floor((width - 2 * GRID_ROW_PADDING) / GRID_CELL_WIDTH));
}

/** Which cells the list shows at its width, and the CSS grid columns they take (product §9 width thresholds). */
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
