import { injectStyles } from '../../ui/styles';

const css = `
.files-settings-modal { position: fixed; inset: 0; z-index: 50; display: flex; align-items: center; justify-content: center; padding: 16px; background: rgba(0,0,0,.45); }
.files-settings-modal__dialog { width: min(640px, 100%); max-height: calc(100vh - 32px); display: flex; flex-direction: column; background: var(--files-bg); border-radius: 12px; box-shadow: 0 8px 40px rgba(0,0,0,.3); }
.files-settings-modal__header { display: flex; align-items: center; justify-content: space-between; gap: 8px; padding-block: 12px 4px; padding-inline: 24px 12px; }
.files-settings-modal__header h2 { margin: 0; font-size: 20px; }
.files-settings-modal__body { overflow-y: auto; padding: 0 24px 24px; }
.files-settings__section { padding-top: 12px; }
.files-settings__section h3 { margin: 8px 0; font-size: 16px; }
.files-settings__plugin h4 { margin: 8px 0 4px; font-size: 15px; }
.files-settings__toggles { list-style: none; margin: 0; padding: 0; }
.files-settings__toggle { display: flex; align-items: center; gap: 12px; padding: 8px 4px; border-radius: 8px; cursor: pointer; }
.files-settings__toggle:hover { background: var(--files-hover); }
.files-settings__toggle input { width: 18px; height: 18px; margin: 0; accent-color: var(--files-primary); }
.files-settings__label { display: block; margin: 4px 0; font-weight: 600; }
.files-settings__select { min-width: min(100%, 280px); height: 36px; padding: 0 8px; border: 1px solid #d1d5db; border-radius: 8px; font: inherit; color: inherit; background: var(--files-nav-bg); }
.files-settings__url { display: flex; gap: 8px; }
.files-settings__url input { flex: 1; min-width: 0; height: 36px; padding: 0 10px; border: 1px solid #d1d5db; border-radius: 8px; font: inherit; color: inherit; background: var(--files-nav-bg); }
.files-settings__hint { margin: 8px 0 0; font-size: 14px; }
.files-settings__hint a { color: var(--files-primary); }
@media (max-width: 520px) { .files-settings__url { flex-direction: column; } .files-settings__url input { flex: none; } }
`;

/** Adds the settings dialog's stylesheet once. */
export function injectSettingsStyles(): void {
  injectStyles('settings', css);
}
