import type { FastifyInstance } from 'fastify';
import type { FileService } from '../storage';
import { parentPath } from '../storage';
import { HttpError } from '../api/errors';
import { route, userOf } from '../api/routes';

/** A query value encoded as usual, except that slashes stay readable (files product §2). */
function queryValue(value: string): string {
  return encodeURIComponent(value).replace(/%2F/gi, '/');
}

/**
 * The app URL that opens a node (product §2, §4): a folder as itself, a file in
 * its folder with the file selected. `openfile` says whether the file opens
 * too; by default a file does, as Nextcloud's `/f/{fileid}` does.
 */
export function fileLinkTarget(entry: { fileid: number; path: string; type: 'file' | 'folder' }, openfile = entry.type === 'file'): string {
  const dir = entry.type === 'folder' ? entry.path : parentPath(entry.path);
  return `/apps/files/files/${entry.fileid}?dir=${queryValue(dir)}${openfile ? '&openfile=true' : ''}`;
}

/** The app URL of a file id the user cannot reach: the app says 'File not found' there (product §8). */
export function missingFileTarget(fileid: string): string {
  return `/apps/files/files/${fileid}`;
}

/**
 * `/f/{fileid}`: the permanent link of a file, redirecting into the app. An
 * `openfile` query of `false` keeps the file from opening, as in Nextcloud.
 * An id the user has no file for leads to the app, which says 'File not
 * found' (nothing tells another user's file from a missing one).
 */
export function registerFileLink(app: FastifyInstance, files: FileService): void {
  route(app, '/f/:fileid', 'page', {
    GET: async (request, reply) => {
      const { fileid } = request.params as { fileid: string };
      if (!/^\d{1,15}$/.test(fileid)) throw new HttpError(400, 'A file link ends in a numeric file id.');
      const entry = await files.getById(userOf(request).uid, Number(fileid));
      if (!entry) return reply.redirect(missingFileTarget(fileid), 302);
      const { openfile } = request.query as { openfile?: unknown };
      const opens = entry.type === 'file' && (typeof openfile !== 'string' || openfile.toLowerCase() !== 'false');
      return reply.redirect(fileLinkTarget(entry, opens), 302);
    },
  });
}
