import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { Transform } from 'node:stream';

/** Bodies smaller than this are sent as they are: compressing them saves nothing. */
export const MIN_COMPRESSED_BYTES = 1024;

/** Types worth compressing: text, XML (PROPFIND multistatus), JSON and NDJSON (the compact listing), JavaScript, SVG. */
const COMPRESSIBLE = /^(text\/|application\/(xml|json|javascript|x-javascript|xhtml\+xml|[\w.-]+\+(xml|json|ndjson))|image\/svg\+xml)/i;

/** A coding the client accepts, in the order the server prefers them. */
export type ContentCoding = 'br' | 'gzip';

/**
 * The coding to answer with for an `Accept-Encoding` header: brotli when
 * accepted (smaller and, at quality 1, faster than gzip on multistatus XML),
 * else gzip, else none. `q=0` refuses a coding; `*` accepts any.
 */
export function chooseCoding(acceptEncoding: string | undefined): ContentCoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const allows = (coding: ContentCoding): boolean => {
    const q = accepted.get(coding) ?? accepted.get('*');
    return q !== undefined && q > 0;
  };
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

/**
 * Whether a response should be compressed. File contents under `/remote.php`
 * (GET of a file) stay as they are, as on Nextcloud: sync clients rely on
 * their byte ranges and lengths. Partial and bodiless answers stay too.
 */
export function isCompressible(request: { method: string; url: string }, reply: { statusCode: number; getHeader(name: string): unknown }): boolean {
  if (request.method === 'HEAD' || reply.statusCode < 200 || reply.statusCode === 204 || reply.statusCode === 206 || reply.statusCode === 304) return false;
  if (reply.getHeader('content-encoding') !== undefined || reply.getHeader('content-range') !== undefined) return false;
  if (request.method === 'GET' && (request.url.startsWith('/remote.php/') || request.url.startsWith('/public.php/'))) return false;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return false;
  const length = Number(reply.getHeader('content-length'));
  return !(Number.isFinite(length) && length < MIN_COMPRESSED_BYTES);
}

/**
 * A fast streaming compressor: brotli quality 1 and gzip level 1 are quick
 * enough that even 100 MB listings are compressed as they are sent, never
 * held twice (server/README.md, "Responses", gives what they achieve).
 */
export function createCompressor(coding: ContentCoding, sizeHint?: number): Transform {
  if (coding === 'br') {
    return createBrotliCompress({
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 1,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        ...(sizeHint ? { [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint } : {}),
      },
    });
  }
  return createGzip({ level: 1 });
}

/** Adds `Accept-Encoding` to the reply's `Vary` header (caches must tell codings apart). */
function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
  if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Compresses text responses (PROPFIND/REPORT multistatus, JSON and OCS,
 * the shell's HTML and JavaScript) with brotli or gzip as the client accepts,
 * streaming: the body is piped through the compressor, so the first bytes
 * leave before the last are compressed.
 */
export function installCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (payload === null || payload === undefined) return payload;
    const isText = typeof payload === 'string';
    const isBuffer = Buffer.isBuffer(payload);
    const isStream = payload instanceof Readable;
    if (!isText && !isBuffer && !isStream) return payload;
    if (!isStream && Buffer.byteLength(payload as string | Buffer) < MIN_COMPRESSED_BYTES) return payload;
    addVary(reply);
    const coding = chooseCoding(request.headers['accept-encoding']);
    if (coding === null || !isCompressible(request, reply)) return payload;

    const size = isStream ? undefined : Buffer.byteLength(payload as string | Buffer);
    const compressor = createCompressor(coding, size);
    reply.header('content-encoding', coding);
    reply.removeHeader('content-length');
    if (isStream) {
      pipeline(payload, compressor, (error) => {
        if (!error) return;
        // The client went away mid-answer (a list left, a tab closed): nothing failed on our side.
        if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE' && (reply.raw.destroyed || request.raw.destroyed)) request.log.debug({ err: error }, 'The client left before a compressed answer ended');
        else request.log.warn({ err: error }, 'Compressing a response failed');
      });
    } else {
      compressor.end(payload);
    }
    return compressor;
  });
}
