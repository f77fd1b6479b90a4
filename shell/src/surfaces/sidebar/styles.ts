import { injectStyles } from '../../ui/styles';

const css = `
.files-sidebar { flex: none; width: clamp(300px, 27vw, 500px); display: flex; flex-direction: column; min-height: 0; border-inline-start: 1px solid var(--files-border); background: var(--files-bg); overflow: hidden; }
@media (max-width: 1023.98px) {
  .files-sidebar { position: fixed; z-index: 30; top: 0; inset-inline-end: 0; bottom: 0; width: min(100vw, 420px); box-shadow: -4px 0 24px rgba(0,0,0,.18); }
}
.files-sidebar__header { flex: none; position: relative; display: flex; flex-direction: column; align-items: center; gap: 8px; padding: 20px 16px 12px; border-bottom: 1px solid var(--files-border); }
.files-sidebar__preview { display: flex; align-items: center; justify-content: center; width: 128px; height: 128px; }
.files-sidebar__preview img.files-preview { width: 128px; height: 128px; object-fit: contain; border-radius: 8px; }
.files-sidebar__heading { width: 100%; text-align: center; min-width: 0; }
.files-sidebar__name { margin: 0; font-size: 18px; font-weight: 600; overflow-wrap: anywhere; }
.files-sidebar__name:focus { outline: none; }
.files-sidebar__name:focus-visible { outline: 2px solid var(--files-primary); }
.files-sidebar__meta { margin: 4px 0 0; color: var(--files-text-muted); font-size: 14px; }
.files-sidebar__header-actions { position: absolute; top: 8px; inset-inline-end: 8px; display: flex; gap: 2px; }
/* Header and tab bar keep their height (the tab bar is a scroll container, which a column flexbox would
   shrink to its padding); only the panel scrolls, however long a tab's content grows. */
.files-sidebar__tabs { flex: none; display: flex; gap: 4px; padding: 8px 12px 0; border-bottom: 1px solid var(--files-border); overflow-x: auto; }
.files-sidebar__tab { display: inline-flex; align-items: center; gap: 6px; padding: 8px 12px; border: 0; border-bottom: 3px solid transparent; background: none; color: var(--files-text-muted); cursor: pointer; white-space: nowrap; }
.files-sidebar__tab:hover { color: var(--files-text); background: var(--files-hover); border-radius: 8px 8px 0 0; }
.files-sidebar__tab[aria-selected="true"] { color: var(--files-text); font-weight: 600; border-bottom-color: var(--files-primary); }
.files-sidebar__panel { flex: 1 1 auto; min-height: 0; overflow-y: auto; padding: 12px 16px; }
.files-details { display: grid; grid-template-columns: max-content 1fr; gap: 8px 16px; margin: 0; font-size: 14px; }
.files-details dt { color: var(--files-text-muted); }
.files-details dd { margin: 0; overflow-wrap: anywhere; }
.files-cell--size, .files-cell--mtime { cursor: pointer; }
`;

/** Adds the sidebar's stylesheet once. */
export function injectSidebarStyles(): void {
  injectStyles('sidebar', css);
}
