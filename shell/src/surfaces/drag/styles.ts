import { injectStyles } from '../../ui/styles';

const css = `
.files-drag-image { position: fixed; top: -1000px; inset-inline-start: -1000px; display: inline-flex; align-items: center; gap: 6px; padding-block: 6px; padding-inline: 6px 10px; border-radius: 10px; background: var(--files-bg); box-shadow: 0 2px 10px rgba(0,0,0,.25); font: 600 14px system-ui, sans-serif; color: var(--files-text); }
.files-drag-image__previews { display: inline-flex; }
.files-drag-image__preview { width: 32px; height: 32px; border-radius: 4px; object-fit: cover; display: inline-flex; align-items: center; justify-content: center; background: var(--files-bg); border: 1px solid var(--files-border); }
.files-drag-image__preview + .files-drag-image__preview { margin-inline-start: -18px; }
.files-drag-image__preview--icon { object-fit: contain; padding: 3px; }
.files-drag-image__count { min-width: 20px; height: 20px; padding: 0 6px; border-radius: 10px; background: var(--files-primary); color: #fff; font-size: 12px; line-height: 20px; text-align: center; }
.files-row--drop-target, .files-row--drop-target:hover, .files-grid-cell--drop-target, .files-breadcrumbs__button--drop-target { background: var(--files-selected) !important; box-shadow: inset 0 0 0 2px var(--files-primary); }
.files-row--dragging, .files-grid-cell--dragging { opacity: .5; }
.files-drop-notice { margin: 8px 16px 0; padding: 14px 16px; border: 2px dashed var(--files-primary); border-radius: 12px; background: #f0f7fc; color: var(--files-primary-hover); text-align: center; font-weight: 600; }
.files-drop-notice--refused { border-color: var(--files-error); background: var(--files-error-bg); color: var(--files-error); }
`;

/** Adds the drag and drop styles (drag image, drop target, drop notice) once. */
export function injectDragStyles(): void {
  injectStyles('drag', css);
}
