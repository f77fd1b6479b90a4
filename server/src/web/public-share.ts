import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PublicLinkAccess, PublicLinkGuard } from '../auth/public-links';
import { PUBLIC_AUTH_LIFETIME, publicAuthCookie, signPublicAuth } from '../auth/public-links';
import { serializeCookie } from '../auth/cookies';
import { route } from '../api/routes';
import type { FileService } from '../storage';
import { downloadForbidden } from '../storage/mounted-files';
import { encodeHrefPath, encodeSegment } from '../storage/paths';
import type { FileEntry } from '../storage/types';
import { PAGE_HEADERS, escapeHtml } from './html';
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

const READ = 1;
const CREATE = 4;

/** The page headers, scripts allowed from this server only (the upload script). */
const HEADERS = { ...PAGE_HEADERS, 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; script-src 'self'; connect-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'" };

/**
 * The script of the upload area: plain PUTs of the chosen files to the link's public WebDAV (spec §1: public mode, no chunking).
 * Its texts come translated in the form's data attributes, `{name}` and `{status}` filled in here.
 */
const UPLOAD_SCRIPT = `(() => {
  const form = document.getElementById('upload');
  if (!form) return;
  const status = document.getElementById('upload-status');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const files = [...form.querySelector('input[type=file]').files];
    for (const file of files) {
      const say = (text, status) => text.replace('{name}', file.name).replace('{status}', String(status));
      status.textContent = say(form.dataset.uploading);
      const response = await fetch(form.dataset.dav + '/' + encodeURIComponent(file.name), { method: 'PUT', body: file, headers: { 'X-Requested-With': 'XMLHttpRequest' }, credentials: 'same-origin' });
      status.textContent = response.ok ? say(form.dataset.uploaded) : say(form.dataset.failed, response.status);
      if (!response.ok) return;
    }
    if (form.dataset.reload === 'true') location.reload();
  });
})();
`;

function page(locale: PageLocale, title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="${escapeHtml(locale.language)}" dir="${locale.dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}li{margin:.3rem 0}.error{color:#b00020}</style></head>
<body>${body}</body></html>`;
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
  const message = error ? `<p class="error" role="alert" id="password-error">${th(error)}</p>` : '';
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

/** The visitor's page: the shared node (a folder's list), downloads unless refused, an upload area where uploads are allowed; a file drop shows only the upload area. */
function sharePage(locale: PageLocale, access: PublicLinkAccess, node: FileEntry, children: FileEntry[]): string {
  const { th } = locale;
  const { link, token } = access;
  const dav = `/public.php/dav/files/${encodeSegment(token)}`;
  const downloads = !link.hideDownload && !downloadForbidden(link.attributes);
  const canRead = (link.permissions & READ) !== 0;
  const upload =
    node.type === 'folder' && (link.permissions & CREATE) !== 0
      ? `<form id="upload" data-dav="${escapeHtml(dav)}" data-reload="${canRead}" data-uploading="${th('Uploading {name}')}" data-uploaded="${th('Uploaded {name}')}" data-failed="${th('Failed uploading {name} ({status})')}"><label for="files">${th('Upload files')}</label> <input id="files" type="file" multiple required> <button type="submit">${th('Upload')}</button></form><p id="upload-status" role="status"></p>
<script src="/s/${encodeSegment(token)}/upload.js"></script>`
      : '';
  if (!canRead) return page(locale, locale.t('Upload files to {name}', { name: node.name }), `<h1>${th('Upload files to {name}', { name: escapeHtml(node.name) })}</h1>${upload}`);
  const item = (entry: FileEntry, href: string): string =>
    `<li>${downloads && entry.type === 'file' ? `<a href="${escapeHtml(href)}" download>${escapeHtml(entry.name)}</a>` : escapeHtml(entry.name + (entry.type === 'folder' ? '/' : ''))}</li>`;
  const list =
    node.type === 'folder'
      ? `<ul aria-label="${th('Files')}">${children.map((child) => item(child, `${dav}${encodeHrefPath(`/${child.name}`)}`)).join('')}</ul>`
      : `<ul aria-label="${th('Files')}">${item(node, dav)}</ul>`;
  const owner = `<p>${th('Shared by {owner}', { owner: escapeHtml(access.ownerDisplayName) })}</p>`;
  return page(locale, node.name, `<h1>${escapeHtml(node.name)}</h1>${owner}${list}${upload}`);
}

/**
 * The public link pages of plugins-protocol.md §5.1: `GET /s/{token}` (404 page for an
 * unknown, expired or broken link; a protected link asks for the password first),
 * `GET|POST /s/{token}/authenticate/{redirect}` (throttled password check, then a cookie the
 * public WebDAV accepts too) and `GET /s/{token}/download` (403 without read or download
 * permission, 404 with hide download, else the file from public WebDAV).
 */
export function registerPublicSharePages(app: FastifyInstance, files: FileService, links: PublicLinkPages): void {
  const open = async (request: FastifyRequest): Promise<PublicLinkAccess | null> => {
    const { token } = request.params as { token: string };
    return links.resolve(token);
  };
  const localeOf = (request: FastifyRequest): Promise<PageLocale> => pageLocale(request, links.userLanguage);
  const admitted = async (request: FastifyRequest, access: PublicLinkAccess): Promise<boolean> => (await links.guard.admit(request, access)) === 'ok';

  route(app, '/s/:token', 'public', {
    GET: async (request, reply) => {
      const access = await open(request);
      if (!access) return notFound(reply, await localeOf(request));
      if (!(await admitted(request, access))) return reply.redirect(`/s/${encodeSegment(access.token)}/authenticate/showShare`, 303);
      const node = await files.getById(access.link.owner, access.link.fileid);
      if (!node) return notFound(reply, await localeOf(request));
      const children = node.type === 'folder' && (access.link.permissions & READ) !== 0 ? await files.list(access.link.owner, node.path) : [];
      return send(reply, 200, sharePage(await localeOf(request), access, node, children));
    },
  });

  route(app, '/s/:token/upload.js', 'public', {
    GET: async (request, reply) => {
      if (!(await open(request))) return notFound(reply, await localeOf(request));
      return reply.headers(HEADERS).type('text/javascript; charset=utf-8').send(UPLOAD_SCRIPT);
    },
  });

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
