import type { FastifyRequest } from 'fastify';
import { escapeHtml } from '../web/html';
import { INTERFACE_LANGUAGES, directionOf, negotiateLanguage } from './languages';
import { translatorFor } from './translate';
import type { ServerTranslate } from './translate';

/** The language a server page is written in, its direction and its translate function. */
export interface PageLocale {
  /** BCP 47 tag for `<html lang>`. */
  language: string;
  /** For `<html dir>`. */
  dir: 'ltr' | 'rtl';
  /** Translates plain text (escape it before it goes into HTML; `th()` does both). */
  t: ServerTranslate;
  /**
   * Translates for HTML: the translation is escaped, then its `{name}`
   * placeholders are filled with `markup`, which is HTML already (escape any
   * user text in it yourself).
   */
  th(key: string, markup?: Record<string, string>): string;
}

/** The user's language setting ('' when unset), for signed-in requests. */
export type UserLanguage = (uid: string) => Promise<string>;

/** The locale of a language. */
export function localeOf(language: string): PageLocale {
  const t = translatorFor(language);
  return { language, dir: directionOf(language), t, th: (key, markup = {}) => htmlText(t, key, markup) };
}

/** English: what pages render in without a request (tests, defaults). */
export const ENGLISH: PageLocale = localeOf('en');

/**
 * The language of a request's page: the signed-in user's setting when set,
 * else the best match of the browser's `Accept-Language`, else English.
 */
export async function pageLocale(request: FastifyRequest, userLanguage?: UserLanguage): Promise<PageLocale> {
  if (request.user && userLanguage) {
    const setting = await userLanguage(request.user.uid);
    if (INTERFACE_LANGUAGES.includes(setting)) return localeOf(setting);
  }
  const header = request.headers['accept-language'];
  return localeOf(negotiateLanguage(Array.isArray(header) ? header.join(',') : header) ?? 'en');
}

function htmlText(t: ServerTranslate, key: string, markup: Record<string, string>): string {
  // i18n-dynamic: th()'s callers pass literal keys, which the extractor reads.
  const template = escapeHtml(t(key));
  return template.replace(/\{([^{}]+)\}/g, (placeholder: string, name: string) => (Object.hasOwn(markup, name) ? (markup[name] as string) : placeholder));
}
