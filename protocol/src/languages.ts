/**
 * The languages of the interface (docs/translating.md), written once for the server (the
 * values the user's `language` setting may take, what `Accept-Language` is matched against),
 * the SDK (the catalogues a plugin ships by default), the shell (the settings' Language
 * choice) and the catalogue check in scripts/.
 */

/** The languages with catalogues besides English, as BCP 47 tags. English needs none: the keys are English. */
export const CATALOGUE_LANGUAGES = [
  'ar',
  'de',
  'es',
  'fr',
  'it',
  'ja',
  'nl',
  'pl',
  'pt-BR',
  'pt-PT',
  'ru',
  'sk',
  'sl',
  'sr',
  'sv',
  'tr',
  'uk',
  'zh-CN',
] as const;

/** A language with a catalogue. */
export type CatalogueLanguage = (typeof CATALOGUE_LANGUAGES)[number];

/** A language the interface can show: English (the keys) or a catalogue's. */
export type InterfaceLanguage = 'en' | CatalogueLanguage;

/** Every language the interface can show: English first, then the catalogues. */
export const INTERFACE_LANGUAGES: readonly InterfaceLanguage[] = Object.freeze(['en', ...CATALOGUE_LANGUAGES]);

/**
 * Each interface language named in its own language, for the settings' Language choice (a
 * name people find whatever language the page is in). Typed by the list above, so a language
 * added there without a name here (or a name without its language) does not compile.
 */
export const LANGUAGE_NAMES: Readonly<Record<InterfaceLanguage, string>> = Object.freeze({
  en: 'English',
  ar: 'العربية',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
  ja: '日本語',
  nl: 'Nederlands',
  pl: 'Polski',
  'pt-BR': 'Português (Brasil)',
  'pt-PT': 'Português (Portugal)',
  ru: 'Русский',
  sk: 'Slovenčina',
  sl: 'Slovenščina',
  sr: 'Српски',
  sv: 'Svenska',
  tr: 'Türkçe',
  uk: 'Українська',
  'zh-CN': '简体中文',
} satisfies Record<InterfaceLanguage, string>);

/** Whether the interface can show `language` (an exact tag of {@link INTERFACE_LANGUAGES}). */
export function isInterfaceLanguage(language: string): language is InterfaceLanguage {
  return (INTERFACE_LANGUAGES as readonly string[]).includes(language);
}

/** What a catalogue's language tag looks like (`de`, `pt-BR`, `zh-CN`): a plugin may ship others than ours. */
export const LANGUAGE_TAG_PATTERN = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** Scripts written right to left: Arabic, Persian, Hebrew, Urdu. */
const RTL = new Set(['ar', 'fa', 'he', 'ur']);

/** The text direction of a language: a page in one of the right-to-left ones gets `dir="rtl"`. */
export function directionOf(language: string): 'ltr' | 'rtl' {
  return RTL.has(language.split('-')[0]?.toLowerCase() ?? '') ? 'rtl' : 'ltr';
}
