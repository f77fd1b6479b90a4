import { SHARE_PERMISSIONS } from '@cumulus/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Readable } from 'node:stream';
import type { ApiDeps } from './deps';
import { HttpError } from './errors';
import { mimeIconSvg } from './mime-icons';
import { route, userOf } from './routes';
import { PREVIEWABLE_MIMES, mimeFor } from '../storage/model/mime';
import type { FileService } from '../storage/files/file-service';
import type { OpenedFile } from '../storage/content/content-store';
import type { FileEntry } from '../storage/model/types';
import { downloadForbidden } from '../storage/files/mounted-files';
import { areaKey } from '../storage/model/areas';
import { StorageError } from '../errors';
import { isWithin, normalizePath } from '../storage/model/paths';
import { previewTools, renderWithTool, toolFor } from './preview-tools';

/** The trash plugin's area (its plugin id), where a user's trashed nodes are. */
const TRASH_AREA = 'trash';


/** Largest preview edge, in pixels. */
export const MAX_PREVIEW_SIZE = 4096;

/**
 * The longer side a PDF page or a video frame is drawn at: the box asked for with a=1; for a crop
 * (a=0) big enough that its shorter side still covers the box, for pages up to 4:1.
 */
function renderEdge(query: PreviewQuery): number {
  const edge = Math.max(query.x, query.y);
  return query.keepAspect ? edge : Math.min(MAX_PREVIEW_SIZE, edge * 4);
}

/** A parsed preview request. */
export interface PreviewQuery {
  fileId: number;
  x: number;
  y: number;
  /** True keeps the aspect ratio (a=1, no crop); false crops to x × y (a=0). */
  keepAspect: boolean;
  mimeFallback: boolean;
}

function flag(value: unknown, name: string): boolean {
  if (value === undefined || value === '') return false;
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  throw new HttpError(400, `"${name}" must be 0, 1, true or false.`);
}

function dimension(value: unknown, name: string): number {
  if (value === undefined || value === '') return 32;
  const n = Number(value);
  if (typeof value !== 'string' || !/^\d+$/.test(value) || n < 1 || n > MAX_PREVIEW_SIZE) {
    throw new HttpError(400, `"${name}" must be a whole number of pixels from 1 to ${MAX_PREVIEW_SIZE}.`);
  }
  return n;
}

/** Validates the query of `/core/preview` (fileId, x, y, a, mimeFallback); throws 400 on bad input. */
export function parsePreviewQuery(query: Record<string, unknown>): PreviewQuery {
  const fileIdRaw = query.fileId;
  if (typeof fileIdRaw !== 'string' || !/^\d{1,15}$/.test(fileIdRaw) || Number(fileIdRaw) < 1) {
    throw new HttpError(400, '"fileId" must be a positive whole number.');
  }
  return {
    fileId: Number(fileIdRaw),
    x: dimension(query.x, 'x'),
    y: dimension(query.y, 'y'),
    keepAspect: flag(query.a, 'a'),
    mimeFallback: flag(query.mimeFallback, 'mimeFallback'),
  };
}

/** The folder holding a user's cached previews. */
export function previewDir(dataDir: string, uid: string): string {
  return join(dataDir, 'previews', uid);
}

/** Where a preview's bytes come from: a node the viewer may see, read through its owner's storage. */
interface PreviewSource {
  entry: FileEntry;
  /** The storage key whose previews folder caches it (the owner's: every viewer shares it). */
  cacheKey: string;
  open(): Promise<OpenedFile>;
}

/** The message of a preview refused because the share does not allow downloads (Nextcloud answers such requests 403). */
export const NO_DOWNLOAD_PREVIEW = 'This share does not allow downloads, so it has no previews.';

/** Nextcloud's `X-NC-Preview: true`: its own pages asking for a preview of a share without downloads (a short cache). */
function ownUiPreview(request: FastifyRequest): boolean {
  return String(request.headers['x-nc-preview'] ?? '').toLowerCase() === 'true';
}

/**
 * Answers a preview of `source`: thumbnails of images made with sharp (of PDFs and videos drawn by
 * pdftoppm / ffmpeg first, see preview-tools.ts) and cached on disk under
 * `<dataDir>/previews/<key>/`, keyed by file id, etag and size, so a changed file gets a new
 * one; a mime-type icon for other files when `mimeFallback` is set, else 404.
 */
async function sendPreview(request: FastifyRequest, reply: FastifyReply, deps: ApiDeps, query: PreviewQuery, source: PreviewSource, maxAge = 86400): Promise<FastifyReply> {
  const { entry } = source;
  const cache = `private, max-age=${maxAge}`;
  const fallback = (): FastifyReply => {
    if (!query.mimeFallback) throw new HttpError(404, 'No preview available for this file.');
    return reply.header('Cache-Control', cache).type('image/svg+xml').send(mimeIconSvg(entry.mime));
  };
  const tool = entry.type === 'file' ? toolFor(entry.mime) : null;
  if (entry.type !== 'file' || (!PREVIEWABLE_MIMES.has(entry.mime) && !tool)) return fallback();

  const dir = previewDir(deps.config.dataDir, source.cacheKey);
  const etag = entry.etag.replace(/[^A-Za-z0-9]/g, '');
  const base = `${entry.fileid}-${etag}-${query.x}x${query.y}-${query.keepAspect ? 'a' : 'c'}`;
  for (const [ext, type] of [['png', 'image/png'], ['jpg', 'image/jpeg']] as const) {
    const cached = join(dir, `${base}.${ext}`);
    if ((await stat(cached).catch(() => null))?.isFile()) {
      return reply.header('Cache-Control', cache).type(type).send(createReadStream(cached));
    }
  }

  let image: { data: Buffer; ext: 'png' | 'jpg' };
  let bytes: Readable | undefined;
  try {
    let sharpSource: ReturnType<typeof sharp>;
    if (tool) {
      // A PDF's first page or a video's frame, drawn by pdftoppm / ffmpeg from a copy of the bytes
      // read through the content store (any storage), at the size asked for.
      const rendered = await renderWithTool(tool, entry.size, async () => (await source.open()).stream(), join(deps.config.dataDir, 'previews', '.render'), renderEdge(query));
      sharpSource = sharp(rendered, { failOn: 'error' });
    } else {
      // Through the content store (a file on disk or an object): sharp takes the bytes as a stream.
      const opened = await source.open();
      sharpSource = sharp({ failOn: 'error' });
      bytes = opened.stream();
      bytes.on('error', (error) => sharpSource.destroy(error));
      bytes.pipe(sharpSource);
      sharpSource.rotate();
    }
    const { hasAlpha } = await sharpSource.metadata();
    const resized = sharpSource.resize(query.x, query.y, { fit: query.keepAspect ? 'inside' : 'cover', withoutEnlargement: true });
    image = hasAlpha ? { data: await resized.png().toBuffer(), ext: 'png' } : { data: await resized.jpeg({ quality: 85 }).toBuffer(), ext: 'jpg' };
  } catch (error) {
    // Not an image after all: the rest of the file (an object's GET) is not read.
    bytes?.destroy();
    request.log.warn({ err: error, fileid: entry.fileid }, 'preview failed');
    return fallback();
  }
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, `.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(tmp, image.data);
    await rename(tmp, join(dir, `${base}.${image.ext}`));
  } catch (error) {
    await rm(tmp, { force: true });
    request.log.warn({ err: error }, 'could not cache a preview');
  }
  return reply
    .header('Cache-Control', cache)
    .type(image.ext === 'png' ? 'image/png' : 'image/jpeg')
    .send(image.data);
}

/** A node of the owner's tree as a preview source. */
function ownerSource(files: FileService, owner: string, entry: FileEntry): PreviewSource {
  return { entry, cacheKey: owner, open: () => files.openRead(owner, entry.path) };
}

/**
 * The node with this file id as `uid` sees it: their own, or one inside a share they received
 * (READ granted; a share that forbids downloads only for the server's own pages, as Nextcloud's
 * `X-NC-Preview`). Null when the user sees no such node.
 */
async function userSource(deps: ApiDeps, request: FastifyRequest, uid: string, fileid: number): Promise<PreviewSource | null> {
  const own = await deps.files.getById(uid, fileid);
  if (own) return ownerSource(deps.files, uid, own);
  for (const mount of (await deps.mountsFor?.(uid)) ?? []) {
    if ((mount.permissions & READ) === 0) continue;
    const root = await deps.files.getById(mount.owner, mount.fileid);
    const entry = root && (await deps.files.getById(mount.owner, fileid));
    if (!root || !entry) continue;
    if (entry.fileid !== root.fileid && (root.type !== 'folder' || !isWithin(entry.path, root.path))) continue;
    if (downloadForbidden(mount.attributes) && !ownUiPreview(request)) throw new HttpError(403, NO_DOWNLOAD_PREVIEW);
    return ownerSource(deps.files, mount.owner, entry);
  }
  return null;
}

const { READ } = SHARE_PERMISSIONS;

/**
 * `GET /core/preview` (the user's files and what is shared with them, by file id),
 * `GET /apps/files_trashbin/preview` (the user's trash, by the trashed node's file id) and the
 * public `GET /apps/files_sharing/publicpreview/{token}?file=/path` (a link's node or a file
 * inside its folder), all with x, y, a and mimeFallback as Nextcloud has them.
 */
export function registerPreview(app: FastifyInstance, deps: ApiDeps): void {
  // Looks for pdftoppm and ffmpeg once, at start, and says once what it found.
  previewTools((message) => app.log.info(message));
  route(app, '/core/preview', 'required', {
    GET: async (request, reply) => {
      const user = userOf(request);
      const query = parsePreviewQuery(request.query as Record<string, unknown>);
      const source = await userSource(deps, request, user.uid, query.fileId);
      if (!source) throw new HttpError(404, 'File not found.');
      return sendPreview(request, reply, deps, query, source);
    },
  });

  route(app, '/apps/files_trashbin/preview', 'required', {
    GET: async (request, reply) => {
      const user = userOf(request);
      const query = parsePreviewQuery(request.query as Record<string, unknown>);
      // The trash plugin's area of this user (areas.ts): nobody else's trash is reachable.
      const key = areaKey(user.uid, TRASH_AREA);
      const found = await deps.files.getById(key, query.fileId);
      if (!found) throw new HttpError(404, 'File not found.');
      // A top-level item is named `<name>.d<deletion time>`: its type is its original name's.
      const entry = { ...found, mime: found.type === 'file' ? mimeFor(found.name.replace(/\.d\d+$/, '')) : found.mime };
      return sendPreview(request, reply, deps, query, { entry, cacheKey: user.uid, open: () => deps.files.openRead(key, entry.path) });
    },
  });

  route(app, '/apps/files_sharing/publicpreview/:token', 'public', {
    GET: async (request, reply) => {
      const { token } = request.params as { token: string };
      const raw = request.query as Record<string, unknown>;
      const query = parsePreviewQuery({ ...raw, fileId: '1' });
      const links = deps.publicLinks;
      const access = links && token !== '' ? await links.resolve(token) : null;
      if (!links || !access) throw new HttpError(404, 'Share not found.');
      const admitted = await links.guard.admit(request, access);
      if (admitted === 'denied') throw new HttpError(401, 'The password of this link is missing or wrong.');
      if (admitted !== 'ok') throw new HttpError(429, 'Too many wrong passwords for this link. Try again later.', { 'Retry-After': String(admitted.throttled) });
      const { link } = access;
      if ((link.permissions & READ) === 0) throw new HttpError(403, 'This share has no read permission.');
      // As Nextcloud: a link without downloads has previews for the server's own pages only (X-NC-Preview), cached briefly.
      const noDownload = link.hideDownload || downloadForbidden(link.attributes);
      if (noDownload && !ownUiPreview(request)) throw new HttpError(403, NO_DOWNLOAD_PREVIEW);
      const root = await deps.files.getById(link.owner, link.fileid);
      if (!root) throw new HttpError(404, 'Share not found.');
      let entry: FileEntry | null = root;
      if (root.type === 'folder') {
        const file = typeof raw.file === 'string' ? raw.file : '';
        if (file === '') throw new HttpError(400, '"file" must name a file inside the shared folder.');
        let inside: string;
        try {
          inside = normalizePath(file);
        } catch (error) {
          if (error instanceof StorageError) throw new HttpError(400, error.message);
          throw error;
        }
        // Below the link's node only: a normalised path cannot climb out of it.
        entry = inside === '/' ? root : await deps.files.stat(link.owner, root.path === '/' ? inside : `${root.path}${inside}`);
        if (!entry) throw new HttpError(404, 'File not found.');
        if (entry.type === 'folder') throw new HttpError(400, '"file" must name a file, not a folder.');
      }
      return sendPreview(request, reply, deps, query, ownerSource(deps.files, link.owner, entry), noDownload ? 900 : 86400);
    },
  });
}
