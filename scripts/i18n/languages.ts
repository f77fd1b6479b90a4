/**
 * The languages the app ships besides English (docs/translating.md): the one
 * list of `@cumulus/protocol`, which the server checks the user's setting
 * against. English needs no catalogue: the keys are the English strings.
 */
import { CATALOGUE_LANGUAGES } from '@cumulus/protocol';
import type { CatalogueLanguage } from '@cumulus/protocol';

/** The languages with a catalogue. */
export const LANGUAGES = CATALOGUE_LANGUAGES;

/** A language with a catalogue. */
export type Language = CatalogueLanguage;

/**
 * The plural categories a catalogue gives for a key used with `count`:
 * exactly what `Intl.PluralRules` (node's ICU) names for the language,
 * which is also what i18next asks for (`<key>_<category>`).
 */
export function pluralCategories(language: string): string[] {
  const order = ['zero', 'one', 'two', 'few', 'many', 'other'];
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[];
  return order.filter((category) => categories.includes(category));
}
