import { SHARE_PERMISSIONS } from '@cumulus/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PublicLinkAccess, PublicLinkGuard } from '../auth/public-links';
import { parseBasicAuth } from '../auth/basic';
import { headerValue } from '../auth/hook';
import type { FileService } from '../storage/files/file-service';
import { MountedFiles } from '../storage/files/mounted-files';
import { fail } from '../errors';
import { baseName, decodeUrlPath, encodeSegment, parentPath } from '../storage/model/paths';
import type { DavRequest, DavServices } from './context';
import { header } from './context';

type Handler = (ctx: DavRequest) => Promise<void>;

const { READ } = SHARE_PERMISSIONS;

/** What a visitor may do on a public link (no locks, no dead properties, no REPORT/SEARCH). */
const PUBLIC_METHODS = new Set(['OPTIONS', 'PROPFIND', 'GET', 'HEAD', 'PUT', 'MKCOL', 'DELETE', 'MOVE', 'COPY']);

/** Where a public DAV URL points: the token and the encoded path below the link's root. */
export function resolvePublicUrl(rawUrl: string, authorization: string | undefined): { token: string; rest: string; base: string; legacy: boolean } | null {
  const path = rawUrl.split('?')[0] ?? '/';
  const modern = /^\/public\.php\/dav\/files\/([^/]+)(\/.*)?$/.exec(path);
  if (modern) {
    let token: string;
    try {
      token = decodeURIComponent(modern[1] ?? '');
    } catch {
      return null;
    }
    return { token, rest: modern[2] ?? '', base: `/public.php/dav/files/${encodeSegment(token)}`, legacy: false };
  }
  const legacy = /^\/public\.php\/webdav(\/.*)?$/.exec(path);
  if (legacy) {
    // The legacy endpoint names the link by the Basic user name (protocol §5.3).
    const token = parseBasicAuth(authorization)?.login ?? '';
    return { token, rest: legacy[1] ?? '', base: '/public.php/webdav', legacy: true };
  }
  return null;
}

/** `name (2).ext`, `name (3).ext`, …: the n-th free alternative of a taken name. */
function numbered(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? `${name} (${n})` : `${name.slice(0, dot)} (${n})${name.slice(dot)}`;
}

/**
 * A file drop (CREATE without READ, protocol §5.2): only PUT, the final name made
 * unique; with `X-NC-Nickname` into `<nickname>/…` (made when missing); MKCOL with a nickname
 * answers 201 and makes nothing; everything else 405.
 */
async function fileDrop(ctx: DavRequest, put: Handler): Promise<void> {
  const nickname = header(ctx.request, 'x-nc-nickname').trim();
  if (ctx.request.method === 'MKCOL' && nickname !== '') {
    ctx.reply.code(201).header('content-length', '0').send();
    return;
  }
  if (ctx.request.method !== 'PUT') fail('method-not-allowed', 'Only PUT is allowed on files drop');
  if (ctx.path === '/') fail('method-not-allowed', 'Only PUT is allowed on files drop');
  const files = ctx.services.files;
  let folder = '/';
  if (nickname !== '') {
    folder = decodeUrlPath(`/${encodeURIComponent(nickname)}`);
    if (!(await files.stat(ctx.uid, folder))) await files.mkdir(ctx.uid, folder);
  } else if (parentPath(ctx.path) !== '/') {
    fail('bad-request', 'A nickname is required to upload into a folder of a file drop');
  }
  const parent = nickname === '' ? '/' : parentPath(`${folder}${ctx.path}`);
  for (const segment of parent.split('/').filter((part) => part !== '')) {
    const path = parent.slice(0, parent.indexOf(segment) + segment.length);
    if (!(await files.stat(ctx.uid, path))) await files.mkdir(ctx.uid, path);
  }
  const name = baseName(ctx.path);
  let target = `${parent === '/' ? '' : parent}/${name}`;
  for (let n = 2; await files.stat(ctx.uid, target); n += 1) target = `${parent === '/' ? '' : parent}/${numbered(name, n)}`;
  ctx.path = target;
  await put(ctx);
}

/**
 * Public WebDAV (`/public.php/dav/files/{token}/…`, legacy `/public.php/webdav/…`): the
 * link's node is the root of the visitor's tree, reached through a mount of the owner's node
 * with the link's permissions, so nothing outside it can be named. Unknown links 404 (legacy:
 * 401); protected ones need the page cookie or Basic with the password (401, throttled 429);
 * without outgoing federation, requests other than GET/HEAD (legacy: all) must come from
 * XHR (`X-Requested-With: XMLHttpRequest`), else 401.
 */
export async function handlePublic(
  services: DavServices,
  own: FileService,
  deps: { resolve(token: string): Promise<PublicLinkAccess | null>; guard: PublicLinkGuard; methods: Record<string, Handler> },
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const resolved = resolvePublicUrl(request.raw.url ?? '/', headerValue(request.headers.authorization));
  if (!resolved) fail('not-found', 'Not found');
  const xhr = header(request, 'x-requested-with').toLowerCase() === 'xmlhttprequest';
  const challenge = xhr ? 'DummyBasic realm="Cumulus"' : 'Basic realm="Cumulus", charset="UTF-8"';
  const access = resolved.token === '' ? null : await deps.resolve(resolved.token);
  if (!access) {
    if (resolved.legacy) reply.header('www-authenticate', challenge).code(401);
    fail(resolved.legacy ? 'unauthorized' : 'not-found', resolved.legacy ? 'No public link with this token' : 'Share not found');
  }
  const safe = request.method === 'GET' || request.method === 'HEAD';
  if (!xhr && (resolved.legacy || !safe)) {
    reply.header('www-authenticate', challenge);
    fail('unauthorized', 'Public link requests must be sent as XMLHttpRequest (X-Requested-With)');
  }
  const admitted = await deps.guard.admit(request, access);
  if (admitted === 'denied') {
    reply.header('www-authenticate', challenge);
    fail('unauthorized', 'The password of this link is missing or wrong');
  }
  if (admitted !== 'ok') {
    reply.header('retry-after', String(admitted.throttled));
    fail('too-many-requests', 'Too many wrong passwords for this link. Try again later.');
  }
  const handler = deps.methods[request.method];
  if (!handler || !PUBLIC_METHODS.has(request.method)) {
    reply.header('allow', [...PUBLIC_METHODS].join(', '));
    fail('method-not-allowed', `${request.method} is not allowed on a public link`);
  }
  const { link } = access;
  const files = new MountedFiles(own, link.owner, [
    {
      path: '/',
      owner: link.owner,
      ownerDisplayName: access.ownerDisplayName,
      ownerQuota: access.ownerQuota,
      fileid: link.fileid,
      permissions: link.permissions,
      mountType: '',
      attributes: link.attributes,
      public: true,
      moved: () => Promise.reject(new Error('a public link root does not move')),
      unmounted: () => Promise.reject(new Error('a public link root is not unmounted')),
    },
  ]);
  const ctx: DavRequest = {
    request,
    reply,
    services: { ...services, files },
    user: { uid: link.owner, displayName: access.ownerDisplayName, quota: access.ownerQuota },
    uid: link.owner,
    tree: 'files',
    path: decodeUrlPath(resolved.rest),
    base: resolved.base,
    publicLink: { hideDownload: link.hideDownload },
  };
  const put = deps.methods.PUT;
  if ((link.permissions & READ) === 0 && put) return fileDrop(ctx, put);
  return handler(ctx);
}
