import type { FilesLocation } from '../../services/types';

/** The base path of the app (product §2: history mode with base path /apps/files). */
export const BASENAME = '/apps/files';

/** The view the root route redirects to (product §2). */
export const DEFAULT_VIEW = 'files';

/** A query value encoded as usual, except that slashes stay readable (product §2). */
export function encodeQueryValue(value: string): string {
  return encodeURIComponent(value).replace(/%2F/gi, '/');
}

/** A folder path as the route keeps it: '/' by default, no trailing slash, always a leading one. */
export function normaliseDir(dir: string | null | undefined): string {
  if (dir === null || dir === undefined || dir === '') return '/';
  const withLeading = dir.startsWith('/') ? dir : `/${dir}`;
  const trimmed = withLeading.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** Whether a route's fileid segment is valid: digits only (product §2). */
export function isFileIdSegment(segment: string): boolean {
  return /^\d+$/.test(segment);
}

/** openfile is true unless its value is 'false' in any case (product §2); absent means false. */
export function parseOpenFile(value: string | null): boolean {
  return value !== null && value.toLowerCase() !== 'false';
}

/**
 * The router path (below the basename) of a location, e.g.
 * `/files/12?dir=/Photos/2024&openfile=true`: the filelist route.
 */
export function filesPath(location: FilesLocation): string {
  const query: string[] = [];
  const dir = normaliseDir(location.dir);
  query.push(`dir=${encodeQueryValue(dir)}`);
  if (location.openfile) query.push('openfile=true');
  const fileid = location.fileid === undefined ? '' : `/${location.fileid}`;
  return `/${encodeURIComponent(location.view)}${fileid}?${query.join('&')}`;
}

/** Reads the filelist route's values from its params and query (product §2). */
export function readFilesLocation(params: { view?: string; fileid?: string }, search: URLSearchParams): Required<Omit<FilesLocation, 'fileid'>> & { fileid: number | null } {
  return {
    view: params.view ?? DEFAULT_VIEW,
    dir: normaliseDir(search.get('dir')),
    fileid: params.fileid !== undefined && isFileIdSegment(params.fileid) ? Number(params.fileid) : null,
    openfile: parseOpenFile(search.get('openfile')),
  };
}
