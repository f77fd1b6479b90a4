import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where a catalogue's language files are (docs/translating.md). */
export const CATALOGUE_DIRS = {
  shell: 'shell/src/i18n/locales',
  server: 'server/src/i18n/locales',
  sharing: 'plugins/sharing/src/locales',
  trash: 'plugins/trash/src/locales',
  favorites: 'plugins/favorites/src/locales',
} as const;

/** Whether the repository holds `language`'s file of a catalogue. */
export function hasCatalogue(catalogue: keyof typeof CATALOGUE_DIRS, language: string): boolean {
  return existsSync(path.join(ROOT, CATALOGUE_DIRS[catalogue], `${language}.json`));
}

/**
 * The translation function of a catalogue, read from its JSON file at test
 * time, so the browser tests assert the catalogues' own words and never
 * hard-code a translation. A key the file lacks throws: the test then names
 * the missing key instead of looking for English text.
 */
export function catalogueTranslator(catalogue: keyof typeof CATALOGUE_DIRS, language: string): (key: string) => string {
  const file = path.join(ROOT, CATALOGUE_DIRS[catalogue], `${language}.json`);
  if (!existsSync(file)) throw new Error(`${path.relative(ROOT, file)} does not exist: the ${language} catalogue is not merged yet`);
  const entries = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  return (key) => {
    const value = entries[key];
    if (value === undefined) throw new Error(`${path.relative(ROOT, file)} has no entry for ${JSON.stringify(key)}`);
    return value;
  };
}
