import type { FastifyReply, FastifyRequest } from 'fastify';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';
import { HttpError } from '../api/errors';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** The content type of a static file by its extension. */
export function contentTypeOf(file: string): string {
  return types[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** True for a build output whose name carries a content hash (cacheable for a year). */
export function isHashedAsset(name: string): boolean {
  return /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i.test(name);
}

/**
 * Decodes the URL tail under a static root into path segments, once; refuses `.`/`..`,
 * backslashes, NUL, and encoded slashes with 400, so no request reaches outside the root.
 */
export function staticSegments(encodedTail: string): string[] {
  const segments: string[] = [];
  for (const raw of encodedTail.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      throw new HttpError(400, 'Malformed percent-encoding in the path.');
    }
    if (segment === '.' || segment === '..' || /[\\/\0]/.test(segment)) throw new HttpError(400, 'Invalid path.');
    segments.push(segment);
  }
  return segments;
}

/** The file a static request names, if it exists as a regular file inside `root` (dotfiles never). */
export async function findStaticFile(root: string, segments: string[]): Promise<{ file: string; size: number; mtimeMs: number } | null> {
  if (segments.length === 0 || segments.some((segment) => segment.startsWith('.'))) return null;
  const file = join(root, ...segments);
  if (!file.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  const info = await stat(file).catch(() => null);
  return info?.isFile() ? { file, size: info.size, mtimeMs: info.mtimeMs } : null;
}

/** Sends a static file with its type, a validator, and a long cache for hashed names. */
export function sendStaticFile(request: FastifyRequest, reply: FastifyReply, found: { file: string; size: number; mtimeMs: number }): FastifyReply {
  const etag = `"${found.size.toString(16)}-${Math.floor(found.mtimeMs).toString(16)}"`;
  reply
    .header('ETag', etag)
    .header('Last-Modified', new Date(found.mtimeMs).toUTCString())
    .header('Cache-Control', isHashedAsset(found.file) ? 'public, max-age=31536000, immutable' : 'no-cache')
    .header('X-Content-Type-Options', 'nosniff')
    .type(contentTypeOf(found.file));
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  reply.header('Content-Length', String(found.size));
  return reply.send(createReadStream(found.file));
}
