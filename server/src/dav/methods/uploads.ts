import type { DavRequest } from '../context';
import { filesBase, hasBody, header, hrefFor, requestBody } from '../context';
import { checkWritePreconditions } from '../conditions';
import { destinationPath } from '../destination';
import { MULTISTATUS_CLOSE, MULTISTATUS_OPEN } from '../response-renderer';
import { parseMtimeHeader, uploadHeaders } from './put';
import { propfindDepth, readPropRequest, sendMultistatus } from './propfind';
import { options } from './options';
import type { ChecksumEntry } from '../../storage/content/checksums';
import { checksumText, parseChecksumHeader } from '../../storage/content/checksums';
import { fail } from '../../errors';
import { assertAllowedFilename } from '../../storage/model/filename-rules';
import { baseName } from '../../storage/model/paths';
import type { UploadSession } from '../../storage/uploads/upload-sessions';
import type { FileWriteResult } from '../../storage/files/file-service';
import { numericOrder } from '../../storage/uploads/chunk-names';

/** Chunked upload v2 accepts chunks numbered 1 to this. */
export const MAX_CHUNK_NUMBER = 10000;

/** The message a v2 chunk outside 1–10000 is refused with. */
export const CHUNK_NAME_MESSAGE = `Chunk name must be a number between 1 and ${MAX_CHUNK_NUMBER}`;

/** The message an older-style chunk with a name that is not a number (or `start-end`) is refused with. */
export const LEGACY_CHUNK_NAME_MESSAGE = 'Chunk name must be a number or two numbers joined by a dash';

/**
 * Checks a chunk name: v2 uploads (made with a Destination) take 1–10000, the older style
 * any number or `start-end` offsets (sync clients and rclone name chunks by offset, e.g.
 * `000000000000000-000000010485759`); 20 digits each at most.
 */
export function checkChunkName(name: string, v2: boolean): void {
  if (!v2) {
    if (!/^\d{1,20}(-\d{1,20})?$/.test(name)) fail('bad-request', LEGACY_CHUNK_NAME_MESSAGE);
    return;
  }
  if (!/^\d{1,20}$/.test(name)) fail('bad-request', CHUNK_NAME_MESSAGE);
  const n = Number(name);
  if (n < 1 || n > MAX_CHUNK_NUMBER) fail('bad-request', CHUNK_NAME_MESSAGE);
}

/** Chunk names in assembly order: by their (leading) number. */
export function assemblyOrder(names: string[]): string[] {
  return numericOrder(names);
}

function segments(ctx: DavRequest): string[] {
  return ctx.path.split('/').filter((s) => s !== '');
}

async function session(ctx: DavRequest, id: string): Promise<UploadSession> {
  const found = await ctx.services.uploads.get(ctx.uid, id);
  if (!found) fail('not-found', 'Upload folder not found');
  return found;
}

/**
 * Bytes the user may still spend on upload `id` (-1 unlimited): the quota less the files
 * and the other uploads' pending chunks; `own` is what this upload's other chunks hold
 * (its own bytes are part of the file being uploaded, not competition for it).
 */
async function uploadRoom(ctx: DavRequest, id: string, chunk: string): Promise<{ room: number; own: number }> {
  if (ctx.user.quota < 0) return { room: -1, own: 0 };
  const used = (await ctx.services.files.getUsage(ctx.uid)).used;
  const { own, others } = await ctx.services.uploads.pendingUsage(ctx.uid, id, chunk);
  return { room: Math.max(0, ctx.user.quota - used - others), own };
}

/** The files-tree view of a request whose target is `path` in the user's files. */
function filesContext(ctx: DavRequest, path: string): DavRequest {
  return { ...ctx, tree: 'files', base: filesBase(ctx.uid), path };
}

/** Requests below `/remote.php/dav/uploads/{uid}/`. */
export async function uploads(ctx: DavRequest): Promise<void> {
  const method = ctx.request.method;
  const parts = segments(ctx);
  if (method === 'OPTIONS') return options(ctx);
  if (parts.length === 0) {
    if (method === 'PROPFIND') return propfindUploads(ctx, null);
    return fail('method-not-allowed', `${method} is not allowed on the uploads folder`);
  }
  const id = parts[0] as string;
  if (parts.length === 1) {
    if (method === 'MKCOL') return createUpload(ctx, id);
    if (method === 'DELETE') {
      await session(ctx, id);
      await ctx.services.uploads.remove(ctx.uid, id);
      ctx.reply.code(204).send();
      return;
    }
    if (method === 'PROPFIND') return propfindUploads(ctx, await session(ctx, id));
    return fail('method-not-allowed', `${method} is not allowed on an upload folder`);
  }
  if (parts.length !== 2) fail('not-found', 'Not found');
  const name = parts[1] as string;
  if (method === 'PUT') return putChunk(ctx, await session(ctx, id), name);
  if (method === 'MOVE' && name === '.file') return assemble(ctx, await session(ctx, id));
  if (method === 'DELETE') {
    await session(ctx, id);
    fail('forbidden', 'Chunks cannot be deleted one by one');
  }
  return fail('method-not-allowed', `${method} is not allowed on a chunk`);
}

async function createUpload(ctx: DavRequest, id: string): Promise<void> {
  if (hasBody(ctx.request)) fail('unsupported-media-type', 'The request body for the MKCOL request must be empty');
  const destination = header(ctx.request, 'destination') ? destinationPath(ctx, filesBase(ctx.uid)) : null;
  if (destination === '/') fail('bad-request', 'The destination must be a file');
  // Refused before any byte is sent, not only when the chunks are assembled.
  if (destination !== null) assertAllowedFilename(baseName(destination));
  await ctx.services.uploads.create(ctx.uid, id, destination);
  ctx.reply.code(201).header('content-length', '0').send();
}

async function putChunk(ctx: DavRequest, upload: UploadSession, name: string): Promise<void> {
  checkChunkName(name, upload.destination !== null);
  const { room, own } = await uploadRoom(ctx, upload.id, name);
  const total = Number(header(ctx.request, 'oc-total-length') || NaN);
  const length = Number(header(ctx.request, 'content-length') || NaN);
  // The whole file (OC-Total-Length, sent with every chunk) must fit; without it, what this
  // upload holds so far plus this chunk.
  if (room >= 0 && ((Number.isFinite(total) && total > room) || (Number.isFinite(length) && own + length > room))) {
    fail('insufficient-storage', 'Insufficient space in the user storage');
  }
  const maxBytes = room < 0 ? -1 : Math.max(0, room - own);
  await ctx.services.uploads.putChunk(ctx.uid, upload.id, name, requestBody(ctx.request), maxBytes, {
    ...(Number.isSafeInteger(length) && length >= 0 ? { length } : {}),
    ...(Number.isSafeInteger(total) && total >= 0 ? { totalLength: total } : {}),
  });
  ctx.reply.code(201).header('content-length', '0').send();
}

/**
 * MOVE .file: checks the chunks against `OC-Total-Length` and the destination's
 * preconditions, then puts the file in place, the way the content backend assembles chunks
 * (content/local/uploads.ts: a rename of the assembly file, or the chunks copied in order;
 * content/objects/object-uploads.ts: one multipart upload inside the store). Either way the
 * destination sees the old file or the complete new one, and a refusal before any chunk is
 * consumed keeps the upload for a retry.
 */
async function assemble(ctx: DavRequest, upload: UploadSession): Promise<void> {
  const target = destinationPath(ctx, filesBase(ctx.uid));
  if (target === '/') fail('bad-request', 'The destination must be a file');
  assertAllowedFilename(baseName(target));
  const mtime = parseMtimeHeader(header(ctx.request, 'x-oc-mtime'));
  const checksums = parseChecksumHeader(header(ctx.request, 'oc-checksum'));
  const uploads = ctx.services.uploads;
  const assembly = await uploads.startAssembly(ctx.uid, upload.id);
  let result: FileWriteResult;
  try {
    const size = assembly.size;
    const options = await checkAssembly(ctx, target, size, mtime, checksums);
    const content = await assembly.content(checksums);
    result = await ctx.services.files.put(ctx.uid, target, content, { ...options, expectedLength: size });
  } catch (error) {
    // Once chunks are being consumed the upload cannot be retried: drop it (the client
    // starts over; the destination never saw a partial file). Refusals before that keep it.
    if (assembly.consumed) await uploads.remove(ctx.uid, upload.id);
    throw error;
  } finally {
    assembly.end();
  }
  await uploads.remove(ctx.uid, upload.id);
  const { entry, created } = result;
  uploadHeaders(ctx, entry, mtime !== undefined);
  ctx.reply.code(created ? 201 : 204).send();
}

/**
 * The checks of a MOVE .file before anything is written: the chunks' total against
 * `OC-Total-Length`, the destination (no folder) and its preconditions. Returns the options
 * of the file write.
 */
async function checkAssembly(
  ctx: DavRequest,
  target: string,
  size: number,
  mtime: number | undefined,
  checksums: ChecksumEntry[] | undefined,
): Promise<{ quota: number; mtime?: number; checksum?: string }> {
  const totalHeader = header(ctx.request, 'oc-total-length');
  if (totalHeader !== '') {
    const total = Number(totalHeader);
    if (!Number.isFinite(total) || total !== size) {
      fail('bad-request', `The uploaded chunks add up to ${size} bytes, but OC-Total-Length says ${totalHeader}`);
    }
  }
  const fileCtx = filesContext(ctx, target);
  const existing = await ctx.services.files.stat(ctx.uid, target);
  if (existing?.type === 'folder') fail('conflict', 'A folder exists at the destination');
  await checkWritePreconditions(fileCtx, existing, [{ path: target, membership: existing === null }]);
  return { quota: ctx.user.quota, ...(mtime !== undefined ? { mtime } : {}), ...(checksums ? { checksum: checksumText(checksums) } : {}) };
}

/** PROPFIND of the uploads area: upload folders and their chunks (clients resume with it). */
async function propfindUploads(ctx: DavRequest, upload: UploadSession | null): Promise<void> {
  const depth = propfindDepth(ctx);
  await readPropRequest(ctx);
  const folder = (href: string, mtime: number): string =>
    `<d:response><d:href>${href}</d:href><d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype>` +
    `<d:getlastmodified>${new Date(mtime * 1000).toUTCString()}</d:getlastmodified></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>`;
  let body = MULTISTATUS_OPEN;
  if (!upload) {
    body += folder(`${ctx.base}/`, Math.floor(Date.now() / 1000));
    if (depth === 1) for (const s of await ctx.services.uploads.list(ctx.uid)) body += folder(hrefFor(ctx.base, `/${s.id}`, true), s.lastActivity);
  } else {
    body += folder(hrefFor(ctx.base, `/${upload.id}`, true), upload.lastActivity);
    if (depth === 1) {
      for (const chunk of await ctx.services.uploads.chunks(ctx.uid, upload.id)) {
        body +=
          `<d:response><d:href>${hrefFor(ctx.base, `/${upload.id}/${chunk.name}`, false)}</d:href><d:propstat><d:prop>` +
          `<d:resourcetype/><d:getcontentlength>${chunk.size}</d:getcontentlength></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>`;
      }
    }
  }
  sendMultistatus(ctx, body + MULTISTATUS_CLOSE);
}
