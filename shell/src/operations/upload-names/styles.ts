import { injectStyles } from '../../ui/styles';

const css = `
.files-upload-name__reason { margin: 0 0 4px; font-size: 18px; }
.files-upload-name__original { margin: 0 0 12px; color: var(--files-text-muted); overflow-wrap: anywhere; }
.files-upload-name__field { display: flex; align-items: center; gap: 8px; }
.files-upload-name__problem { min-height: 1.45em; margin: 4px 0 0; color: var(--files-error); }
.files-upload-name__unique { min-height: 1.45em; margin: 0 0 8px; color: var(--files-text-muted); overflow-wrap: anywhere; }
`;

/** Adds the invalid-filename dialog's stylesheet once. */
export function injectUploadNameStyles(): void {
  injectStyles('upload-names', css);
}
