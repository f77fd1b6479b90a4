/**
 * Layout sizes and width rules of the file list (product §2, §4, §9). Widths are
 * the file list's width in CSS pixels.
 */

/** Height of a list row, in px. */
export const ROW_HEIGHT = 55;

/** Width of a grid cell, in px. */
export const GRID_CELL_WIDTH = 198;

/** Height of a grid cell, in px. */
export const GRID_CELL_HEIGHT = 246;

/** Edge of the preview inside a grid cell, in px. */
export const GRID_PREVIEW_SIZE = 166;

/** Rows rendered beyond the visible ones in the list. */
export const LIST_BUFFER_ROWS = 3;

/** Rows (each a row of columns) rendered beyond the visible ones in the grid. */
export const GRID_BUFFER_ROWS = 1;

/** Below this width: no custom columns, no share or grid buttons, compact breadcrumb and rename. */
export const WIDTH_SMALL = 512;

/** Below this width: no size or modified column, no inline actions. */
export const WIDTH_MEDIUM = 768;

/** From this width on three batch actions show inline; above it the sidebar opens by itself. */
export const WIDTH_LARGE = 1024;

/** From this width on the breadcrumb shows its icon text. */
export const BREADCRUMB_ICON_TEXT_MIN_WIDTH = 486;

/** Pixels scrolled per drag-over event near an edge. */
export const AUTO_SCROLL_STEP_PX = 25;

/** Distance from the top within which dragging scrolls up (the header floats there). */
export const AUTO_SCROLL_TOP_ZONE_PX = 100;

/** Distance from the bottom within which dragging scrolls down. */
export const AUTO_SCROLL_BOTTOM_ZONE_PX = 50;

/** Batch actions shown inline for a width: 0 under 512, 1 under 768, 2 under 1024, else 3. */
export function inlineBatchActionCount(width: number): number {
  if (width < WIDTH_SMALL) return 0;
  if (width < WIDTH_MEDIUM) return 1;
  if (width < WIDTH_LARGE) return 2;
  return 3;
}

/** Whether the narrow layout of breadcrumb and rename applies (under 512 px). */
export function isNarrowLayout(width: number): boolean {
  return width < WIDTH_SMALL;
}

/** Whether custom columns and the share button show (512 px or more). */
export function showsCustomColumns(width: number): boolean {
  return width >= WIDTH_SMALL;
}

/**
 * Whether the grid/list toggle shows: 512 px or more, and the core config
 * flag enable_non-accessible_features not false (default true).
 */
export function showsGridToggle(width: number, enableNonAccessibleFeatures: boolean = true): boolean {
  return width >= WIDTH_SMALL && enableNonAccessibleFeatures !== false;
}

/** Whether the size and modified columns, and inline actions, show (768 px or more). */
export function showsSizeAndModified(width: number): boolean {
  return width >= WIDTH_MEDIUM;
}

/** Whether the breadcrumb shows its icon text (486 px or more). */
export function showsBreadcrumbIconText(width: number): boolean {
  return width >= BREADCRUMB_ICON_TEXT_MIN_WIDTH;
}

/** Whether opening by file id opens the sidebar by itself (width above 1024 px). */
export function sidebarOpensByItself(width: number): boolean {
  return width > WIDTH_LARGE;
}

/**
 * How far to scroll the list while dragging over it: -25 px within 100 px
 * of its top, +25 px within 50 px of its bottom, else 0.
 *
 * @param pointerY The pointer's y (client coordinates).
 * @param viewportTop The list's top edge (same coordinates).
 * @param viewportBottom The list's bottom edge (same coordinates).
 */
export function autoScrollStep(pointerY: number, viewportTop: number, viewportBottom: number): number {
  if (pointerY < viewportTop + AUTO_SCROLL_TOP_ZONE_PX) return -AUTO_SCROLL_STEP_PX;
  if (pointerY > viewportBottom - AUTO_SCROLL_BOTTOM_ZONE_PX) return AUTO_SCROLL_STEP_PX;
  return 0;
}
