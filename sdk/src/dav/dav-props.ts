/**
 * How WebDAV properties become node fields, for `ResponseNodeBuilder` (the one
 * node builder) and for plugins that read a property's text themselves.
 */

/** Properties that become core node fields; everything else is kept as an attribute. */
export const CORE_PROPERTIES: ReadonlySet<string> = new Set([
  'displayname',
  'resourcetype',
  'getcontentlength',
  'getcontenttype',
  'getlastmodified',
  'getetag',
  'creationdate',
  'fileid',
  'id',
  'permissions',
  'size',
  'owner-id',
  'share-types',
  'share-attributes',
  'favorite',
  'quota-available-bytes',
  'mount-type',
  'is-encrypted',
]);

/** A finite number read from a property the XML parser may have left as a string, else undefined. */
export function numberProp(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

/** Milliseconds since the epoch from an HTTP or ISO date, or undefined. */
export function timeOf(value: unknown): number | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}

/** The ETag without its quotes (and a weak marker), as the node model keeps it. */
export function cleanEtag(etag: unknown): string | undefined {
  if (etag === null || etag === undefined || etag === '') return undefined;
  const text = String(etag);
  // The common form, `"…"` with no other quote, without the two regular expressions (one ETag a node of a listing).
  const last = text.length - 1;
  if (last > 0 && text.charCodeAt(0) === 34 && text.charCodeAt(last) === 34 && text.indexOf('"', 1) === last) return text.slice(1, last);
  return text.replace(/^W\//, '').replace(/"/g, '');
}

/** The URL-encoded form of a decoded DAV path: each segment encoded, slashes kept. */
export function encodeDavPath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
