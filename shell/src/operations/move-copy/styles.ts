import { injectModalStyles } from '../../ui/modalStyles';
import { injectStyles } from '../../ui/styles';

const css = `
.files-picker__crumbs ol { display: flex; align-items: center; flex-wrap: wrap; list-style: none; margin: 8px 0; padding: 0; }
.files-picker__crumbs li { display: flex; align-items: center; }
.files-picker__crumb { display: inline-flex; align-items: center; height: 32px; padding: 0 8px; border: 0; border-radius: 8px; background: none; color: var(--files-text-muted); cursor: pointer; }
.files-picker__crumb[aria-current] { color: var(--files-text); font-weight: 600; }
.files-picker__crumb:hover { background: var(--files-hover); }
.files-picker__body { min-height: 200px; max-height: 50vh; overflow: auto; border: 1px solid var(--files-border); border-radius: 8px; padding: 4px; }
.files-picker__list { list-style: none; margin: 0; padding: 0; }
.files-picker__folder { display: flex; align-items: center; gap: 10px; width: 100%; padding: 8px 10px; border: 0; border-radius: 6px; background: none; cursor: pointer; text-align: start; color: inherit; }
.files-picker__folder:hover, .files-picker__folder:focus-visible { background: var(--files-hover); }
.files-picker__empty { color: var(--files-text-muted); padding: 8px 10px; margin: 0; }
.files-picker__notice { min-height: 1.45em; margin: 8px 0; color: var(--files-error); }
`;

/** Adds the move or copy dialog's stylesheet once. */
export function injectMoveCopyStyles(): void {
  injectModalStyles();
  injectStyles('move-copy', css);
}
