import { injectStyles } from '../../ui/styles';
import { GRID_ROW_PADDING } from './rowLayout';

// The list's gutter for its scroll bar is kept whether it scrolls or not: its width (which sets the columns)
// is the same in the loading state and with rows, and does not jump when a folder grows past one screen.
const css = `
.files-list { flex: 1; min-height: 0; overflow: auto; position: relative; scrollbar-gutter: stable; }
.files-list--loading { display: flex; flex-direction: column; }
.files-table { min-width: 100%; }
.files-table__head { position: sticky; top: 0; z-index: 2; background: var(--files-bg); }
.files-row { display: grid; align-items: center; height: 55px; padding-inline-end: 12px; border-bottom: 1px solid var(--files-border); box-sizing: border-box; }
.files-row:not(.files-row--head):not(.files-row--foot):hover { background: var(--files-hover); }
.files-row--head { height: 44px; color: var(--files-text-muted); font-size: 13px; }
.files-row--foot { color: var(--files-text-muted); border-bottom: none; }
.files-row--selected, .files-row--selected:hover { background: var(--files-selected) !important; }
.files-row--loading { opacity: .6; }
.files-row--failed { opacity: .45; }
.files-cell { display: flex; align-items: center; min-width: 0; padding: 0 8px; box-sizing: border-box; overflow: hidden; }
.files-cell--checkbox { justify-content: center; padding: 0; }
.files-cell--checkbox input, .files-grid-cell__checkbox { width: 16px; height: 16px; accent-color: var(--files-primary); cursor: pointer; }
.files-cell--size, .files-cell--mtime { justify-content: flex-end; color: var(--files-text-muted); font-size: 13px; white-space: nowrap; }
.files-cell__details { display: inline-flex; align-items: center; justify-content: flex-end; width: 100%; height: 100%; margin: 0; padding: 0; border: 0; background: none; color: inherit; font: inherit; cursor: pointer; }
.files-cell__details:focus-visible { outline: 2px solid var(--files-primary); outline-offset: 2px; }
.files-cell--actions { justify-content: center; padding: 0; }
/* The menu button is the last in the actions, at the same place on every row whatever comes before it (inline actions). */
.files-actions { display: flex; align-items: center; justify-content: flex-end; }
.files-cell--actions > .files-actions { flex: 1; min-width: 0; padding-inline-end: 6px; }
/* A custom column's text stays on one line and ends in an ellipsis; the plugin's title tells the whole. */
.files-cell--column { white-space: nowrap; }
.files-custom-cell { display: block; min-width: 0; max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.files-custom-cell > * { max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.files-name { display: flex; align-items: center; gap: 12px; width: 100%; height: 55px; border: 0; background: none; padding: 0; font: inherit; color: inherit; text-align: start; cursor: pointer; min-width: 0; }
.files-name__text { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.files-name__ext { color: var(--files-text-muted); }
.files-preview { flex: none; border-radius: 4px; object-fit: cover; display: inline-flex; align-items: center; justify-content: center; }
.files-sort { display: inline-flex; align-items: center; gap: 2px; border: 0; background: none; font: inherit; color: inherit; padding: 6px 8px; margin: 0 -8px; border-radius: 6px; cursor: pointer; }
.files-sort:hover, .files-sort--active { color: var(--files-text); }
.files-sort:hover { background: var(--files-hover); }
.files-cell--size .files-sort, .files-cell--mtime .files-sort { margin-inline-start: auto; }
.files-actions { position: relative; }
.files-menu { position: absolute; inset-inline-end: 0; top: 100%; z-index: 10; min-width: 200px; margin: 4px 0 0; padding: 4px; list-style: none; background: var(--files-bg); border-radius: 8px; box-shadow: 0 4px 20px rgba(0,0,0,.18); }
.files-menu__item { display: flex; align-items: center; gap: 10px; width: 100%; padding: 8px 10px; border: 0; border-radius: 6px; background: none; font: inherit; color: var(--files-text); cursor: pointer; text-align: start; }
.files-menu__item:hover, .files-menu__item:focus-visible { background: var(--files-hover); }
.files-menu__item--destructive { color: var(--files-error); }
.files-menu__empty { padding: 8px 10px; color: var(--files-text-muted); }
.files-grid-row { display: flex; gap: 0; padding: 0 ${GRID_ROW_PADDING}px; box-sizing: border-box; }
.files-grid-cell { position: relative; width: 198px; height: 246px; box-sizing: border-box; padding: 8px 16px; border-radius: 12px; display: flex; flex-direction: column; align-items: center; }
.files-grid-cell:hover { background: var(--files-hover); }
.files-grid-cell--selected, .files-grid-cell--selected:hover { background: var(--files-selected); }
.files-grid-cell__checkbox { position: absolute; top: 14px; inset-inline-start: 14px; z-index: 1; }
.files-grid-cell__open { display: flex; flex-direction: column; align-items: center; gap: 8px; border: 0; background: none; font: inherit; color: inherit; cursor: pointer; padding: 0; width: 166px; }
.files-grid-cell__name { width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; text-align: center; }
.files-grid-cell .files-actions { position: absolute; inset-inline-end: 8px; bottom: 22px; }
.files-empty { flex: 1; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 8px; padding: 48px 16px; text-align: center; color: var(--files-text-muted); }
.files-empty h2 { margin: 8px 0 0; font-size: 20px; font-weight: 600; color: var(--files-text); }
.files-empty p { margin: 0 0 8px; }
.files-loading { flex: 1; display: flex; align-items: center; justify-content: center; padding: 64px; }
.files-notice { margin: 8px 16px; padding: 10px 14px; border-radius: 8px; }
.files-notice--error { background: var(--files-error-bg); color: var(--files-error); }
/*
 * The rename field's message hangs below it, over the next row: the row (or grid row) being
 * renamed paints above its neighbours (each virtual row stacks on its own) but below the sticky
 * header (z-index 2), and its name cell stops clipping.
 */
.files-row--renaming, .files-grid-row--renaming { z-index: 1; }
.files-row--renaming > .files-cell--name { overflow: visible; }
`;

/** Adds the file list's stylesheet to the page once. */
export function injectFileListStyles(): void {
  injectStyles('filelist', css);
}
