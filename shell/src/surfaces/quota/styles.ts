import { injectStyles } from '../../ui/styles';

const css = `
.files-quota { display: flex; flex-direction: column; gap: 4px; padding: 4px 0 6px; }
.files-quota__refresh { padding: 6px 12px; border: 0; border-radius: 8px; background: none; color: var(--files-text-muted); cursor: pointer; text-align: start; font-size: 14px; }
.files-quota__refresh:hover { background: var(--files-hover); color: var(--files-text); }
.files-quota__bar { display: block; height: 6px; margin: 0 12px; border-radius: 3px; background: #dde3ea; overflow: hidden; }
.files-quota__fill { display: block; height: 100%; background: var(--files-primary); border-radius: 3px; }
.files-quota__bar--error .files-quota__fill { background: var(--files-error); }
`;

/** Adds the quota's stylesheet once. */
export function injectQuotaStyles(): void {
  injectStyles('quota', css);
}
