/**
 * The languages with catalogues besides English (docs/translating.md), as
 * BCP 47 tags: the values the user's `language` setting may take, and what
 * `Accept-Language` is matched against. The list is `@cumulus/protocol`'s,
 * which the shell and the SDK read too.
 */
import { CATALOGUE_LANGUAGES, INTERFACE_LANGUAGES as INTERFACE, directionOf } from '@cumulus/protocol';

export { directionOf };

/** The languages with catalogues besides English. */
export const LANGUAGES = CATALOGUE_LANGUAGES;

/** Every language the interface can show: English (the keys) and the catalogues. */
export const INTERFACE_LANGUAGES: readonly string[] = INTERFACE;

/**
 * The available language for one requested tag, or null. Exact tags match
 * in any letter case; then a tag's language with its region or script:
 * Chinese written in simplified characters (zh, zh-Hans, zh-CN, zh-SG) is
 * zh-CN, traditional (zh-Hant, zh-TW, zh-HK) has no catalogue; Portuguese
 * is pt-BR unless Portugal's (pt-PT and the other countries that follow
 * Portugal's spelling: pt-AO, pt-MZ, …); Serbian in Latin script (sr-Latn)
 * has no catalogue, other Serbian is sr (Cyrillic); any English is English;
 * otherwise the language alone (de-AT is de).
 */
export function matchLanguage(tag: string, available: readonly string[] = INTERFACE_LANGUAGES): string | null {
  const lower = tag.trim().toLowerCase();
  if (lower === '' || lower === '*') return null;
  const exact = available.find((language) => language.toLowerCase() === lower);
  if (exact !== undefined) return exact;
  const parts = lower.split(/[-_]/);
  const base = parts[0] ?? '';
  const rest = parts.slice(1);
  const has = (language: string): string | null => available.find((entry) => entry.toLowerCase() === language.toLowerCase()) ?? null;
  switch (base) {
    case 'zh':
      return rest.some((part) => ['hant', 'tw', 'hk', 'mo'].includes(part)) ? null : has('zh-CN');
    case 'pt':
      return rest.length === 0 || rest.includes('br') ? has('pt-BR') : has('pt-PT');
    case 'sr':
      return rest.includes('latn') ? null : has('sr');
    default:
      return has(base);
  }
}

/**
 * The best available language for an `Accept-Language` header, or null
 * when none of its tags has one (the caller falls back to English). Tags are
 * tried by their `q` weight, then in order; `q=0` refuses a tag.
 */
export function negotiateLanguage(header: string | undefined, available: readonly string[] = INTERFACE_LANGUAGES): string | null {
  if (header === undefined || header.trim() === '') return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const match = matchLanguage(tag, available);
    if (match !== null) return match;
  }
  return null;
}
