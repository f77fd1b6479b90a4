/**
 * How Nextcloud names things in the trash (files_trashbin: Trashbin::getTrashFilename and
 * Trashbin::getUniqueFilename), kept pure so it is tested on its own.
 */

/** The longest item name; longer ones lose characters from the middle. */
export const MAX_ITEM_NAME = 250;

/** The trash item name of a node named `name` deleted at `timestamp` (seconds): `<name>.d<timestamp>`. */
export function itemName(name: string, timestamp: number): string {
  const full = `${name}.d${timestamp}`;
  if (full.length <= MAX_ITEM_NAME) return full;
  // As Nextcloud: cut the excess out of the middle, so the start and the timestamp stay.
  const start = MAX_ITEM_NAME / 2;
  return full.slice(0, start) + full.slice(start + full.length - MAX_ITEM_NAME);
}

/** The original name and deletion time an item name carries, or null when it is not one. */
export function parseItemName(item: string): { name: string; timestamp: number } | null {
  const match = /^(.*)\.d(\d+)$/s.exec(item);
  if (!match || match[1] === '') return null;
  return { name: match[1] ?? '', timestamp: Number(match[2]) };
}

/** The word a restored copy is marked with, by language (Nextcloud translates it). */
const RESTORED: Readonly<Record<string, string>> = {
  en: 'restored',
  de: 'wiederhergestellt',
  fr: 'restauré',
  es: 'restaurado',
  it: 'ripristinato',
  nl: 'hersteld',
  pl: 'przywrócony',
  pt: 'restaurado',
  sv: 'återställd',
};

/** The word for `language` (`de-AT` falls back to `de`, anything unknown to English). */
export function restoredWord(language: string): string {
  const lower = language.toLowerCase();
  return RESTORED[lower] ?? RESTORED[lower.split('-')[0] ?? ''] ?? 'restored';
}

/**
 * The `attempt`-th name to restore `name` under when it is taken: `a (restored).txt`, then
 * `a (restored 2).txt`, `a (restored 3).txt`, … (attempt 0 is the name itself). The extension
 * is what follows the last dot, as PHP's pathinfo reads it (`.bashrc` has none).
 */
export function restoreName(name: string, attempt: number, language = 'en'): string {
  if (attempt === 0) return name;
  const dot = name.lastIndexOf('.');
  const hasExtension = dot > 0 && dot < name.length - 1;
  const stem = hasExtension ? name.slice(0, dot) : name;
  const extension = hasExtension ? name.slice(dot) : '';
  const word = restoredWord(language);
  return `${stem} (${attempt === 1 ? word : `${word} ${attempt}`})${extension}`;
}
