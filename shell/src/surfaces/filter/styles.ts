import { injectStyles } from '../../ui/styles';

const css = `
.files-chips { display: flex; flex-wrap: wrap; gap: 6px; list-style: none; margin: 0; padding: 8px 16px 0; }
.files-chip { display: inline-flex; align-items: center; gap: 6px; height: 30px; padding-block: 0; padding-inline: 10px 4px; border-radius: 15px; background: var(--files-selected); color: var(--files-text); font-size: 14px; max-width: 100%; }
.files-chip__text { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.files-chip__remove { display: inline-flex; align-items: center; justify-content: center; width: 24px; height: 24px; border: 0; border-radius: 50%; background: none; cursor: pointer; padding: 0; }
.files-chip__remove:hover { background: rgba(0,0,0,.08); }
`;

/** Adds the filter area's stylesheet once. */
export function injectFilterStyles(): void {
  injectStyles('filter', css);
}
