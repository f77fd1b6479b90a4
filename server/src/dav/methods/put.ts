import type { DavRequest } from '../context';
import { header, ocId, requestBody } from '../context';
import { checkWritePreconditions, quotedEtag } from '../conditions';
import { checksumText, parseChecksumHeader, verifyingStream } from '../../storage/content/checksums';
import { fail } from '../../errors';
import { assertAllowedFilename } from '../../storage/model/filename-rules';
import { baseName } from '../../storage/model/paths';
import { MAX_MTIME, MIN_MTIME_EXCLUSIVE } from '../mtime';
import type { FileEntry } from '../../storage/model/types';

/** A number as PHP's `is_numeric` reads it (Nextcloud's test of `X-OC-MTime`): no hex, no `Infinity`. */
const PHP_NUMERIC = /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\r\v\f]*$/;

/**
 * Parses `X-OC-Mtime` as Nextcloud's MtimeSanitizer does (a number, its integer part, more
 * than one day after the epoch), and also refuses times after the year 9999, which no date
 * header can carry; undefined when absent. Every refusal is a 400 naming the value.
 */
export function parseMtimeHeader(value: string): number | undefined {
  if (value === '') return undefined;
  if (!PHP_NUMERIC.test(value)) fail('bad-request', `X-OC-MTime header must be a valid integer (unix timestamp), got "${value}".`);
  const mtime = Math.trunc(Number(value));
  if (mtime <= MIN_MTIME_EXCLUSIVE) fail('bad-request', `X-OC-MTime header must be a valid positive unix timestamp greater than one day, got "${value}".`);
  if (mtime > MAX_MTIME) fail('bad-request', `X-OC-MTime header must be a unix timestamp no later than the year 9999, got "${value}".`);
  return mtime;
}

/** Sets the headers Nextcloud answers an upload with. */
export function uploadHeaders(ctx: DavRequest, entry: FileEntry, mtimeAccepted: boolean): void {
  ctx.reply
    .header('oc-fileid', ocId(entry.fileid, ctx.services.instanceId))
    .header('oc-etag', quotedEtag(entry.etag))
    .header('etag', quotedEtag(entry.etag))
    .header('content-length', '0');
  if (mtimeAccepted) ctx.reply.header('x-oc-mtime', 'accepted');
}

/** PUT: streams the body to a temporary file, renamed over the target when complete (201 new, 204 replaced). */
export async function put(ctx: DavRequest): Promise<void> {
  // The root is a folder, except on a public link to one file: there PUT replaces that file (the link's UPDATE decides).
  const existing = await ctx.services.files.stat(ctx.uid, ctx.path);
  if (ctx.path === '/' && existing?.type !== 'file') fail('method-not-allowed', 'PUT is not allowed on the root folder');
  if (ctx.path !== '/') assertAllowedFilename(baseName(ctx.path));
  if (header(ctx.request, 'content-range')) fail('bad-request', 'Content-Range on PUT is not supported');
  const mtime = parseMtimeHeader(header(ctx.request, 'x-oc-mtime'));
  const checksums = parseChecksumHeader(header(ctx.request, 'oc-checksum'));
  if (existing?.type === 'folder') fail('conflict', 'A folder exists at this path');
  await checkWritePreconditions(ctx, existing, [{ path: ctx.path, membership: existing === null }]);
  const lengthHeader = header(ctx.request, 'content-length');
  const expectedLength = lengthHeader !== '' ? Number(lengthHeader) : undefined;
  // With OC-Checksum the body is digested on its way to disk; a mismatch fails the write (400) before the rename.
  const body = checksums ? verifyingStream(requestBody(ctx.request), checksums) : requestBody(ctx.request);
  const { entry, created } = await ctx.services.files.write(ctx.uid, ctx.path, body, {
    quota: ctx.user.quota,
    ...(mtime !== undefined ? { mtime } : {}),
    ...(checksums ? { checksum: checksumText(checksums) } : {}),
    ...(expectedLength !== undefined && Number.isFinite(expectedLength) ? { expectedLength } : {}),
  });
  uploadHeaders(ctx, entry, mtime !== undefined);
  ctx.reply.code(created ? 201 : 204).send();
}
