import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { DavRequest } from '../context';
import { header } from '../context';
import { checkConditionalHeaders, etagMatches, quotedEtag } from '../conditions';
import { resolveRange, wantedRange } from '../methods/get';
import { StorageError, fail } from '../../errors';
import { VIEW_ONLY_MESSAGE, downloadForbidden } from '../../storage/files/mounted-files';
import type { ByteRange, FileEntry } from '../../storage/model/types';
import type { ArchiveFormat, ArchiveItem } from './layout';
import { layoutArchive } from './layout';
import { archiveBytes } from './stream';

/**
 * Folder and selection downloads as one archive (Nextcloud's ZipFolderPlugin API): a GET of a
 * folder with `?accept=zip` (or `tar`, or `Accept: application/zip` / `application/x-tar`),
 * optionally `&files=["a","b/c.txt"]` (or `X-NC-Files` headers) naming what of the folder to
 * take. Unlike Nextcloud's, the archive is laid out from one metadata snapshot before the first
 * byte, so it has an exact Content-Length, a strong ETag and byte ranges.
 */

/** Bumped when the layout of an archive changes, so old ETags no longer match. */
const LAYOUT_VERSION = '1';

/** The message of an archive refused on a public link that hides downloads. */
export const PUBLIC_NO_DOWNLOAD = 'This share does not allow downloads, so its folder cannot be downloaded as an archive.';

/** Limits that protect the server: archive streams at once per user (or per public link and address). */
export const archiveLimits = { streamsPerUser: 4, retryAfterSeconds: 30 };
const streaming = new Map<string, number>();

/** The archive format a GET of a folder asks for, or null (then it is an ordinary GET). */
export function wantedFormat(ctx: DavRequest): ArchiveFormat | null {
  const url = new URL(ctx.request.raw.url ?? '/', 'http://x');
  const param = url.searchParams.get('accept') ?? '';
  const accepted = (param !== '' ? param : header(ctx.request, 'accept'))
    .split(',')
    .map((value) => value.split(';')[0]?.trim().toLowerCase() ?? '');
  if (accepted.includes('zip') || accepted.includes('application/zip')) return 'zip';
  if (accepted.includes('tar') || accepted.includes('application/x-tar')) return 'tar';
  return null;
}

/** The names of the selection (`files` JSON list or `X-NC-Files` headers), null for the whole folder. */
function selection(ctx: DavRequest): string[] | null {
  const url = new URL(ctx.request.raw.url ?? '/', 'http://x');
  const param = url.searchParams.get('files');
  let names: unknown[];
  if (param !== null && param !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(param);
    } catch {
      return fail('bad-request', 'The files parameter must be a JSON list of names');
    }
    names = Array.isArray(parsed) ? parsed : [parsed];
  } else {
    const headers = ctx.request.headers['x-nc-files'];
    if (headers === undefined) return null;
    names = (Array.isArray(headers) ? headers : [headers]).flatMap((value) => value.split(',')).map((value) => value.trim());
  }
  const out: string[] = [];
  for (const name of names) {
    if (typeof name !== 'string') fail('bad-request', 'The files parameter must be a JSON list of names');
    const segments = name.split('/').filter((segment) => segment !== '');
    if (segments.length === 0) fail('bad-request', 'A name in the files parameter is empty');
    if (segments.some((segment) => segment === '.' || segment === '..' || segment.includes('\0'))) fail('bad-request', `The name ${name} is not inside the folder`);
    const clean = segments.join('/');
    if (!out.includes(clean)) out.push(clean);
  }
  if (out.length === 0) fail('bad-request', 'The files parameter names no file');
  return out;
}

function joined(folder: string, name: string): string {
  return folder === '/' ? `/${name}` : `${folder}/${name}`;
}

/** Whether the requester may download this node (the share it comes through may forbid downloads). */
function downloadable(entry: FileEntry): boolean {
  return !entry.mount || !downloadForbidden(entry.mount.attributes);
}

/**
 * Walks the snapshot: a folder's entry, then its children by name, depth first. Nodes the
 * requester may not download are left out with everything inside, before anything is sent.
 */
async function walk(ctx: DavRequest, entry: FileEntry, name: string, out: ArchiveItem[]): Promise<void> {
  if (!downloadable(entry)) return;
  out.push({ name, type: entry.type, path: entry.path, fileid: entry.fileid, etag: entry.etag, size: entry.type === 'file' ? entry.size : 0, mtime: entry.mtime, crc32: entry.type === 'file' ? (entry.crc32 ?? null) : null });
  if (entry.type !== 'folder') return;
  const children = await ctx.services.files.list(ctx.uid, entry.path);
  children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const child of children) await walk(ctx, child, name === '' ? child.name : `${name}/${child.name}`, out);
}

/** `Content-Disposition` for any name (RFC 6266, the UTF-8 name in RFC 5987's `filename*`). */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Answers GET/HEAD of a folder with its archive (or of the selection in it). */
export async function archiveDownload(ctx: DavRequest, folder: FileEntry, format: ArchiveFormat, publicLink?: { hideDownload: boolean }): Promise<void> {
  if (publicLink?.hideDownload || (folder.mount?.public === true && !downloadable(folder))) fail('forbidden', PUBLIC_NO_DOWNLOAD);
  if (!downloadable(folder)) fail('forbidden', VIEW_ONLY_MESSAGE);
  const names = selection(ctx);
  // One snapshot of the metadata: everything is listed (and checked against the disk) first.
  const items: ArchiveItem[] = [];
  if (names === null) {
    const children = await ctx.services.files.list(ctx.uid, folder.path);
    children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    // A folder's archive holds the folder itself (Nextcloud's too); the root's holds its content.
    const prefix = folder.path === '/' && folder.mount?.public !== true ? '' : folder.name;
    if (prefix !== '') items.push({ name: prefix, type: 'folder', path: folder.path, fileid: folder.fileid, etag: folder.etag, size: 0, mtime: folder.mtime });
    for (const child of children) await walk(ctx, child, prefix === '' ? child.name : `${prefix}/${child.name}`, items);
  } else {
    for (const name of names) {
      const entry = await ctx.services.files.stat(ctx.uid, joined(folder.path, name));
      if (!entry) fail('not-found', `File with name ${name} could not be located`);
      await walk(ctx, entry, name, items);
    }
  }
  // The folder as it is after the walk (which brought the cache in line with the disk).
  const current = (await ctx.services.files.stat(ctx.uid, folder.path)) ?? folder;
  const layout = layoutArchive(format, items);
  const etag = createHash('sha1')
    .update(JSON.stringify([LAYOUT_VERSION, format, current.fileid, current.etag, names, items.length, layout.size]))
    .digest('hex');
  const archiveName = `${folder.path === '/' && folder.mount?.public !== true ? 'download' : folder.name || 'download'}.${format}`;
  const reply = ctx.reply
    .header('etag', quotedEtag(etag))
    .header('last-modified', new Date(current.mtime * 1000).toUTCString())
    .header('cache-control', 'private, no-transform');
  if (checkConditionalHeaders(ctx, { ...current, etag }) === 304) {
    reply.code(304).send();
    return;
  }
  const rangeHeader = header(ctx.request, 'range');
  const ifRange = header(ctx.request, 'if-range');
  // If-Range is strong here: only the archive's own ETag lets a range through (a date does not).
  const rangeApplies = rangeHeader !== '' && (!ifRange || (!ifRange.startsWith('W/') && etagMatches(ifRange, etag)));
  const wanted = rangeApplies ? wantedRange(rangeHeader) : null;
  let range: ByteRange | null = null;
  if (wanted !== null) {
    const resolved = wanted === 'unsatisfiable' || layout.size === 0 ? 'unsatisfiable' : resolveRange(wanted, layout.size);
    if (resolved === 'unsatisfiable') {
      reply.header('content-range', `bytes */${layout.size}`);
      fail('range-not-satisfiable', 'The requested range is not satisfiable');
    }
    range = resolved;
  }
  reply
    .header('content-type', format === 'zip' ? 'application/zip' : 'application/x-tar')
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    .header('x-accel-buffering', 'no')
    .header('content-disposition', contentDisposition(archiveName));
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${layout.size}`);
  else reply.code(200);
  const length = range ? range.end - range.start + 1 : layout.size;
  reply.header('content-length', String(length));
  if (ctx.request.method === 'HEAD') {
    reply.send();
    return;
  }
  const key = ctx.tree === 'files' && ctx.base.startsWith('/public.php/') ? `public:${ctx.base}:${ctx.request.ip}` : `user:${ctx.user.uid}`;
  const running = streaming.get(key) ?? 0;
  if (running >= archiveLimits.streamsPerUser) {
    reply.header('retry-after', String(archiveLimits.retryAfterSeconds));
    for (const name of ['content-length', 'content-range', 'content-disposition', 'content-type', 'etag']) reply.removeHeader(name);
    throw new StorageError('too-many-requests', `Too many archive downloads at once (at most ${archiveLimits.streamsPerUser}). Try again later.`, archiveLimits.retryAfterSeconds);
  }
  streaming.set(key, running + 1);
  let released = false;
  const release = (): void => {
    if (released) return;
    released = true;
    const left = (streaming.get(key) ?? 1) - 1;
    if (left <= 0) streaming.delete(key);
    else streaming.set(key, left);
  };
  ctx.reply.raw.once('close', release);
  const files = ctx.services.files;
  const body = Readable.from(
    archiveBytes(layout, range ?? { start: 0, end: layout.size - 1 }, (item, part) => files.openRead(ctx.uid, item.path, part)),
    { objectMode: false, highWaterMark: 256 * 1024 },
  );
  body.once('error', (error) => {
    ctx.request.log.warn({ err: error }, 'An archive download broke off');
    release();
  });
  if (length === 0) {
    body.destroy();
    release();
    reply.send();
    return;
  }
  reply.send(body);
}
