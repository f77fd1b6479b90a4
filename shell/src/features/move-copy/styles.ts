import { injectStyles } from '../../app/styles';

const css = `
.files-modal__backdrop { position: fixed; inset: 0; z-index: 9000; display: flex; align-items: center; justify-content: center; background: rgba(0,0,0,.35); }
.files-modal { width: min(560px, calc(100vw - 24px)); max-height: calc(100vh - 48px); display: flex; flex-direction: column; background: var(--files-bg); border-radius: 12px; box-shadow: 0 10px 40px rgba(0,0,0,.3); padding: 12px 16px 16px; }
.files-modal__head { display: flex; align-items: center; justify-content: space-between; gap: 8px; }
.files-modal__title { margin: 0; font-size: 18px; }
.files-modal__buttons { display: flex; justify-content: flex-end; gap: 8px; flex-wrap: wrap; }
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
  injectStyles('move-copy', css);
}
