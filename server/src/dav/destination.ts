import type { DavRequest } from './context';
import { header } from './context';
import { decodeUrlPath } from '../storage/model/paths';
import { fail } from '../errors';

/**
 * Resolves the Destination header (an absolute URL or an absolute path) to a
 * path in the user's files tree. Another host answers 502; any other place on this
 * server (another user's files, the uploads tree, a path outside WebDAV) 403; a
 * Destination naming no host or no absolute path 400.
 */
export function destinationPath(ctx: DavRequest, base = ctx.base): string {
  const path = destinationUrlPath(ctx);
  const legacy = '/remote.php/webdav';
  if (path === base || path.startsWith(`${base}/`)) return decodeUrlPath(path.slice(base.length));
  if (path === legacy || path.startsWith(`${legacy}/`)) return decodeUrlPath(path.slice(legacy.length));
  const modern = `/remote.php/dav/files/${encodeURIComponent(ctx.uid)}`;
  if (path === modern || path.startsWith(`${modern}/`)) return decodeUrlPath(path.slice(modern.length));
  // Another user's files, the uploads tree or no WebDAV path at all: on this server, so not
  // a gateway's failure (502) but a place this user may not write to, as Sabre's "out of base uri".
  return fail('forbidden', 'The destination is outside your files');
}

/**
 * The Destination header as an absolute, still encoded URL path of this server (without
 * query or fragment): another host answers 502, a Destination naming no host or no
 * absolute path 400.
 */
export function destinationUrlPath(ctx: DavRequest): string {
  const raw = header(ctx.request, 'destination').trim();
  if (raw === '') fail('bad-request', 'The destination header was not supplied');
  let path = raw;
  const absolute = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)(.*)$/i.exec(raw);
  if (absolute) {
    const host = (absolute[2] ?? '').toLowerCase().replace(/^[^@]*@/, '');
    // `http://` or `http://[::1` names no server at all: the client's mistake, not another server.
    if (host === '' || !URL.canParse(`http://${host}/`)) fail('bad-request', 'The destination header was not understood');
    const own = header(ctx.request, 'host').toLowerCase();
    if (host !== own) fail('bad-gateway', 'The destination node is not on this server');
    path = absolute[3] || '/';
  }
  if (!path.startsWith('/')) fail('bad-request', 'The destination header was not understood');
  path = path.split('?')[0]?.split('#')[0] ?? '';
  return path;
}

/** The Overwrite header: true unless `F`. */
export function overwriteAllowed(ctx: DavRequest): boolean {
  const value = header(ctx.request, 'overwrite').trim().toUpperCase();
  if (value === '' || value === 'T') return true;
  if (value === 'F') return false;
  return fail('bad-request', 'The HTTP Overwrite header should be either T or F');
}
