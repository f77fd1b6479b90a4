import { injectStyles } from '../../ui/styles';

const css = `
.files-upload { display: flex; flex-direction: column; gap: 6px; min-width: 260px; }
.files-upload__row { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; }
.files-upload__bar { display: block; width: 160px; height: 8px; border-radius: 4px; background: #dde3ea; overflow: hidden; }
.files-upload__fill { display: block; height: 100%; background: var(--files-primary); border-radius: 4px; }
.files-upload__bar--error .files-upload__fill { background: var(--files-error); }
.files-upload__time { color: var(--files-text-muted); font-size: 13px; white-space: nowrap; }
.files-upload__list { position: absolute; z-index: 50; top: 100%; inset-inline-end: 0; width: min(520px, calc(100vw - 24px)); background: var(--files-bg); border: 1px solid var(--files-border); border-radius: 8px; box-shadow: 0 6px 24px rgba(0,0,0,.18); padding: 4px; }
.files-upload__item { display: flex; align-items: center; gap: 8px; padding: 0 8px; box-sizing: border-box; }
.files-upload__name { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.files-upload__state { color: var(--files-text-muted); font-size: 13px; white-space: nowrap; }
.files-upload__item--failed .files-upload__state { color: var(--files-error); }
.files-upload__resume { display: flex; flex-direction: column; gap: 4px; padding: 6px 10px; border: 1px solid var(--files-border); border-radius: 8px; }
.files-upload__resume-item { display: flex; align-items: center; gap: 8px; }
.files-header__actions { position: relative; }
/* While uploading, the controls are wider than a narrow header has room for: the header wraps
   them (New, the upload controls and Reload) onto a line of their own instead of squeezing the
   breadcrumb to nothing; that line never wraps (compact controls below a 900 px header, the bar shrinks). */
.files-header:has(.files-upload) { flex-wrap: wrap; row-gap: 4px; }
.files-header:has(.files-upload) .files-breadcrumbs { min-width: 44px; }
.files-header:has(.files-upload) .files-header__actions { flex-wrap: nowrap; min-width: 0; max-width: 100%; }
.files-header__actions > * { flex-shrink: 0; }
.files-header__actions > .files-upload { flex: 0 1 auto; min-width: 0; }
.files-upload--compact { min-width: 0; }
.files-upload--compact .files-upload__row { flex-wrap: nowrap; gap: 4px; }
.files-upload--compact .files-upload__bar { flex: 1 1 120px; width: auto; min-width: 40px; }
.files-upload--compact .files-upload__toggle { padding: 0 10px; }
.files-new__input { display: none; }
`;

/** Adds the upload feature's stylesheet once. */
export function injectUploadStyles(): void {
  injectStyles('uploads', css);
}
