import { injectStyles } from '../../ui/styles';

const css = `
.files-node-indicators { display: inline-flex; align-items: center; gap: 2px; flex: none; }
.files-node-indicator { display: inline-flex; align-items: center; justify-content: center; width: 28px; height: 28px; padding: 0; border: 0; border-radius: 50%; background: none; color: inherit; }
button.files-node-indicator { cursor: pointer; }
button.files-node-indicator:hover { background: var(--files-hover); }
button.files-node-indicator:focus-visible, .files-breadcrumb-action:focus-visible { outline: 2px solid var(--files-primary); outline-offset: 2px; }
/* In the grid the marks sit on the preview's top corner at the end of the line (the checkbox has the other one), as Nextcloud's star. */
.files-grid-cell .files-node-indicators { position: absolute; z-index: 1; top: 12px; inset-inline-end: 20px; border-radius: 14px; background: color-mix(in srgb, var(--files-bg) 85%, transparent); }
.files-breadcrumb-actions { display: inline-flex; align-items: center; gap: 4px; flex: none; }
.files-breadcrumb-action:hover { background: var(--files-hover); }
`;

/** Adds the styles of the plugin slots (row indicators, breadcrumb actions) once. */
export function injectPluginSlotStyles(): void {
  injectStyles('plugin-slots', css);
}
