import type { DavRequest } from '../context';
import { header, ocId } from '../context';
import { checkWritePreconditions, quotedEtag } from '../conditions';
import { checksumText, parseChecksumHeader, verifyingStream } from '../../storage/checksums';
import { fail } from '../../storage/errors';
import { assertAllowedFilename } from '../../storage/filename-rules';
import { baseName } from '../../storage/paths';
import type { FileEntry } from '../../storage/types';

/** Parses `X-OC-Mtime` (seconds, possibly fractional); undefined when absent. */
export function parseMtimeHeader(value: string): number | undefined {
  if (value === '') return undefined;
  const mtime = Number(value);
  if (!Number.isFinite(mtime) || mtime < 0) fail('bad-request', 'X-OC-Mtime header must be an integer (unix timestamp).');
  return Math.floor(mtime);
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
  if (ctx.path === '/') fail('method-not-allowed', 'PUT is not allowed on the root folder');
  assertAllowedFilename(baseName(ctx.path));
  if (header(ctx.request, 'content-range')) fail('bad-request', 'Content-Range on PUT is not supported');
  const mtime = parseMtimeHeader(header(ctx.request, 'x-oc-mtime'));
  const checksums = parseChecksumHeader(header(ctx.request, 'oc-checksum'));
  const existing = await ctx.services.files.stat(ctx.uid, ctx.path);
  if (existing?.type === 'folder') fail('conflict', 'A folder exists at this path');
  await checkWritePreconditions(ctx, existing, [{ path: ctx.path, membership: existing === null }]);
  const lengthHeader = header(ctx.request, 'content-length');
  const expectedLength = lengthHeader !== '' ? Number(lengthHeader) : undefined;
  // With OC-Checksum the body is digested on its way to disk; a mismatch fails the write (400) before the rename.
  const body = checksums ? verifyingStream(ctx.request.raw, checksums) : ctx.request.raw;
  const { entry, created } = await ctx.services.files.write(ctx.uid, ctx.path, body, {
    quota: ctx.user.quota,
    ...(mtime !== undefined ? { mtime } : {}),
    ...(checksums ? { checksum: checksumText(checksums) } : {}),
    ...(expectedLength !== undefined && Number.isFinite(expectedLength) ? { expectedLength } : {}),
  });
  uploadHeaders(ctx, entry, mtime !== undefined);
  ctx.reply.code(created ? 201 : 204).send();
}
