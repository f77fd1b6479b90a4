/**
 * The interface languages: English (the keys) and the 18 catalogues of
 * docs/translating.md, each named in its own language for the settings'
 * Language choice (a name people find whatever language the page is in).
 * The server keeps the same tags (server/src/i18n/languages.ts); the
 * catalogue test checks that both lists agree.
 */
export const LANGUAGE_NAMES: Readonly<Record<string, string>> = Object.freeze({
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
});

/** Whether the interface can show `language`. */
export function isInterfaceLanguage(language: string): boolean {
  return Object.hasOwn(LANGUAGE_NAMES, language);
}

/** The text direction of a language: Arabic, Hebrew, Persian and Urdu are written right to left. */
export function directionOf(language: string): 'ltr' | 'rtl' {
  return ['ar', 'fa', 'he', 'ur'].includes(language.split('-')[0]?.toLowerCase() ?? '') ? 'rtl' : 'ltr';
}
