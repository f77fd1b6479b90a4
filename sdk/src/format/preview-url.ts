/** Thumbnail edge in the list, in pixels (spec §9). */
export const THUMBNAIL_SIZE_LIST = 32;

/** Thumbnail edge in the grid, in pixels (spec §9). */
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

/**
 * URL of a node's preview (spec §7): `/core/preview?fileId=…&x=…&y=…&mimeFallback=true&v=…&a=…`
 * where `v` is the first 6 characters of the ETag (so a changed file gets a
 * new URL and the browser cache stays correct) and `a` is 0 when cropping, 1
 * when keeping the aspect ratio. Without an ETag `v` is left out.
 */
export function previewUrl(fileid: number, etag: string | undefined, options: PreviewUrlOptions): string {
  const { size, crop, root = '' } = options;
  const query = new URLSearchParams({
    fileId: String(fileid),
    x: String(size),
    y: String(size),
    mimeFallback: 'true',
  });
  if (etag !== undefined && etag !== '') {
    query.set('v', etag.slice(0, 6));
  }
  query.set('a', crop ? '0' : '1');
  return `${root.replace(/\/+$/, '')}/core/preview?${query.toString()}`;
}
