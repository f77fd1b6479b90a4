import { injectStyles } from '../../ui/styles';

const css = `
.files-user { position: relative; }
.files-user__button { display: flex; align-items: center; gap: 10px; width: 100%; padding: 6px 12px; border: 0; border-radius: 8px; background: none; color: inherit; cursor: pointer; text-align: start; }
.files-user__button:hover, .files-user__button[aria-expanded="true"] { background: var(--files-hover); }
.files-user__avatar { flex: none; display: inline-flex; align-items: center; justify-content: center; width: 32px; height: 32px; border-radius: 50%; background: var(--files-primary); color: #fff; font-weight: 600; font-size: 14px; text-transform: uppercase; }
.files-user__name { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; unicode-bidi: isolate; }
/* The menu opens upward, from the navigation's footer. */
.files-menu.files-user__menu { top: auto; bottom: 100%; inset-inline: 0 auto; margin: 0 0 4px; width: 100%; }
`;

/** Adds the user menu's stylesheet once. */
export function injectUserMenuStyles(): void {
  injectStyles('user-menu', css);
}
