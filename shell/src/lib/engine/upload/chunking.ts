/**
 * Chunked-upload arithmetic (product §9 "Chunking"). Nextcloud's chunked upload
 * v2 refuses chunks under 5 MiB (except the last) and more than 10000 chunks
 * per file, which is where the minimum and the growth rule come from.
 */

/** Chunk size when the configured max_chunk_size is not a number: 10 MiB. */
export const DEFAULT_CHUNK_SIZE = 10485760;

/** Smallest chunk the server accepts (except the last one): 5 MiB. */
export const MIN_CHUNK_SIZE = 5242880;

/** Most chunks one file may be cut into. */
export const MAX_CHUNKS = 10000;

/**
 * The chunk size to upload with, from the configured `max_chunk_size`:
 * - 0 or less disables chunking: returns 0;
 * - anything that is not a finite number (missing, null, text) gives
 *   {@link DEFAULT_CHUNK_SIZE};
 * - otherwise at least {@link MIN_CHUNK_SIZE}, and, given the file size, large
 *   enough that the file fits in {@link MAX_CHUNKS} chunks
 *   (`ceil(fileSize / 10000)`).
 *
 * @param maxChunkSize The server's configured value, as read (number or numeric text).
 * @param fileSize Size of the file about to be uploaded, in bytes.
 */
export function getChunkSize(maxChunkSize: unknown, fileSize?: number): number {
  const configured = typeof maxChunkSize === 'number' ? maxChunkSize : readNumber(maxChunkSize);
  if (configured === undefined || Number.isNaN(configured) || !Number.isFinite(configured)) {
    return DEFAULT_CHUNK_SIZE;
  }
  if (configured <= 0) {
    return 0;
  }
  const chunkSize = Math.max(Math.floor(configured), MIN_CHUNK_SIZE);
  if (fileSize === undefined || !Number.isFinite(fileSize) || fileSize <= 0) {
    return chunkSize;
  }
  return Math.max(chunkSize, Math.ceil(fileSize / MAX_CHUNKS));
}

/** A number written as text ('10485760'), or undefined. */
function readNumber(value: unknown): number | undefined {
  if (typeof value !== 'string' || value.trim() === '') {
    return undefined;
  }
  return Number(value);
}

/**
 * Whether a file goes up in chunks: not in public mode (public uploads are
 * always plain), not with chunking disabled (chunk size 0), and not when the
 * file is smaller than the chunk size (product §9: "Files smaller than the chunk
 * size, and every file in public mode, go in one request").
 */
export function shouldChunk(size: number, chunkSize: number, isPublic: boolean): boolean {
  return !isPublic && chunkSize > 0 && size >= chunkSize;
}

/** How many chunks a file of `size` bytes makes: 1 when not chunked or empty. */
export function chunkCount(size: number, chunkSize: number): number {
  if (chunkSize <= 0 || size <= 0) {
    return 1;
  }
  return Math.ceil(size / chunkSize);
}

/**
 * Byte range `[start, end)` of chunk `chunkNumber` (counted from 1, as the
 * chunk's path `/{chunkNumber}` in the upload workspace is).
 */
export function chunkRange(chunkNumber: number, size: number, chunkSize: number): { start: number; end: number } {
  const start = Math.min(size, (chunkNumber - 1) * chunkSize);
  return { start, end: Math.min(size, start + chunkSize) };
}
