import { injectStyles } from '../../ui/styles';

const css = `
.files-shortcuts__backdrop { position: fixed; inset: 0; z-index: 50; display: flex; align-items: center; justify-content: center; background: rgba(0,0,0,.35); }
.files-shortcuts { width: min(520px, calc(100vw - 32px)); max-height: calc(100vh - 64px); overflow: auto; padding: 20px 24px; border-radius: 12px; background: var(--files-bg); box-shadow: 0 8px 40px rgba(0,0,0,.25); display: flex; flex-direction: column; }
.files-shortcuts h2 { margin: 0 0 8px; font-size: 20px; }
.files-shortcuts h3 { margin: 12px 0 4px; font-size: 14px; color: var(--files-text-muted); font-weight: 600; }
.files-shortcuts dl { margin: 0; }
.files-shortcuts__line { display: flex; gap: 16px; padding: 5px 0; border-bottom: 1px solid var(--files-border); }
.files-shortcuts__line dt { flex: 0 0 140px; }
.files-shortcuts__line dd { margin: 0; }
.files-shortcuts kbd { display: inline-block; padding: 1px 6px; border: 1px solid #d1d5db; border-bottom-width: 2px; border-radius: 4px; font: 13px ui-monospace, monospace; background: var(--files-nav-bg); }
.files-shortcuts .files-button { align-self: flex-end; margin-top: 16px; }
.files-row--active { box-shadow: inset 3px 0 0 var(--files-primary); }
.files-row:focus { outline: none; }
.files-row:focus-visible { outline: 2px solid var(--files-primary); outline-offset: -2px; }
.files-grid-cell--active { box-shadow: inset 0 0 0 2px var(--files-primary); }
`;

/** Adds the shortcuts help and active row styles once. */
export function injectKeyboardStyles(): void {
  injectStyles('keyboard', css);
}
