import { PUBLIC_SHARE_ATTRIBUTE, SHARE_PERMISSIONS } from '@cumulus/protocol';
import type { PublicShareFacts } from '@cumulus/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PublicLinkAccess, PublicLinkGuard } from '../auth/public-links';
import { PUBLIC_AUTH_LIFETIME, publicAuthCookie, signPublicAuth } from '../auth/public-links';
import { serializeCookie } from '../auth/cookies';
import { route } from '../api/routes';
import type { FileService } from '../storage';
import { downloadForbidden } from '../storage/files/mounted-files';
import { encodeHrefPath, encodeSegment } from '../storage/model/paths';
import { sendShellPage } from './shell';
import type { FileEntry } from '../storage/model/types';
import { PAGE_HEADERS, escapeHtml } from './html';
import { CARD_PAGE_STYLE, PAGE_ICON } from './page-style';
import { i18nKey } from '../i18n/translate';
import { pageLocale } from '../i18n/page-locale';
import type { PageLocale, UserLanguage } from '../i18n/page-locale';

/** The error after a wrong link password. */
export const WRONG_LINK_PASSWORD = i18nKey('The password is wrong. Try again.');
/** The error while a link's password checks are throttled. */
export const LINK_THROTTLED = i18nKey('Too many wrong passwords. Try again later.');

/** What the public link pages need. */
export interface PublicLinkPages {
  resolve(token: string): Promise<PublicLinkAccess | null>;
  guard: PublicLinkGuard;
  /** The signed-in visitor's language setting: their pages follow it, others' follow Accept-Language. */
  userLanguage?: UserLanguage;
}

const { READ } = SHARE_PERMISSIONS;

/** The password and not-found pages' headers: no scripts at all. */
const HEADERS = PAGE_HEADERS;

/**
 * A page of its own before the shell (password, not found): the sign-in page's card and styles,
 * the product's name over the page's heading.
 */
function page(locale: PageLocale, title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="${escapeHtml(locale.language)}" dir="${locale.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – Cumulus Files</title>
${PAGE_ICON}
${CARD_PAGE_STYLE}
</head>
<body>
<main>
<p class="brand">Cumulus Files</p>
${body}
</main>
</body>
</html>
`;
}

function send(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).headers(HEADERS).type('text/html; charset=utf-8').send(html);
}

function notFound(reply: FastifyReply, locale: PageLocale): FastifyReply {
  return send(reply, 404, page(locale, locale.t('Share not found'), `<h1>${locale.th('Share not found')}</h1><p>${locale.th('This share does not exist or is no longer available.')}</p>`));
}

function passwordForm(locale: PageLocale, token: string, error?: string): string {
  const { th } = locale;
  // i18n-dynamic: the errors are the messages marked above.
  const message = error ? `<p class="message error" role="alert" id="password-error">${th(error)}</p>` : '';
  return page(
    locale,
    locale.t('This share is password-protected'),
    `<h1>${th('This share is password-protected')}</h1>${message}
<form method="post" action="/s/${encodeSegment(token)}/authenticate/showShare">
<label for="password">${th('Password')}</label>
<input id="password" name="password" type="password" autocomplete="off" required autofocus${error ? ' aria-invalid="true" aria-describedby="password-error"' : ''}>
<button type="submit">${th('Submit')}</button>
</form>`,
  );
}

/**
 * What the shell in public mode needs of a link (the page's `data-public-share`, as Nextcloud's
 * initial state `files_sharing/*`): `@cumulus/protocol`'s facts, which the shell reads back.
 */
export type { PublicShareFacts };

/** The facts the public page's shell starts from. */
export function publicShareFacts(access: PublicLinkAccess, node: FileEntry): PublicShareFacts {
  const { link } = access;
  return {
    token: access.token,
    type: node.type,
    name: link.label || node.name,
    fileName: node.name,
    mime: node.mime,
    size: node.size,
    mtime: node.mtime,
    permissions: link.permissions,
    hideDownload: link.hideDownload,
    downloadable: !downloadForbidden(link.attributes),
    ownerDisplayName: access.ownerDisplayName,
    note: link.note ?? '',
  };
}

/**
 * The public link pages of protocol §5.1: `GET /s/{token}` and below it (404 page for an
 * unknown, expired or broken link; a protected link asks for the password first; then the shell
 * in public mode, from `shellRoot`, with the link's facts in `data-public-share`),
 * `GET|POST /s/{token}/authenticate/{redirect}` (throttled password check, then a cookie the
 * public WebDAV accepts too) and `GET /s/{token}/download` (403 without read or download
 * permission, 404 with hide download, else the file from public WebDAV).
 */
export function registerPublicSharePages(app: FastifyInstance, files: FileService, links: PublicLinkPages, shellRoot: string): void {
  const open = async (request: FastifyRequest): Promise<PublicLinkAccess | null> => {
    const { token } = request.params as { token: string };
    return links.resolve(token);
  };
  const localeOf = (request: FastifyRequest): Promise<PageLocale> => pageLocale(request, links.userLanguage);
  const admitted = async (request: FastifyRequest, access: PublicLinkAccess): Promise<boolean> => (await links.guard.admit(request, access)) === 'ok';

  // `/s/{token}/…`: the shell's history routes below the link (a folder's path, a reload keeps it).
  const showShare = async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    // The share API's links read `/index.php/s/{token}` (app.ts rewrites it to here); the shell routes below `/s/{token}` only.
    if (request.originalUrl.startsWith('/index.php/')) return reply.redirect(request.url, 302);
    const access = await open(request);
    if (!access) return notFound(reply, await localeOf(request));
    if (!(await admitted(request, access))) return reply.redirect(`/s/${encodeSegment(access.token)}/authenticate/showShare`, 303);
    const node = await files.getById(access.link.owner, access.link.fileid);
    if (!node) return notFound(reply, await localeOf(request));
    // Anonymous even for a signed-in visitor: the page talks only to the link's public WebDAV.
    return sendShellPage(request, reply, shellRoot, links.userLanguage, { [PUBLIC_SHARE_ATTRIBUTE]: JSON.stringify(publicShareFacts(access, node)) });
  };
  route(app, '/s/:token', 'public', { GET: showShare });
  route(app, '/s/:token/*', 'public', { GET: showShare });

  route(app, '/s/:token/authenticate/:redirect', 'public', {
    GET: async (request, reply) => {
      const access = await open(request);
      if (!access) return notFound(reply, await localeOf(request));
      return send(reply, 200, passwordForm(await localeOf(request), access.token));
    },
    POST: async (request, reply) => {
      const access = await open(request);
      if (!access) return notFound(reply, await localeOf(request));
      const password = (request.body as { password?: unknown } | undefined)?.password;
      const result = await links.guard.check(request.ip, access, typeof password === 'string' ? password : '');
      if (result === 'wrong') return send(reply, 403, passwordForm(await localeOf(request), access.token, WRONG_LINK_PASSWORD));
      if (result !== 'ok') return send(reply.header('Retry-After', String(result.throttled)), 429, passwordForm(await localeOf(request), access.token, LINK_THROTTLED));
      const cookie = serializeCookie(publicAuthCookie(access.token), signPublicAuth(access, Math.floor(Date.now() / 1000)), { maxAge: PUBLIC_AUTH_LIFETIME, secure: request.protocol === 'https' });
      return reply.header('Set-Cookie', cookie).redirect(`/s/${encodeSegment(access.token)}`, 303);
    },
  });

  route(app, '/s/:token/download', 'public', {
    GET: async (request, reply) => {
      const access = await open(request);
      if (!access) return notFound(reply, await localeOf(request));
      if (!(await admitted(request, access))) return reply.redirect(`/s/${encodeSegment(access.token)}/authenticate/showShare`, 303);
      const { link } = access;
      if ((link.permissions & READ) === 0) return reply.code(403).type('text/plain; charset=utf-8').send('Share has no read permission');
      if (downloadForbidden(link.attributes)) return reply.code(403).type('text/plain; charset=utf-8').send('Share has no download permission');
      if (link.hideDownload) return notFound(reply, await localeOf(request));
      const { path } = request.query as { path?: unknown };
      const below = typeof path === 'string' && path !== '/' ? encodeHrefPath(path.startsWith('/') ? path : `/${path}`) : '';
      return reply.redirect(`/public.php/dav/files/${encodeSegment(access.token)}${below}`, 303);
    },
  });
}
