import { injectStyles } from '../../ui/styles';

const css = `
.files-modal.files-conflicts { width: min(720px, calc(100vw - 24px)); }
.files-conflicts__intro { margin: 4px 0 8px; color: var(--files-text-muted); }
.files-conflicts__table { width: 100%; border-collapse: collapse; margin-bottom: 8px; }
.files-conflicts__table th, .files-conflicts__table td { text-align: start; vertical-align: top; padding: 6px 8px; border-bottom: 1px solid var(--files-border); }
.files-conflicts__body { max-height: 50vh; overflow: auto; }
.files-conflicts__name { font-weight: 600; overflow-wrap: anywhere; }
.files-conflicts__version { display: flex; gap: 8px; align-items: flex-start; }
.files-conflicts__details { display: flex; flex-direction: column; font-size: 13px; color: var(--files-text-muted); }
.files-conflicts__error { min-height: 1.45em; margin: 4px 0 8px; color: var(--files-error); }
.files-conflicts__all { margin: 0 8px 4px; }
.files-conflicts__preview { width: 64px; height: 64px; flex: none; object-fit: cover; border-radius: 6px; }
.files-conflicts__preview--icon { display: inline-flex; align-items: center; justify-content: center; }
.files-conflicts__rename { margin: 6px 0 0; font-size: 13px; overflow-wrap: anywhere; }
.files-conflicts__rename output { font-weight: 600; }
`;

/** Adds the conflict dialog's stylesheet once. */
export function injectConflictStyles(): void {
  injectStyles('conflicts', css);
}
