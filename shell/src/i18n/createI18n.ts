import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import type { Translate } from '@cumulus/sdk';
import { englishPlurals } from './englishPlurals';

/**
 * An i18next instance whose keys are the spec's English strings: English
 * needs no catalogue but its plural forms, and other languages add resources
 * keyed by them (plural forms with i18next's `_one`, `_few`, `_many`, `_other`
 * suffixes, chosen by `count`).
 * Keys contain `.` and `:` (sentences), so key and namespace separators are off,
 * and placeholders use the spec's `{name}` form.
 */
export async function createI18n(language = 'en'): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    fallbackLng: 'en',
    resources: { en: { translation: englishPlurals } },
    keySeparator: false,
    nsSeparator: false,
    returnNull: false,
    // React escapes output itself; escaping here would show entities.
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
  });
  return instance;
}

/** The SDK's `Translate` backed by an i18next instance. */
export function translatorOf(instance: I18n): Translate {
  // i18n-dynamic: the translate function itself; its callers' keys are extracted.
  return (key, vars) => instance.t(key, vars ?? {});
}
