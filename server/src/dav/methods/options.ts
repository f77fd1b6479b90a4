import type { DavRequest } from '../context';

/** Methods the files tree answers. */
export const ALLOWED_METHODS = 'OPTIONS, GET, HEAD, DELETE, PROPFIND, PUT, PROPPATCH, COPY, MOVE, REPORT, MKCOL, LOCK, UNLOCK, SEARCH';

/** OPTIONS: the DAV compliance classes (1, 2 for locking, 3) and the allowed methods. */
export async function options(ctx: DavRequest): Promise<void> {
  ctx.reply
    .code(200)
    .header('dav', '1, 2, 3, extended-mkcol, nextcloud-checksum-update')
    .header('ms-author-via', 'DAV')
    .header('allow', ALLOWED_METHODS)
    .header('accept-ranges', 'bytes')
    .header('content-length', '0')
    .send();
}
