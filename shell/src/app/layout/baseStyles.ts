import { injectStyles } from '../../ui/styles';

const css = `
:root {
  --files-primary: #00679e; --files-primary-hover: #005580; --files-text: #222; --files-text-muted: #5c6370;
  --files-bg: #fff; --files-nav-bg: #f5f7fa; --files-border: #ececec; --files-hover: #f2f4f7; --files-selected: #e3f0fb;
  --files-error: #c62828; --files-error-bg: #fdecea;
}
* { box-sizing: border-box; }
html, body, #root { height: 100%; margin: 0; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--files-text); background: var(--files-bg); }
button { font: inherit; }
:focus-visible { outline: 2px solid var(--files-primary); outline-offset: 2px; }
.files-visually-hidden { position: absolute !important; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.files-app { display: flex; height: 100%; overflow: hidden; }
.files-main { flex: 1; min-width: 0; display: flex; flex-direction: column; }
.files-nav { width: 300px; flex: none; display: flex; flex-direction: column; background: var(--files-nav-bg); border-inline-end: 1px solid var(--files-border); padding: 8px; }
@media (max-width: 720px) { .files-nav { width: 220px; } }
/* Below 520 px the navigation hides; the header's toggle opens it over the list (Nextcloud's app navigation toggle). */
.files-icon-button.files-nav-toggle { display: none; }
@media (max-width: 520px) {
  .files-nav { display: none; }
  .files-nav.files-nav--open { display: flex; position: fixed; top: 0; bottom: 0; inset-inline-start: 0; width: min(300px, 85vw); z-index: 40; box-shadow: 0 0 24px rgba(0,0,0,.25); }
  .files-icon-button.files-nav-toggle { display: inline-flex; }
  .files-nav-backdrop { position: fixed; inset: 0; z-index: 39; background: rgba(0,0,0,.3); }
}
.files-nav__views { flex: 1; min-height: 0; overflow: auto; display: flex; flex-direction: column; }
.files-nav__list { list-style: none; margin: 0; padding: 0; }
.files-nav__list--sticky { flex: none; padding: 8px 0; }
.files-nav__children { list-style: none; margin: 0; padding-block: 0; padding-inline: 16px 0; }
.files-nav__entry { display: flex; align-items: center; border-radius: 8px; margin: 2px 0; }
.files-nav__entry:hover { background: var(--files-hover); }
.files-nav__entry--active, .files-nav__entry--active:hover { background: #d8ebf8; }
.files-nav__entry--active .files-nav__link { color: #00679e; font-weight: 600; }
.files-nav__link { flex: 1; display: flex; align-items: center; gap: 12px; padding: 9px 12px; color: inherit; text-decoration: none; min-width: 0; }
.files-nav__link .name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.files-nav__footer { border-top: 1px solid var(--files-border); padding-top: 8px; display: flex; flex-direction: column; gap: 4px; }
.files-nav__settings { display: flex; align-items: center; gap: 12px; padding: 9px 12px; border: 0; border-radius: 8px; background: none; color: inherit; cursor: pointer; text-align: start; }
.files-nav__settings:hover { background: var(--files-hover); }
.files-filter { position: relative; margin: 4px 0 8px; }
.files-filter input { width: 100%; height: 40px; padding-block: 0; padding-inline: 38px 12px; border: 1px solid #d1d5db; border-radius: 8px; background: var(--files-bg); font: inherit; color: inherit; }
.files-filter input:focus { border-color: var(--files-primary); outline: none; box-shadow: 0 0 0 2px var(--files-primary); }
.files-filter__icon { position: absolute; inset-inline-start: 11px; top: 11px; pointer-events: none; }
.files-header { display: flex; align-items: center; gap: 8px; min-height: 56px; padding-block: 6px; padding-inline: 16px 12px; border-bottom: 1px solid var(--files-border); }
.files-header__actions { display: flex; align-items: center; gap: 6px; }
.files-new { position: relative; }
.files-new .files-new__menu { inset-inline-start: 0; inset-inline-end: auto; }
.files-menu__caption { padding: 6px 10px 2px; color: var(--files-text-muted); font-size: 13px; font-weight: 600; }
.files-menu__separator { margin: 4px 0; border-top: 1px solid var(--files-border); }
.files-header__end { margin-inline-start: auto; display: flex; align-items: center; gap: 4px; }
.files-breadcrumbs { min-width: 0; overflow: hidden; }
.files-breadcrumbs ol { display: flex; align-items: center; list-style: none; margin: 0; padding: 0; min-width: 0; }
.files-breadcrumbs__crumb { display: flex; align-items: center; min-width: 0; }
.files-breadcrumbs__button { display: inline-flex; align-items: center; gap: 6px; max-width: 220px; height: 36px; padding: 0 10px; border: 0; border-radius: 8px; background: none; color: var(--files-text-muted); cursor: pointer; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.files-breadcrumbs__button:hover { background: var(--files-hover); color: var(--files-text); }
.files-breadcrumbs__button--current { color: var(--files-text); font-weight: 600; }
/* The button's own ellipsis cannot reach the text inside its flex item: the label shrinks and ends with '…' itself. */
.files-breadcrumbs__button > span { min-width: 0; overflow: hidden; text-overflow: ellipsis; }
.files-breadcrumbs__ellipsis { color: var(--files-text-muted); padding: 0 4px; }
.files-button { display: inline-flex; align-items: center; gap: 6px; height: 36px; padding: 0 14px; border: 1px solid #d1d5db; border-radius: 18px; background: var(--files-bg); color: var(--files-text); cursor: pointer; font-weight: 600; }
.files-button:hover:not(:disabled) { background: var(--files-hover); }
.files-button--primary { background: var(--files-primary); border-color: var(--files-primary); color: #fff; }
.files-button--primary:hover:not(:disabled) { background: var(--files-primary-hover); }
.files-button:disabled, .files-button[aria-disabled="true"] { opacity: .5; cursor: default; }
.files-text-field { min-width: 0; flex: 1; height: 34px; padding: 0 10px; border: 1px solid #d1d5db; border-radius: 8px; font: inherit; color: inherit; background: var(--files-bg); }
.files-text-field:focus { border-color: var(--files-primary); outline: none; box-shadow: 0 0 0 2px var(--files-primary); }
.files-text-field[aria-invalid="true"] { border-color: var(--files-error); }
.files-icon-button { display: inline-flex; align-items: center; justify-content: center; width: 36px; height: 36px; border: 0; border-radius: 50%; background: none; cursor: pointer; color: inherit; padding: 0; }
.files-icon-button:hover:not(:disabled) { background: var(--files-hover); }
.files-icon-button[aria-pressed="true"] { background: var(--files-selected); }
.files-spinner { width: 18px; height: 18px; border: 2px solid #cbd5e1; border-top-color: var(--files-primary); border-radius: 50%; animation: files-spin .8s linear infinite; display: inline-block; }
.files-spinner--large { width: 44px; height: 44px; border-width: 3px; }
.files-on-demand { position: fixed; top: 50%; inset-inline-start: 50%; margin-block: -9px 0; margin-inline: -9px 0; z-index: 1000; }
.files-modal__backdrop--loading { position: fixed; inset: 0; z-index: 9000; display: flex; align-items: center; justify-content: center; background: rgba(0,0,0,.15); }
.files-modal__backdrop--loading > :focus { outline: none; }
@keyframes files-spin { to { transform: rotate(360deg); } }
.plugin-error { background: var(--files-error-bg); border-inline-start: 4px solid var(--files-error); color: #7f1d1d; padding: .5rem .75rem; margin: .5rem 1rem; border-radius: 4px; }
.icon { display: inline-block; flex: none; vertical-align: middle; }
`;

/** Adds the layout's stylesheet (colours, navigation, header, buttons) once. */
export function injectBaseStyles(): void {
  injectStyles('base', css);
}
