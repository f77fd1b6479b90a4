import { injectStyles } from '../../ui/styles';

const css = `
.files-menu.files-menu--floating { position: fixed; inset-inline-end: auto; margin: 0; z-index: 10001; max-height: calc(100vh - 8px); overflow: auto; }
.files-menu__label { flex: 1; white-space: nowrap; }
.files-menu__submenu { margin-inline-start: auto; }
.files-actions { display: flex; align-items: center; gap: 2px; }
.files-cell--actions:has(.files-actions__inline) { overflow: visible; }
.files-actions__inline { display: flex; align-items: center; gap: 2px; position: absolute; inset-inline-end: 100%; top: 50%; transform: translateY(-50%); }
.files-action-button--destructive { color: var(--files-error); }
.files-batch { position: absolute; inset: 0 0 0 52px; display: flex; align-items: center; gap: 6px; padding: 0 8px; background: var(--files-bg); color: var(--files-text); font-size: 14px; }
.files-batch__count { font-weight: 600; margin-inline-end: 8px; white-space: nowrap; }
.files-batch__button { display: inline-flex; align-items: center; gap: 6px; height: 34px; padding: 0 12px; border: 1px solid #d1d5db; border-radius: 17px; background: var(--files-bg); color: inherit; cursor: pointer; white-space: nowrap; }
.files-batch__button:hover:not(:disabled):not([aria-disabled="true"]) { background: var(--files-hover); }
.files-batch [aria-disabled="true"] { opacity: .5; cursor: default; }
.files-batch__button--destructive { color: var(--files-error); }
.files-batch__end { margin-inline-start: auto; }
`;

/** Adds the actions' stylesheet once. */
export function injectActionStyles(): void {
  injectStyles('actions', css);
}
