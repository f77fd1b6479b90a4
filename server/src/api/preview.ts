import type { FastifyInstance, FastifyReply } from 'fastify';
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
import { PREVIEWABLE_MIMES } from '../storage/mime';


/** Largest preview edge, in pixels. */
export const MAX_PREVIEW_SIZE = 4096;

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

/**
 * `GET /core/preview`: thumbnails of images made with sharp and cached on disk under
 * `<dataDir>/previews/<uid>/`, keyed by file id, etag and size, so a changed file gets a new
 * one; a mime-type icon for other files when `mimeFallback` is set, else 404.
 */
export function registerPreview(app: FastifyInstance, deps: ApiDeps): void {
  route(app, '/core/preview', 'required', {
    GET: async (request, reply) => {
      const user = userOf(request);
      const query = parsePreviewQuery(request.query as Record<string, unknown>);
      const entry = await deps.files.getById(user.uid, query.fileId);
      if (!entry) throw new HttpError(404, 'File not found.');
      const fallback = (): FastifyReply => {
        if (!query.mimeFallback) throw new HttpError(404, 'No preview available for this file.');
        return reply.header('Cache-Control', 'private, max-age=86400').type('image/svg+xml').send(mimeIconSvg(entry.mime));
      };
      if (entry.type !== 'file' || !PREVIEWABLE_MIMES.has(entry.mime)) return fallback();

      const dir = previewDir(deps.config.dataDir, user.uid);
      const etag = entry.etag.replace(/[^A-Za-z0-9]/g, '');
      const base = `${entry.fileid}-${etag}-${query.x}x${query.y}-${query.keepAspect ? 'a' : 'c'}`;
      for (const [ext, type] of [['png', 'image/png'], ['jpg', 'image/jpeg']] as const) {
        const cached = join(dir, `${base}.${ext}`);
        if ((await stat(cached).catch(() => null))?.isFile()) {
          return reply.header('Cache-Control', 'private, max-age=86400').type(type).send(createReadStream(cached));
        }
      }

      let image: { data: Buffer; ext: 'png' | 'jpg' };
      let bytes: Readable | undefined;
      try {
        // Through the content store (a file on disk or an object): sharp takes the bytes as a stream.
        const opened = await deps.files.openRead(user.uid, entry.path);
        const source = sharp({ failOn: 'error' });
        bytes = opened.stream();
        bytes.on('error', (error) => source.destroy(error));
        bytes.pipe(source);
        source.rotate();
        const { hasAlpha } = await source.metadata();
        const resized = source.resize(query.x, query.y, { fit: query.keepAspect ? 'inside' : 'cover', withoutEnlargement: true });
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
        .header('Cache-Control', 'private, max-age=86400')
        .type(image.ext === 'png' ? 'image/png' : 'image/jpeg')
        .send(image.data);
    },
  });
}
