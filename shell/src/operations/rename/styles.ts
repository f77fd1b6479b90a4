import { injectStyles } from '../../ui/styles';

const css = `
.files-rename { position: relative; flex: 1; min-width: 0; display: flex; align-items: center; }
.files-rename__input { width: 100%; height: 36px; padding: 0 10px; border: 2px solid var(--files-primary); border-radius: 8px; font: inherit; color: inherit; background: var(--files-bg); }
.files-rename__input[aria-invalid="true"] { border-color: var(--files-error); }
.files-rename__input:focus { outline: none; box-shadow: 0 0 0 2px var(--files-primary); }
.files-rename__message:empty { display: none; }
.files-rename__message { position: absolute; inset-inline-start: 0; top: calc(100% + 2px); z-index: 5; padding: 4px 8px; border-radius: 6px; background: var(--files-error-bg); color: #7f1d1d; font-size: 13px; width: max-content; max-width: 100%; box-sizing: border-box; box-shadow: 0 2px 8px rgba(0,0,0,.12); }
`;

/** Adds the rename field's stylesheet once. */
export function injectRenameStyles(): void {
  injectStyles('rename', css);
}
