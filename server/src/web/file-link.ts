import type { FastifyInstance } from 'fastify';
import type { FileService } from '../storage';
import { HttpError } from '../api/errors';
import { route, userOf } from '../api/routes';

/** The app URL that opens a node: its folder with the file selected and opened (spec §4). */
export function fileLinkTarget(entry: { fileid: number; path: string; type: 'file' | 'folder' }): string {
  if (entry.type === 'folder') return `/apps/files/files/${entry.fileid}?dir=${encodeURIComponent(entry.path)}`;
  const slash = entry.path.lastIndexOf('/');
  const parent = slash <= 0 ? '/' : entry.path.slice(0, slash);
  return `/apps/files/files/${entry.fileid}?dir=${encodeURIComponent(parent)}&openfile=true`;
}

/** `/f/{fileid}`: the permanent link of a file, redirecting into the app. */
export function registerFileLink(app: FastifyInstance, files: FileService): void {
  route(app, '/f/:fileid', 'page', {
    GET: async (request, reply) => {
      const { fileid } = request.params as { fileid: string };
      if (!/^\d{1,15}$/.test(fileid)) throw new HttpError(400, 'A file link ends in a numeric file id.');
      const entry = await files.getById(userOf(request).uid, Number(fileid));
      if (!entry) throw new HttpError(404, 'File not found.');
      return reply.redirect(fileLinkTarget(entry), 302);
    },
  });
}
