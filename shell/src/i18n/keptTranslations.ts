import type { i18n as I18n } from 'i18next';
import type { Translate } from '@cumulus/sdk';

/** Answers kept at most (a label per row of a big folder would otherwise grow without end). */
const KEPT_MAX = 4096;

/** Names i18next reads as options of `t`, not as values: a call with one of them goes to i18next. */
const OPTION_NAMES = new Set([
  'count',
  'context',
  'ordinal',
  'lng',
  'lngs',
  'ns',
  'fallbackLng',
  'postProcess',
  'returnObjects',
  'returnDetails',
  'joinArrays',
  'replace',
  'interpolation',
  'keyPrefix',
  'skipInterpolation',
  'keySeparator',
  'nsSeparator',
  'nest',
  'missingInterpolationHandler',
  'appendNamespaceToCIMode',
  'missingKeyNoValueFallbackToKey',
]);

/** Whether i18next reads `name` as an option (`defaultValue` and its plural forms `defaultValue_one`… included). */
const isOption = (name: string): boolean => OPTION_NAMES.has(name) || name.startsWith('defaultValue');

/** A placeholder of the spec's form, `{name}`. */
const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Whether a text holds more than plain `{name}` placeholders (formats, unescaped values, spaces, nesting): i18next fills those. */
const needsI18next = (text: string): boolean => text.includes('$t(') || /[{}]/.test(text.replace(PLACEHOLDER, ''));

/**
 * `translate` (i18next's `t` for one namespace), faster for what the list asks again and
 * again: a text without values is kept once looked up; a text with plain values (the file
 * name in a row's labels) is the kept template with its `{name}` placeholders filled in,
 * as i18next fills them (no escaping: React escapes; a value is not interpolated again).
 * Plural forms (`count`), contexts, other i18next options, templates with formats or
 * nesting, and a post-processor (the pseudo-locale) go to i18next every time. What is kept
 * is forgotten when the resources or the language change.
 */
export function keptTranslations(instance: I18n, translate: (key: string, vars: Record<string, string | number>) => string, options: { postProcessed?: boolean } = {}): Translate {
  if (options.postProcessed === true) return (key, vars) => translate(key, vars ?? {});
  const templates = new Map<string, string | null>();
  const forget = (): void => templates.clear();
  instance.on('languageChanged', forget);
  instance.store.on('added', forget);
  instance.store.on('removed', forget);
  /** The key's text with its placeholders left in, or null when i18next must fill it. */
  const templateOf = (key: string): string | null => {
    let template = templates.get(key);
    if (template === undefined) {
      // Without values, i18next leaves each `{name}` as it is.
      const text = translate(key, {});
      template = needsI18next(text) ? null : text;
      if (templates.size >= KEPT_MAX) templates.clear();
      templates.set(key, template);
    }
    return template;
  };
  return (key, vars) => {
    if (vars === undefined) return templateOf(key) ?? translate(key, {});
    for (const name in vars) if (isOption(name)) return translate(key, vars);
    const template = templateOf(key);
    if (template === null) return translate(key, vars);
    if (!template.includes('{')) return template;
    let missing = false;
    const text = template.replace(PLACEHOLDER, (placeholder, name: string) => {
      const value: unknown = Object.prototype.hasOwnProperty.call(vars, name) ? vars[name] : undefined;
      // Only strings and numbers are filled in here (what the type allows); anything else is i18next's to render.
      if (typeof value !== 'string' && typeof value !== 'number') {
        missing = true;
        return placeholder;
      }
      return String(value);
    });
    // A value left out (or of another type): i18next's own handling of it.
    return missing ? translate(key, vars) : text;
  };
}
