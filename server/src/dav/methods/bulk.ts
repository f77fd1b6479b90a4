import type { DavRequest } from '../context';
import { header, ocId, requestBody } from '../context';
import { checkWritePreconditions } from '../conditions';
import { readRelatedParts, relatedBoundary } from '../multipart-related';
import type { RelatedPart } from '../multipart-related';
import { verifyingStream } from '../../storage/content/checksums';
import { StorageError, fail } from '../../errors';
import { normalizePath } from '../../storage/model/paths';
import { parseMtimeHeader } from './put';

/** The answer for one file of a bulk upload, keyed by its `X-File-Path` (Nextcloud's shape). */
type BulkFileResult =
  | {
      error: false;
      etag: string;
      fileid: string;
      permissions: string;
      /** The desktop client (3.x) reads the id and the mtime acknowledgement under these names. */
      'OC-FileID': string;
      'X-OC-MTime'?: 'accepted';
    }
  | { error: true; message: string };

/** An MD5 digest in hex, as `X-File-MD5` carries it. */
const MD5_HEX = /^[0-9a-fA-F]{32}$/;

/**
 * Writes one part as a PUT would: the same path and file name rules (a path that leaves
 * the user's root, a forbidden name), locks, quota, `X-File-Mtime` (or `X-OC-Mtime`)
 * checks; the bytes go to a temporary file, checked against `X-File-MD5`, and are renamed
 * into place only when complete and matching. A refusal is this file's error and nothing
 * of it is stored; the other files go on.
 */
async function writePart(ctx: DavRequest, rawPath: string, part: RelatedPart): Promise<BulkFileResult> {
  try {
    const path = normalizePath(rawPath);
    if (path === '/') fail('method-not-allowed', 'PUT is not allowed on the root folder');
    const md5 = part.headers.get('x-file-md5') ?? '';
    if (!MD5_HEX.test(md5)) fail('bad-request', `X-File-MD5 must be the MD5 of the content in hex, got "${md5}".`);
    const mtime = parseMtimeHeader(part.headers.get('x-file-mtime') ?? part.headers.get('x-oc-mtime') ?? '');
    const existing = await ctx.services.files.stat(ctx.uid, path);
    if (existing?.type === 'folder') fail('conflict', 'A folder exists at this path');
    await checkWritePreconditions({ ...ctx, path }, existing, [{ path, membership: existing === null }]);
    const { entry } = await ctx.services.files.write(ctx.uid, path, verifyingStream(part.content, [{ type: 'MD5', value: md5.toLowerCase() }]), {
      quota: ctx.user.quota,
      expectedLength: part.length,
      ...(mtime !== undefined ? { mtime } : {}),
    });
    const fileid = ocId(entry.fileid, ctx.services.instanceId);
    return { error: false, etag: entry.etag, fileid, permissions: entry.permissions, 'OC-FileID': fileid, ...(mtime !== undefined ? { 'X-OC-MTime': 'accepted' as const } : {}) };
  } catch (error) {
    // A client's mistake belongs to its file; anything else is the server's and ends the request.
    if (error instanceof StorageError) return { error: true, message: error.message };
    throw error;
  }
}

/**
 * `POST /remote.php/dav/bulk`, Nextcloud's bulk upload (capability `dav.bulkupload`
 * 1.0), which the desktop client uses for many small files: a `multipart/related` body,
 * one part per file with `X-File-Path` (below the user's root), `X-File-MD5`,
 * `X-File-Mtime` and `Content-Length`. The answer is a JSON object with, per path,
 * `error` false and the new `etag`, `fileid` and `permissions`, or `error` true and a
 * `message`. A body that breaks the format is a 400 at the part where it breaks: the
 * files before it are stored whole, the broken one not at all.
 */
export async function bulk(ctx: DavRequest): Promise<void> {
  if (ctx.request.method !== 'POST') {
    ctx.reply.header('allow', 'POST');
    fail('method-not-allowed', `${ctx.request.method} is not allowed on the bulk upload endpoint`);
  }
  const boundary = relatedBoundary(header(ctx.request, 'content-type'));
  await ctx.services.files.ensureUserRoot(ctx.uid);
  const results: Record<string, BulkFileResult> = {};
  for await (const part of readRelatedParts(requestBody(ctx.request), boundary)) {
    const path = part.headers.get('x-file-path');
    if (path === undefined || path === '') fail('bad-request', 'The X-File-Path header must not be null.');
    if (!part.headers.has('x-file-md5')) fail('bad-request', 'The X-File-MD5 header must not be null.');
    results[path] = await writePart(ctx, path, part);
  }
  ctx.reply.code(200).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(results));
}
