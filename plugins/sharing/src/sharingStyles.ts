/**
 * The Sharing tab's stylesheet. The remote has no CSS loader (as the shell, see
 * shell/src/ui/styles.ts): it adds one `<style data-styles="sharing">` on the first mount.
 * It builds on the shell's custom properties (`--files-*`) and its control classes
 * (`files-button`, `files-icon-button`, `files-text-field`), and uses logical properties
 * only, so that the tab mirrors in right-to-left languages.
 */
const css = `
.sharing-tab [hidden] { display: none !important; }
.sharing-icon { display: inline-flex; align-items: center; }
.sharing-tab { display: flex; flex-direction: column; gap: 20px; font-size: 14px; }
.sharing-section { display: flex; flex-direction: column; gap: 8px; }
.sharing-section__title { margin: 0; font-size: 15px; font-weight: 600; }
.sharing-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; }
.sharing-entry { border-radius: 8px; }
.sharing-entry--open { background: var(--files-nav-bg); }
.sharing-entry__row { display: flex; align-items: center; gap: 10px; padding-block: 6px; padding-inline: 6px 2px; border-radius: 8px; }
.sharing-entry__row:hover { background: var(--files-hover); }
.sharing-entry--open .sharing-entry__row:hover { background: none; }
.sharing-avatar { flex: none; display: inline-flex; align-items: center; justify-content: center; width: 36px; height: 36px; border-radius: 50%; background: var(--files-selected); color: var(--files-primary); font-weight: 600; font-size: 16px; text-transform: uppercase; }
.sharing-avatar svg { width: 20px; height: 20px; }
.sharing-avatar--link { background: var(--files-primary); color: #fff; }
.sharing-entry__main { flex: 1; min-width: 0; display: flex; flex-direction: column; }
.sharing-entry__name { font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.sharing-entry__url { width: 100%; padding: 0; border: 0; border-radius: 4px; background: none; color: var(--files-text-muted); font: inherit; font-size: 13px; text-overflow: ellipsis; }
/* An address is left-to-right text in every language: aligned at its own start (the left), its start in view and its end cut off. */
.sharing-entry__url { direction: ltr; text-align: left; }
.sharing-tab .sharing-choice { align-self: flex-start; width: auto; max-width: 100%; height: 28px; margin-block-start: 2px; padding-block: 0; padding-inline: 6px; border-radius: 6px; font-size: 13px; color: var(--files-primary); background: none; cursor: pointer; }
.sharing-notice { margin: 0; padding-block: 2px 6px; padding-inline: 52px 12px; font-size: 13px; color: var(--files-text); }
.sharing-notice--error { color: var(--files-error); }
.sharing-entry__url:focus-visible { outline: 2px solid var(--files-primary); outline-offset: 1px; }
.sharing-entry .files-icon-button { flex: none; color: var(--files-text-muted); }
.sharing-entry .files-icon-button:hover:not(:disabled), .sharing-entry .files-icon-button[aria-expanded="true"] { color: var(--files-text); }
.sharing-entry .files-icon-button[aria-expanded="true"] { background: var(--files-selected); }
.sharing-options { display: flex; flex-direction: column; gap: 12px; padding-block: 4px 12px; padding-inline: 52px 12px; }
.sharing-field { display: flex; flex-direction: column; gap: 4px; }
.sharing-field__label { color: var(--files-text-muted); font-size: 13px; font-weight: 600; }
.sharing-field__controls { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; }
.sharing-field__controls .files-text-field { flex: 1 1 140px; }
.sharing-tab .files-text-field { width: 100%; }
.sharing-tab textarea.files-text-field { height: auto; min-height: 60px; padding-block: 6px; resize: vertical; }
.sharing-tab .files-button { height: 34px; font-size: 14px; }
.sharing-checks { display: flex; flex-direction: column; gap: 2px; }
.sharing-option { display: flex; align-items: center; gap: 10px; min-height: 32px; cursor: pointer; }
.sharing-option input { flex: none; width: 18px; height: 18px; margin: 0; accent-color: var(--files-primary); cursor: inherit; }
.sharing-option:has(input:disabled) { color: var(--files-text-muted); cursor: default; }
.sharing-danger { align-self: flex-start; color: var(--files-error); border-color: currentColor; }
.sharing-danger:hover:not(:disabled) { background: var(--files-error-bg); }
.sharing-create { align-self: flex-start; }
.sharing-sharee { position: relative; }
.sharing-sharee__icon { position: absolute; inset-inline-start: 10px; top: 8px; display: inline-flex; color: var(--files-text-muted); pointer-events: none; }
.sharing-sharee .files-text-field { height: 36px; padding-inline: 36px 10px; }
.sharing-sharees { position: absolute; z-index: 5; inset-inline: 0; top: calc(100% + 4px); list-style: none; margin: 0; padding: 4px; max-height: 240px; overflow-y: auto; border: 1px solid var(--files-border); border-radius: 8px; background: var(--files-bg); box-shadow: 0 4px 16px rgba(0,0,0,.15); }
.sharing-sharee-option { display: flex; align-items: center; gap: 10px; padding: 6px 8px; border-radius: 6px; cursor: pointer; }
.sharing-sharee-option .sharing-avatar { width: 28px; height: 28px; font-size: 13px; }
.sharing-sharee-option:hover, .sharing-sharee-option:focus { background: var(--files-hover); }
.sharing-sharee-option:focus-visible { outline: 2px solid var(--files-primary); outline-offset: -2px; }
.sharing-status { margin: 0; color: var(--files-text-muted); }
`;

let injected = false;

/** Adds the tab's stylesheet to the document once. */
export function injectSharingStyles(): void {
  if (injected || typeof document === 'undefined') return;
  injected = true;
  const style = document.createElement('style');
  style.dataset['styles'] = 'sharing';
  style.textContent = css;
  document.head.appendChild(style);
}
