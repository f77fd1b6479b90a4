import { useEffect, useId, useRef, useState } from 'react';
import { useLanguage, useServices, useT } from '../../ui/ServicesContext';
import { LANGUAGE_NAMES, isInterfaceLanguage } from '../../i18n/languages';
import { readPageContext } from '../../services/pageContext';
import { showToast } from '../../ui/toasts/toasts';

/** Reloads the page: the new language applies to every string, plugins' included. */
function reloadPage(): void {
  window.location.reload();
}

/**
 * The 'Language' choice of the settings dialog: the browser's
 * language (the default, from Accept-Language) or one of the interface
 * languages, each named in itself. The choice is saved in the user config
 * (`language`) and applies in place (`services.changeLanguage`: no page load,
 * the dialog stays open, the plugins' texts follow); where the page cannot
 * switch in place it reloads by itself.
 */
export function LanguageSection({ reload = reloadPage }: { reload?: () => void }) {
  const t = useT();
  const { api, changeLanguage } = useServices();
  const current = useLanguage();
  const headingId = useId();
  const selectId = useId();
  const [setting, setSetting] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    let live = true;
    api.getLanguage().then(
      (value) => live && setSetting(value),
      (error: unknown) => {
        console.error('Could not read the language setting', error);
        if (live) setSetting('');
      },
    );
    return () => {
      live = false;
    };
  }, [api]);
  const browser = readPageContext().browserLanguage;
  const browserName = LANGUAGE_NAMES[browser] ?? LANGUAGE_NAMES[current] ?? browser;
  const choose = (value: string) => {
    // One change at a time (the select stays enabled, so it keeps the focus while the language switches).
    if (saving) return;
    const focused = document.activeElement === select.current;
    setSaving(true);
    api.setLanguage(value).then(
      () => {
        setSetting(value);
        if (changeLanguage === undefined) return reload();
        // '' follows the browser: the language the server picked from Accept-Language, English without one.
        const next = value === '' ? (isInterfaceLanguage(browser) ? browser : 'en') : value;
        changeLanguage(next).then(
          () => {
            setSaving(false);
            // Texts rendered anew (a part of the dialog may have been hidden meanwhile): the choice keeps the focus it had.
            if (focused && document.activeElement !== select.current) select.current?.focus();
          },
          (error: unknown) => {
            console.error('Could not switch the language in place; reloading', error);
            reload();
          },
        );
      },
      (error: unknown) => {
        console.error('Could not save the language', error);
        setSaving(false);
        showToast({ type: 'error', message: t('Could not save the language') });
      },
    );
  };
  return (
    <section className="files-settings__section" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('Language')}</h3>
      <label className="files-settings__label" htmlFor={selectId}>
        {t('Language of the interface')}
      </label>
      <select
        ref={select}
        id={selectId}
        className="files-settings__select"
        value={setting ?? ''}
        disabled={setting === null}
        aria-busy={saving || undefined}
        onChange={(event) => choose(event.target.value)}
      >
        <option value="">{t("The browser's language ({language})", { language: browserName })}</option>
        {Object.entries(LANGUAGE_NAMES).map(([tag, name]) => (
          <option key={tag} value={tag} lang={tag}>
            {name}
          </option>
        ))}
      </select>
    </section>
  );
}
