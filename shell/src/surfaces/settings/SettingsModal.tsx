import { useId, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { useAppDispatch } from '../../model/store/hooks';
import { Icon } from '../../ui/icons/Icon';
import { useT } from '../../ui/ServicesContext';
import { CLOSE_ICON } from '../sidebar/icons';
import { AdditionalSettings } from './AdditionalSettings';
import { FilesSettingsSection } from './FilesSettingsSection';
import { LanguageSection } from './LanguageSection';
import { settingsClosed } from '../../model/settings/settingsSlice';
import { injectSettingsStyles } from './styles';
import { useFocusTrap } from '../../ui/useFocusTrap';
import { WebDavSection } from './WebDavSection';

injectSettingsStyles();

/** The open settings dialog (loaded on demand by `SettingsDialog`): focus trapped inside, Escape or a press beside it close. */
export function SettingsModal() {
  const t = useT();
  const dispatch = useAppDispatch();
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useFocusTrap(dialog, closeButton);
  const close = () => dispatch(settingsClosed());
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.stopPropagation();
    close();
  };
  return (
    <div
      className="files-settings-modal"
      onMouseDown={(event) => {
        // A press on the backdrop, not inside the dialog, closes it.
        if (event.target === event.currentTarget) close();
      }}
    >
      <div ref={dialog} role="dialog" aria-modal="true" aria-labelledby={titleId} className="files-settings-modal__dialog files-settings" onKeyDown={onKeyDown}>
        <header className="files-settings-modal__header">
          <h2 id={titleId}>{t('Files settings')}</h2>
          <button ref={closeButton} type="button" className="files-icon-button" aria-label={t('Close')} title={t('Close')} onClick={close}>
            <Icon svg={CLOSE_ICON} size={20} />
          </button>
        </header>
        <div className="files-settings-modal__body">
          <FilesSettingsSection />
          <LanguageSection />
          <AdditionalSettings />
          <WebDavSection />
        </div>
      </div>
    </div>
  );
}
