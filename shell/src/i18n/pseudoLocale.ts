/**
 * The pseudo-locale `en-XA`: English with every letter accented and every
 * text made 40 % longer, `[!! Ŧĥé fîļé ļîšţ ~~~~ !!]`, so that clipped or
 * untranslated text shows on any screen (tests/e2e/i18n-clipping.test.ts
 * renders the app in it). Only a page whose `<html lang>` says `en-XA` uses
 * it; the server never does.
 */
export const PSEUDO_LANGUAGE = 'en-XA';

const ACCENTED: Readonly<Record<string, string>> = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'ď', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'î', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ',
  n: 'ñ', o: 'ö', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'û', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Å', B: 'Ɓ', C: 'Ç', D: 'Ď', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Î', J: 'Ĵ', K: 'Ķ', L: 'Ļ', M: 'Ṁ',
  N: 'Ñ', O: 'Ö', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ŧ', U: 'Û', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};

/** A text in the pseudo-locale: accented, padded to 140 % of its length plus the brackets. */
export function pseudoLocalize(text: string): string {
  if (text === '') return text;
  const accented = [...text].map((char) => ACCENTED[char] ?? char).join('');
  const padding = '~'.repeat(Math.ceil(text.length * 0.4));
  return `[!! ${accented} ${padding} !!]`;
}
