/**
 * The form of a name the name index stores and a search term is compared in: Unicode
 * compatibility decomposition (NFKD: full-width letters, ligatures and the like become their
 * plain letters), combining marks removed (accents: "é" → "e"), then lower case. "Résumé",
 * "RESUME" and "ｒｅｓｕｍｅ" all fold to "resume"; letters without case or marks (CJK, Arabic
 * without its vowel marks) stay what they are.
 */
export function foldName(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The number of code points of a text (a trigram index matches terms of at least 3). */
export function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}
