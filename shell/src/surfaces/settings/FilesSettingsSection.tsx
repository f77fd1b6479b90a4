import { useId } from 'react';
import { i18nKey } from '@cumulus/sdk';
import { useAppDispatch, useAppSelector } from '../../model/store/hooks';
import { useT } from '../../ui/ServicesContext';
import { setUserConfig } from '../../model/config/configThunks';
import { selectEnableNonAccessibleFeatures, selectUserConfig } from '../../model/config/selectors';

/** The user config toggles of the dialog (product §3 "User config"), in the order shown, with their labels. */
export const USER_CONFIG_TOGGLES: readonly { key: string; label: string }[] = [
  { key: 'sort_favorites_first', label: i18nKey('Sort favorites first') },
  { key: 'sort_folders_first', label: i18nKey('Sort folders before files') },
  { key: 'show_hidden', label: i18nKey('Show hidden files') },
  { key: 'crop_image_previews', label: i18nKey('Crop image previews') },
  { key: 'grid_view', label: i18nKey('Enable the grid view') },
];

/**
 * The 'Files settings' section: each toggle applies at once and is saved
 * with PUT /apps/files/api/v1/config/{key} (the config thunk puts the old
 * value back when saving fails), so it survives a reload.
 */
export function FilesSettingsSection() {
  const t = useT();
  const dispatch = useAppDispatch();
  const config = useAppSelector(selectUserConfig);
  // The grid is one of the non-accessible features (product §2): without them there is no grid to enable.
  const toggles = useAppSelector(selectEnableNonAccessibleFeatures) ? USER_CONFIG_TOGGLES : USER_CONFIG_TOGGLES.filter(({ key }) => key !== 'grid_view');
  const headingId = useId();
  return (
    <section className="files-settings__section" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('Files settings')}</h3>
      <ul className="files-settings__toggles">
        {toggles.map(({ key, label }) => (
          <li key={key}>
            <label className="files-settings__toggle">
              <input
                type="checkbox"
                role="switch"
                checked={config[key] === true}
                data-config={key}
                onChange={(event) => {
                  void dispatch(setUserConfig({ key, value: event.target.checked }))
                    .unwrap()
                    .catch((error: unknown) => console.error(`Could not save the setting ${key}`, error));
                }}
              />
              {/* i18n-dynamic: the labels are marked in USER_CONFIG_TOGGLES. */}
              <span>{t(label)}</span>
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}
