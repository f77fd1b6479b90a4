import type { Translate } from '../plugin';

/**
 * The English fallback for a {@link Translate} function: the spec's English
 * strings are the catalogue keys, so translating into English only means
 * filling in the `{name}` placeholders.
 *
 * A placeholder without a value is left as it is, so a missing variable shows
 * up in the UI instead of vanishing silently.
 *
 * @example englishTranslate('{seconds} seconds left', { seconds: 12 }) // '12 seconds left'
 */
export const englishTranslate: Translate = (key: string, vars?: Record<string, string | number>): string => {
  if (vars === undefined) {
    return key;
  }
  return key.replace(/\{([^{}]+)\}/g, (placeholder: string, name: string) =>
    Object.prototype.hasOwnProperty.call(vars, name) ? String(vars[name]) : placeholder,
  );
};
