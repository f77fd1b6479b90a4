import type { FastifyRequest } from 'fastify';
import type { FileService } from '../storage';
import { parentPath } from '../storage';
import { fileLinkTarget } from './file-link';

/** A folder path as the app's route keeps it: '/' by default, no trailing slash, a leading one. */
function routeDir(dir: unknown): string {
  if (typeof dir !== 'string' || dir === '') return '/';
  const trimmed = (dir.startsWith('/') ? dir : `/${dir}`).replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** The query part of a request URL, with its '?', or ''. */
export function queryOf(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at);
}

/**
 * Where an app page request that names a file by id must go instead, or null
 * to serve the page. The file id comes from the filelist route
 * (`/apps/files/files/{fileid}`) or from the root's `fileid` query, the form
 * of Nextcloud's older links. When the `dir` of the link (none means the
 * root) does not hold that file of the signed-in user, the link goes to the
 * file's own folder with the file selected (product §2, §4); `openfile` is kept
 * when the link asked for it. An unknown id is left to the app, which says
 * 'File not found'. Only the files view has folders that are paths of the
 * user's own files.
 */
export async function fileIdRedirect(request: FastifyRequest, segments: readonly string[], files: Pick<FileService, 'getById'>, uid: string): Promise<string | null> {
  const query = request.query as Record<string, unknown>;
  const fromQuery = segments.length === 0 && (query['view'] === undefined || query['view'] === 'files') ? query['fileid'] : undefined;
  const fromRoute = segments.length === 2 && segments[0] === 'files' ? segments[1] : undefined;
  const fileid = fromRoute ?? fromQuery;
  if (typeof fileid !== 'string' || !/^\d{1,15}$/.test(fileid)) return null;
  const entry = await files.getById(uid, Number(fileid));
  if (!entry) return null;
  const dir = routeDir(query['dir']);
  if (dir === parentPath(entry.path) || (entry.type === 'folder' && dir === entry.path)) return null;
  const openfile = query['openfile'];
  const opens = entry.type === 'file' && typeof openfile === 'string' && openfile.toLowerCase() !== 'false';
  return fileLinkTarget(entry, opens);
}
