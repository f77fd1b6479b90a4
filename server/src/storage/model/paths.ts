import { fail } from '../../errors';

/**
 * Paths inside a user's root are written `/a/b.txt` ('/' is the root): no
 * trailing slash, no empty, `.` or `..` segment, no backslash or NUL. Every
 * path that reaches the storage layer passes through here first, so nothing a
 * client sends can name a location outside the user's root.
 */

/** The longest name of a file or folder, in UTF-8 bytes (NAME_MAX of Linux file systems). */
export const MAX_NAME_BYTES = 255;
/** The longest path inside a user's root, in UTF-8 bytes (PATH_MAX of Linux). */
export const MAX_PATH_BYTES = 4096;

/**
 * Checks one decoded path segment (a node name); throws `bad-request` when unsafe and
 * `invalid-path` (400, as Nextcloud's InvalidPath) when longer than {@link MAX_NAME_BYTES}.
 */
export function checkSegment(segment: string): void {
  if (segment === '' || segment === '.' || segment === '..') fail('bad-request', `Invalid path segment "${segment}"`);
  if (segment.includes('/') || segment.includes('\\') || segment.includes('\0')) {
    fail('bad-request', 'Path segments must not contain slashes, backslashes or NUL characters');
  }
  // A UTF-16 unit takes at most 3 bytes in UTF-8, so short names skip the count.
  if (segment.length > MAX_NAME_BYTES / 3 && Buffer.byteLength(segment) > MAX_NAME_BYTES) {
    fail('invalid-path', `Filename is too long (more than ${MAX_NAME_BYTES} bytes)`);
  }
}

/** Refuses (`invalid-path`, 400) a normalised path longer than {@link MAX_PATH_BYTES}. */
function checkLength(path: string): string {
  if (path.length > MAX_PATH_BYTES / 3 && Buffer.byteLength(path) > MAX_PATH_BYTES) {
    fail('invalid-path', `Path is too long (more than ${MAX_PATH_BYTES} bytes)`);
  }
  return path;
}

/**
 * Normalises an already decoded path: collapses repeated and trailing
 * slashes, validates every segment. Refuses rather than resolves `..`, because
 * a client naming a parent is never legitimate in this protocol.
 */
export function normalizePath(path: string): string {
  const segments = path.split('/').filter((segment) => segment !== '');
  for (const segment of segments) checkSegment(segment);
  return segments.length === 0 ? '/' : checkLength(`/${segments.join('/')}`);
}

/**
 * Decodes the percent-encoded segments of a URL path tail (as received on the
 * wire) into a normalised storage path. Decoding happens exactly once, so
 * `%25` stays a literal `%` and `%2e%2e` is caught as `..` after decoding.
 */
export function decodeUrlPath(encoded: string): string {
  const segments: string[] = [];
  for (const raw of encoded.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      fail('bad-request', 'Malformed percent-encoding in the request path');
    }
    checkSegment(segment);
    segments.push(segment);
  }
  return segments.length === 0 ? '/' : checkLength(`/${segments.join('/')}`);
}

/** The parent of a normalised path ('/' for a top-level node and for the root). */
export function parentPath(path: string): string {
  const index = path.lastIndexOf('/');
  return index <= 0 ? '/' : path.slice(0, index);
}

/** The last segment of a normalised path ('' for the root). */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Joins a normalised folder path and a child name. */
export function joinPath(folder: string, name: string): string {
  return folder === '/' ? `/${name}` : `${folder}/${name}`;
}

/** True when `path` is `ancestor` itself or lies below it. */
export function isWithin(path: string, ancestor: string): boolean {
  if (ancestor === '/') return true;
  return path === ancestor || path.startsWith(`${ancestor}/`);
}

/**
 * Percent-encodes a path for an href the way Nextcloud does: every segment
 * encoded like PHP's `rawurlencode`, slashes kept.
 */
export function encodeHrefPath(path: string): string {
  return path.split('/').map(encodeSegment).join('/');
}

const rawurlencodeExtras = /[!'()*]/;

/** Encodes one path segment: RFC 3986 unreserved characters are kept. */
export function encodeSegment(segment: string): string {
  // encodeURIComponent keeps !'()* which rawurlencode (Nextcloud) encodes.
  const encoded = encodeURIComponent(segment);
  return rawurlencodeExtras.test(encoded) ? encoded.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`) : encoded;
}

