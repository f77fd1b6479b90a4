import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { HttpError } from '../api/errors';
import { route } from '../api/routes';
import { loginRedirect } from '../auth/hook';
import type { FileService } from '../storage';
import { fileIdRedirect, queryOf } from './app-links';
import { escapeHtml } from './html';
import { pageLocale } from '../i18n/page-locale';
import type { UserLanguage } from '../i18n/page-locale';
import { negotiateLanguage } from '../i18n/languages';
import { findStaticFile, sendStaticFile, staticSegments } from './static-files';

/** The URL tail after `prefix`, still percent-encoded, without the query. */
function tailOf(request: FastifyRequest, prefix: string): string {
  const path = (request.url.split('?')[0] ?? '').slice(prefix.length);
  return path;
}

/**
 * Puts the signed-in user and the CSRF token on the page's `<head>` as Nextcloud does
 * (`data-user`, `data-user-displayname`, `data-requesttoken`, and the core flag
 * `data-enable-non-accessible-features`), so the shell can read them.
 */
export function injectHead(html: string, attributes: Record<string, string>): string {
  const extra = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
  return html.replace(/<head(\s[^>]*)?>/i, (tag, attrs: string | undefined) => `<head${attrs ?? ''}${extra}>`);
}

/** Sets the page's `<html lang dir>` (any `lang`/`dir` the file had is replaced). */
export function setHtmlLanguage(html: string, language: string, dir: 'ltr' | 'rtl'): string {
  return html.replace(/<html(\s[^>]*)?>/i, (tag, attrs: string | undefined) => {
    const kept = (attrs ?? '').replace(/\s(lang|dir)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '');
    return `<html${kept} lang="${escapeHtml(language)}" dir="${dir}">`;
  });
}

/** What the page tells the shell besides the session. */
export interface ShellPageOptions {
  /** Core flag enable_non-accessible_features (`data-enable-non-accessible-features`); default true. */
  enableNonAccessibleFeatures?: boolean;
  /** The user's language setting ('' when unset); without it the page follows Accept-Language. */
  userLanguage?: UserLanguage;
}

/**
 * Sends the shell's `index.html` from `shellRoot` with the page's `<head>` attributes and its language:
 * the user's setting, else the browser's Accept-Language, else English. The shell reads it from
 * `<html lang>`; `data-browser-language` is what the browser alone asks for, so choosing "the
 * browser's language" in the settings applies without a reload. 503 while the front end is not built.
 */
export async function sendShellPage(request: FastifyRequest, reply: FastifyReply, shellRoot: string, userLanguage: UserLanguage | undefined, attributes: Record<string, string>): Promise<FastifyReply> {
  let html: string;
  try {
    html = await readFile(join(shellRoot, 'index.html'), 'utf8');
  } catch {
    throw new HttpError(503, 'The front end is not built yet: run "npm run build".');
  }
  const locale = await pageLocale(request, userLanguage);
  const acceptLanguage = request.headers['accept-language'];
  const browserLanguage = negotiateLanguage(Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage) ?? 'en';
  return reply
    .header('Cache-Control', 'no-store')
    .header('X-Frame-Options', 'SAMEORIGIN')
    .header('X-Content-Type-Options', 'nosniff')
    .type('text/html; charset=utf-8')
    .send(injectHead(setHtmlLanguage(html, locale.language, locale.dir), { ...attributes, 'data-browser-language': browserLanguage }));
}

/**
 * Serves the built front end: `dist/shell/` at `/apps/files/` (its `index.html` for every
 * path that is not a file, so history routing works; that page needs a signed-in user) and
 * `dist/plugins/` at `/apps/files/plugins/` (public assets). Old links keep working, their
 * query kept: `/apps/files?dir=…` and `/index.php/apps/files/…` lead to `/apps/files/…`
 * (the app's history routes live under that one base path), and a page link naming a file
 * by id in a folder that does not hold it goes to the file's own folder (`fileIdRedirect`).
 */
export function registerShell(app: FastifyInstance, distDir: string, files: Pick<FileService, 'getById'>, options: ShellPageOptions = {}): void {
  const shellRoot = resolve(distDir, 'shell');
  const pluginsRoot = resolve(distDir, 'plugins');

  route(app, '/apps/files', 'public', { GET: async (request, reply) => reply.redirect(`/apps/files/${queryOf(request.url)}`, 301) });

  route(app, '/apps/files/plugins/*', 'public', {
    GET: async (request, reply) => {
      const found = await findStaticFile(pluginsRoot, staticSegments(tailOf(request, '/apps/files/plugins/')));
      if (!found) throw new HttpError(404, 'Not found.');
      return sendStaticFile(request, reply, found);
    },
  });

  const page = async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    // `/index.php/…` reaches these routes too (app.ts rewrites it away), but the app routes only below `/apps/files`.
    if (request.originalUrl.startsWith('/index.php/')) return reply.redirect(request.url, 302);
    const segments = staticSegments(tailOf(request, '/apps/files/'));
    if (segments[0] === 'api') throw new HttpError(404, 'No such API endpoint.');
    const found = await findStaticFile(shellRoot, segments);
    if (found && !(segments.length === 1 && segments[0] === 'index.html')) return sendStaticFile(request, reply, found);
    const last = segments.at(-1) ?? '';
    if (/\.[A-Za-z0-9]{1,8}$/.test(last) && !last.endsWith('.html')) throw new HttpError(404, 'Not found.');
    if (!request.user) return reply.redirect(loginRedirect(request), 303);
    const elsewhere = await fileIdRedirect(request, segments, files, request.user.uid);
    if (elsewhere !== null) return reply.redirect(elsewhere, 302);
    return sendShellPage(request, reply, shellRoot, options.userLanguage, {
      'data-user': request.user.uid,
      'data-user-displayname': request.user.displayName,
      'data-requesttoken': request.authentication?.requestToken ?? '',
      'data-enable-non-accessible-features': String(options.enableNonAccessibleFeatures ?? true),
    });
  };
  route(app, '/apps/files/', 'optional', { GET: page });
  route(app, '/apps/files/*', 'optional', { GET: page });
}
