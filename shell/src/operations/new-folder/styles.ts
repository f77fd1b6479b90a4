import { injectStyles } from '../../ui/styles';

// The label above its field with a gap, as the settings dialog's fields (files-settings__label) and the share options.
const css = `
.files-new-folder__label { display: flex; flex-direction: column; gap: 6px; margin-top: 16px; font-weight: 600; }
.files-new-folder__input { height: 36px; padding: 0 10px; border: 1px solid #d1d5db; border-radius: 8px; font: inherit; font-weight: normal; color: inherit; background: var(--files-nav-bg); }
.files-new-folder__input[aria-invalid="true"] { border-color: var(--files-error); }
`;

/** Adds the new-folder dialog's stylesheet once. */
export function injectNewFolderStyles(): void {
  injectStyles('new-folder', css);
}
