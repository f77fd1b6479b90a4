import type { DavRequest } from '../context';
import { header, ocId } from '../context';
import { checkConditionalHeaders, etagMatches, quotedEtag } from '../conditions';
import { fail } from '../../errors';
import type { ByteRange, WantedRange } from '../../storage/model/types';
import { archiveDownload, wantedFormat } from '../archive/download';

/**
 * Reads a single `bytes=` range as the client asked for it, before the size is known; null
 * means "send everything" (multiple or malformed ranges too).
 */
export function wantedRange(value: string): WantedRange | null | 'unsatisfiable' {
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(value.trim());
  if (!match) return null; // multiple or malformed ranges: the whole body
  const [, first, last] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    return suffix === 0 ? 'unsatisfiable' : { suffix };
  }
  const start = Number(first);
  if (last === '') return { start };
  const end = Number(last);
  return end < start ? 'unsatisfiable' : { start, end };
}

/** The bytes a wanted range covers in a file of `size` bytes. */
export function resolveRange(wanted: WantedRange, size: number): ByteRange | 'unsatisfiable' {
  if ('suffix' in wanted) return { start: Math.max(0, size - wanted.suffix), end: size - 1 };
  if (wanted.start >= size) return 'unsatisfiable';
  return { start: wanted.start, end: Math.min(wanted.end ?? size - 1, size - 1) };
}

/**
 * If-Range (RFC 9110 §13.1.5): the range applies only when the validator still holds by strong
 * comparison, a strong ETag equal to the file's (a weak `W/` one never) or exactly its
 * Last-Modified date (a later or earlier date does not: the client's copy is another version).
 */
export function ifRangeHolds(ifRange: string, etag: string, mtime: number): boolean {
  const sent = ifRange.trim();
  if (sent.startsWith('W/')) return false;
  if (sent.startsWith('"')) return etagMatches(sent, etag);
  const date = Date.parse(sent);
  return Number.isFinite(date) && Math.floor(date / 1000) === Math.floor(mtime);
}

/** GET and HEAD of a file, with Range, If-Range and the conditional headers; HEAD of a folder (200, no body); a folder's archive (archive/download.ts). */
export async function get(ctx: DavRequest): Promise<void> {
  const entry = await ctx.services.files.stat(ctx.uid, ctx.path);
  if (!entry) fail('not-found', `File with name ${ctx.path.slice(1)} could not be located`);
  const format = entry.type === 'folder' ? wantedFormat(ctx) : null;
  if (format) return archiveDownload(ctx, entry, format, ctx.publicLink);
  const notModified = checkConditionalHeaders(ctx, entry);
  const reply = ctx.reply
    .header('etag', quotedEtag(entry.etag))
    .header('oc-etag', quotedEtag(entry.etag))
    .header('oc-fileid', ocId(entry.fileid, ctx.services.instanceId))
    .header('last-modified', new Date(entry.mtime * 1000).toUTCString());
  if (notModified) {
    reply.code(304).send();
    return;
  }
  if (entry.type === 'folder') {
    // Sabre has no GET for collections (501), but answers HEAD on one with 200 and no body,
    // telling the real status in X-Sabre-Real-Status: clients probe folders with HEAD.
    if (ctx.request.method === 'HEAD') {
      reply.code(200).header('content-type', 'text/plain').header('x-sabre-real-status', '501').header('content-length', '0').send();
      return;
    }
    fail('not-implemented', 'GET is only implemented on File objects');
  }
  // The answer is framed by the file as opened now, not by the size recorded a moment ago: a
  // PUT that replaced it in between must not make the body longer or shorter than announced
  // (on a kept-alive connection the surplus would be read as the next response).
  const rangeHeader = header(ctx.request, 'range');
  const ifRange = header(ctx.request, 'if-range');
  const rangeApplies = rangeHeader !== '' && (!ifRange || ifRangeHolds(ifRange, entry.etag, entry.mtime));
  const wanted = rangeApplies ? wantedRange(rangeHeader) : null;
  // The range is told to the store when the file is opened: object storage then fetches only those bytes.
  const opened = ctx.request.method === 'HEAD' ? null : await ctx.services.files.openRead(ctx.uid, ctx.path, wanted !== null && wanted !== 'unsatisfiable' ? wanted : undefined);
  try {
    const size = opened ? opened.size : entry.size;
    let range: ByteRange | null = null;
    if (wanted !== null) {
      const resolved = wanted === 'unsatisfiable' ? wanted : resolveRange(wanted, size);
      if (resolved === 'unsatisfiable') {
        reply.header('content-range', `bytes */${size}`);
        fail('range-not-satisfiable', 'The requested range is not satisfiable');
      }
      range = resolved;
    }
    reply
      .header('content-type', entry.mime)
      .header('accept-ranges', 'bytes')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none';")
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(entry.name)}; filename="${entry.name.replace(/[^\x20-\x7e]|"/g, '_')}"`);
    if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
    else reply.code(200);
    const length = range ? range.end - range.start + 1 : size;
    reply.header('content-length', String(length));
    if (!opened || length === 0) {
      await opened?.close();
      reply.send();
      return;
    }
    reply.send(opened.stream(range ?? undefined));
  } catch (error) {
    await opened?.close();
    throw error;
  }
}
