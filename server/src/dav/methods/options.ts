import type { DavRequest } from '../context';

/** Methods the files tree answers. */
export const ALLOWED_METHODS = 'OPTIONS, GET, HEAD, DELETE, PROPFIND, PUT, PROPPATCH, COPY, MOVE, REPORT, MKCOL, LOCK, UNLOCK, SEARCH';

/**
 * The DAV compliance classes: 1, 2 (locking) and 3. Nothing more: extended MKCOL (a body on
 * MKCOL is refused with 415) and checksum updates (`OC-Checksum` is not stored) are not spoken.
 */
export const DAV_COMPLIANCE = '1, 2, 3';

/** OPTIONS: the DAV compliance classes and the allowed methods. */
export async function options(ctx: DavRequest): Promise<void> {
  ctx.reply
    .code(200)
    .header('dav', DAV_COMPLIANCE)
    .header('ms-author-via', 'DAV')
    .header('allow', ALLOWED_METHODS)
    .header('accept-ranges', 'bytes')
    .header('content-length', '0')
    .send();
}
