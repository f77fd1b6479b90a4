import type { SettingsSection, Translate } from '@cumulus/sdk';
import type { TextOnlyFilter } from './textOnlyFilter';

/** A section of the Files settings: the switch of the text-only filter. */
export function settingsSection(t: Translate, textOnly: TextOnlyFilter): SettingsSection {
  return {
    id: 'acme-notes-settings',
    name: t('Acme Notes'),
    mount: (el) => {
      const label = document.createElement('label');
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.checked = textOnly.isOn();
      box.addEventListener('change', () => textOnly.set(box.checked));
      label.append(box, ` ${t('Show only text files')}`);
      el.append(label);
      return () => label.remove();
    },
  };
}
