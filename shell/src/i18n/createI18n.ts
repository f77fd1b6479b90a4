import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import type { Translate, TranslationCatalogue } from '@cumulus/sdk';
import { englishPlurals } from './englishPlurals';
import type { CatalogueLoader } from './loadCatalogue';
import { keptTranslations } from './keptTranslations';
import { PSEUDO_LANGUAGE, pseudoLocalize } from './pseudoLocale';

/** No catalogue: English only (tests, and the default). */
const englishOnly: CatalogueLoader = () => Promise.resolve({});

/**
 * An i18next instance whose keys are the spec's English strings: English
 * needs no catalogue but its plural forms, and the interface language's
 * catalogue (loaded by `load`, one chunk per language) adds resources
 * keyed by them (plural forms with i18next's `_one`, `_few`, `_many`,
 * `_other` suffixes, chosen by `count`). A catalogue that fails to load
 * leaves the interface in English, with a warning in the console.
 * Keys contain `.` and `:` (sentences), so key and namespace separators are off,
 * and placeholders use the spec's `{name}` form.
 */
export async function createI18n(language = 'en', load: CatalogueLoader = englishOnly): Promise<I18n> {
  let catalogue: TranslationCatalogue = {};
  const pseudo = language === PSEUDO_LANGUAGE;
  if (language !== 'en' && !pseudo) {
    try {
      catalogue = await load(language);
    } catch (error) {
      console.warn(`No ${language} catalogue could be loaded; the interface shows English`, error);
    }
  }
  const instance = i18next.createInstance();
  if (pseudo) instance.use({ type: 'postProcessor', name: 'pseudo', process: (value: string) => pseudoLocalize(value) });
  await instance.init({
    lng: language,
    // The pseudo-locale is English, every text stretched after interpolation.
    ...(pseudo ? { postProcess: ['pseudo'] } : {}),
    fallbackLng: 'en',
    // A plugin's namespace falls back to the shell's strings (the core plugin has no catalogue of its own).
    fallbackNS: 'translation',
    resources: { en: { translation: englishPlurals }, ...(language !== 'en' && !pseudo ? { [language]: { translation: catalogue } } : {}) },
    keySeparator: false,
    nsSeparator: false,
    returnNull: false,
    // React escapes output itself; escaping here would show entities.
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
  });
  return instance;
}

/** Whether the instance runs a post-processor on every text (the pseudo-locale). */
const postProcessed = (instance: I18n): boolean => [instance.options.postProcess].flat().some((name) => typeof name === 'string' && name !== '');

/** The SDK's `Translate` backed by an i18next instance (texts asked again and again answered from what it keeps). */
export function translatorOf(instance: I18n): Translate {
  // i18n-dynamic: the translate function itself; its callers' keys are extracted.
  return keptTranslations(instance, (key, vars) => instance.t(key, vars), { postProcessed: postProcessed(instance) });
}

/**
 * A plugin's `ctx.t` (the SDK's `PluginHost.translatorFor`): its catalogue
 * becomes the namespace `plugin:<id>` of the interface language; a missing
 * entry comes from the shell's catalogue, else shows the English key.
 */
export function pluginTranslatorOf(instance: I18n): (pluginId: string, catalogue: TranslationCatalogue | null) => Translate {
  return (pluginId, catalogue) => {
    const ns = `plugin:${pluginId}`;
    if (catalogue !== null) instance.addResourceBundle(instance.language, ns, catalogue, true, true);
    const fixed = instance.getFixedT(instance.language, ns);
    // i18n-dynamic: as translatorOf.
    return keptTranslations(instance, (key, vars) => fixed(key, vars), { postProcessed: postProcessed(instance) });
  };
}
