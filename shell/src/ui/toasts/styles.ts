import { injectStyles } from '../styles';

const css = `
.files-toasts { position: fixed; inset-inline-end: 16px; bottom: 16px; z-index: 10000; display: flex; flex-direction: column; gap: 8px; max-width: min(420px, calc(100vw - 32px)); pointer-events: none; }
.files-toasts__region { display: contents; }
.files-toast { pointer-events: auto; display: flex; align-items: flex-start; gap: 8px; padding-block: 10px; padding-inline: 14px 8px; border-radius: 8px; background: #fff; color: var(--files-text, #222); box-shadow: 0 4px 16px rgba(0,0,0,.18); border-inline-start: 6px solid var(--files-primary, #0082c9); }
.files-toast--success { border-inline-start-color: #2e7d32; }
.files-toast--warning { border-inline-start-color: #b45309; }
.files-toast--error { border-inline-start-color: var(--files-error, #c62828); }
.files-toast__message { flex: 1; padding-top: 6px; overflow-wrap: anywhere; }
.files-toast__close { flex: none; width: 32px; height: 32px; border: 0; border-radius: 50%; background: none; cursor: pointer; color: inherit; font-size: 20px; line-height: 1; }
.files-toast__close:hover { background: var(--files-hover, #f2f4f7); }
`;

/** Adds the toasts' stylesheet once. */
export function injectToastStyles(): void {
  injectStyles('toasts', css);
}
