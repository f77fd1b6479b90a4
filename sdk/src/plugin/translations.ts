import { CATALOGUE_LANGUAGES } from '@cumulus/protocol';
import type { PluginTranslations, TranslationCatalogue } from './types';

/**
 * The languages the app ships catalogues for besides English
 * (docs/translating.md; the list is `@cumulus/protocol`'s). A plugin may ship
 * any of them, or others.
 */
export { CATALOGUE_LANGUAGES };

/**
 * A plugin's `translations` from one loader for all its languages, for a
 * bundler that makes one chunk per file of a template import:
 *
 * @example definePlugin({ id: 'trash', translations: translationsFrom((language) => import(`./locales/${language}.json`)), activate })
 * @param load loads the catalogue of one language
 * @param languages the languages the plugin ships; default {@link CATALOGUE_LANGUAGES}
 */
export function translationsFrom(
  load: (language: string) => Promise<TranslationCatalogue | { readonly default: TranslationCatalogue }>,
  languages: readonly string[] = CATALOGUE_LANGUAGES,
): PluginTranslations {
  return Object.freeze(Object.fromEntries(languages.map((language) => [language, () => load(language)])));
}
