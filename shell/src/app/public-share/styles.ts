import { injectStyles } from '../../ui/styles';

const css = `
.files-public { display: flex; flex-direction: column; height: 100%; }
.files-public > .files-app { flex: 1; min-height: 0; }
.files-public__bar { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 16px; padding: 10px 20px; background: var(--files-primary); color: #fff; }
.files-public__name { margin: 0; font-size: 18px; font-weight: 600; overflow-wrap: anywhere; }
.files-public__owner { margin: 0; font-size: 14px; }
.files-public__download-all { margin-inline-start: auto; align-self: center; display: inline-flex; align-items: center; gap: 6px; padding: 6px 14px; border: 1px solid #fff; border-radius: 18px; color: #fff; font-weight: 600; text-decoration: none; }
.files-public__download-all:hover, .files-public__download-all:focus-visible { background: rgba(255, 255, 255, 0.16); }
.files-public__note { flex-basis: 100%; margin: 0; font-size: 14px; white-space: pre-wrap; }
.files-public__page { flex: 1; min-height: 0; overflow: auto; display: flex; flex-direction: column; align-items: center; gap: 16px; padding: 48px 20px; }
.files-public__page h1 { margin: 0; font-size: 22px; text-align: center; overflow-wrap: anywhere; }
.files-public__meta { margin: 0; color: var(--files-text-muted); }
.files-public__action { display: inline-flex; align-items: center; gap: 8px; padding: 10px 22px; border: 0; border-radius: 22px; background: var(--files-primary); color: #fff; font-weight: 600; text-decoration: none; cursor: pointer; }
.files-public__action:hover { background: var(--files-primary-hover); }
.files-public__droparea { display: flex; flex-direction: column; align-items: center; gap: 14px; width: min(560px, 100%); padding: 40px 20px; border: 2px dashed #b7c2cf; border-radius: 12px; text-align: center; }
.files-public__droparea--over { border-color: var(--files-primary); background: var(--files-selected); }
.files-public__droparea p { margin: 0; }
.files-public__results { width: min(560px, 100%); }
/* The upload list is a popover under the header's progress elsewhere; here it is the page's result list. */
.files-public__results .files-upload__list { position: static; width: 100%; box-shadow: none; }
`;

/** Adds the public pages' stylesheet once. */
export function injectPublicShareStyles(): void {
  injectStyles('public-share', css);
}
