/** Thumbnail edge in the list, in pixels (product §9). */
export const THUMBNAIL_SIZE_LIST = 32;

/** Thumbnail edge in the grid, in pixels (product §9). */
export const THUMBNAIL_SIZE_GRID = 128;

/** Options of {@link previewUrl}. */
export interface PreviewUrlOptions {
  /** Edge in pixels: 32 in the list, 128 in the grid. */
  size: typeof THUMBNAIL_SIZE_LIST | typeof THUMBNAIL_SIZE_GRID;
  /** Crop to a square (user config crop_image_previews, default true). */
  crop: boolean;
  /** Prefix before `/core/preview`, for a server not at the origin's root. Default ''. */
  root?: string;
}

/** Sets the preview query values (size, MIME fallback, ETag version, crop) on `query`. */
function setPreviewQuery(query: URLSearchParams, etag: string | undefined, size: number, crop: boolean): void {
  query.set('x', String(size));
  query.set('y', String(size));
  query.set('mimeFallback', 'true');
  if (etag !== undefined && etag !== '') {
    query.set('v', etag.slice(0, 6));
  }
  query.set('a', crop ? '0' : '1');
}

/**
 * URL of a node's preview (product §7): `/core/preview?fileId=…&x=…&y=…&mimeFallback=true&v=…&a=…`
 * where `v` is the first 6 characters of the ETag (so a changed file gets a
 * new URL and the browser cache stays correct) and `a` is 0 when cropping, 1
 * when keeping the aspect ratio. Without an ETag `v` is left out.
 */
export function previewUrl(fileid: number, etag: string | undefined, options: PreviewUrlOptions): string {
  const { size, crop, root = '' } = options;
  const query = new URLSearchParams({ fileId: String(fileid) });
  setPreviewQuery(query, etag, size, crop);
  return `${root.replace(/\/+$/, '')}/core/preview?${query.toString()}`;
}

/**
 * The preview URL of a node: its own `previewUrl` attribute first (product §3;
 * a view such as the trash bin serves previews elsewhere), with the same
 * size, crop and ETag query as {@link previewUrl} so the list and the grid
 * get their sizes; else `/core/preview` by file id. A `data:` or `blob:`
 * URL is used as it is. Undefined when the node has neither.
 */
export function nodePreviewUrl(
  node: { fileid?: number | undefined; attributes: { previewUrl?: string; etag?: string } },
  options: PreviewUrlOptions,
): string | undefined {
  const own = node.attributes.previewUrl;
  if (typeof own === 'string' && own !== '') {
    if (/^(data|blob):/i.test(own)) return own;
    const hashAt = own.indexOf('#');
    const hash = hashAt < 0 ? '' : own.slice(hashAt);
    const withoutHash = hashAt < 0 ? own : own.slice(0, hashAt);
    const queryAt = withoutHash.indexOf('?');
    const base = queryAt < 0 ? withoutHash : withoutHash.slice(0, queryAt);
    const query = new URLSearchParams(queryAt < 0 ? '' : withoutHash.slice(queryAt + 1));
    setPreviewQuery(query, node.attributes.etag, options.size, options.crop);
    return `${base}?${query.toString()}${hash}`;
  }
  return node.fileid === undefined ? undefined : previewUrl(node.fileid, node.attributes.etag, options);
}
