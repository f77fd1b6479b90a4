import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Translates an English source string (the catalogue key), filling `{name}` placeholders from `vars`. */
export type ServerTranslate = (key: string, vars?: Record<string, string | number>) => string;

/** The folder of the server pages' catalogues (`<lang>.json`, flat, keys are the English strings). */
const LOCALES = join(dirname(fileURLToPath(import.meta.url)), 'locales');

const catalogues = new Map<string, Readonly<Record<string, string>>>();

/** A language's catalogue, read once; empty for English or a language without a file. */
function catalogueOf(language: string): Readonly<Record<string, string>> {
  let catalogue = catalogues.get(language);
  if (catalogue === undefined) {
    const path = join(LOCALES, `${language}.json`);
    catalogue = language !== 'en' && /^[A-Za-z-]{2,10}$/.test(language) && existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>) : {};
    catalogues.set(language, catalogue);
  }
  return catalogue;
}

/**
 * Marks a key written apart from its `t()` (a message constant), so
 * `npm run i18n:keys` puts it in the server's catalogue; returns it as is.
 */
export function i18nKey<const K extends string>(key: K): K {
  return key;
}

function fill(text: string, vars: Record<string, string | number> | undefined): string {
  if (vars === undefined) return text;
  return text.replace(/\{([^{}]+)\}/g, (placeholder: string, name: string) => (Object.hasOwn(vars, name) ? String(vars[name]) : placeholder));
}

/**
 * The server pages' translate function for a language, in the catalogue
 * format the shell uses (docs/translating.md): a key with `count` in `vars`
 * takes the `<key>_<category>` form of `Intl.PluralRules`; a key the
 * catalogue lacks shows in English.
 */
export function translatorFor(language: string): ServerTranslate {
  const catalogue = catalogueOf(language);
  const plurals = new Intl.PluralRules(language === 'en' ? 'en' : language);
  return (key, vars) => {
    const count = vars?.count;
    const form = typeof count === 'number' ? catalogue[`${key}_${plurals.select(count)}`] : undefined;
    return fill(form ?? catalogue[key] ?? key, vars);
  };
}
