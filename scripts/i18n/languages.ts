/**
 * The languages the app ships besides English (docs/translating.md): the
 * server's list, which the user's setting is checked against. English needs
 * no catalogue: the keys are the English strings.
 */
import { LANGUAGES } from '../../server/src/i18n/languages';

export { LANGUAGES };

/** A language with a catalogue. */
export type Language = (typeof LANGUAGES)[number];

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
