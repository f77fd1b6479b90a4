/**
 * Marks a string as a catalogue key without translating it: for text
 * written in one place and translated in another (a table of labels, an
 * error message thrown in English and translated where it is shown). It
 * returns `key` unchanged; `npm run i18n:keys` collects its argument like
 * the first argument of a `t()` call, so the catalogues hold the key.
 *
 * @example const LABELS = [i18nKey('Read'), i18nKey('Edit')]; … t(label)
 */
export function i18nKey<const K extends string>(key: K): K {
  return key;
}

/**
 * Like {@link i18nKey}, for a key that is translated with `count` (one
 * entry per plural category in each catalogue).
 */
export function i18nPlural<const K extends string>(key: K): K {
  return key;
}
