import { injectStyles } from '../styles';

const css = `
.files-confirm__message { margin: 8px 0 16px; overflow-wrap: anywhere; }
.files-button--destructive { background: var(--files-error); border-color: var(--files-error); color: #fff; }
.files-button--destructive:hover:not(:disabled) { background: var(--files-error); filter: brightness(.9); }
`;

/** Adds the confirmation dialog's stylesheet once. */
export function injectConfirmStyles(): void {
  injectStyles('confirm', css);
}
