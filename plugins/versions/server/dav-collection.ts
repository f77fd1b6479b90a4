import type { DavCollection, DavResource, PluginFiles } from '@cumulus/server/plugin-api';
import { PluginError } from '@cumulus/server/plugin-api';
import type { VersionRow } from './records';
import type { Versions } from './versions';

const FOLDER_MIME = 'httpd/unix-directory';
const LABEL = 'nc:version-label';

function folder(path: string, etag: string, mtime = 0): DavResource {
  return { path, type: 'folder', fileid: 0, size: 0, mtime, etag, mime: FOLDER_MIME };
}

/** A version as Nextcloud lists it: named by its timestamp, with the content's size, time, etag and type. */
function resource(row: VersionRow): DavResource {
  return {
    path: `/versions/${row.fileid}/${row.version}`,
    type: 'file',
    fileid: row.fileid,
    size: row.size,
    mtime: row.mtime,
    etag: row.etag,
    mime: row.mime,
    permissions: 'R',
    properties: {
      [LABEL]: row.label,
      'nc:version-author': row.author,
      'nc:has-preview': row.mime.startsWith('image/') ? 'true' : 'false',
    },
  };
}

type Place = { place: 'home' | 'versions' | 'restore' | 'target' | 'none' } | { place: 'file'; fileid: number } | { place: 'version'; fileid: number; version: number };

function parse(path: string): Place {
  const [first, second, third, ...rest] = path.split('/').filter(Boolean);
  if (first === undefined) return { place: 'home' };
  if (first === 'restore') return { place: second === undefined ? 'restore' : second === 'target' && third === undefined ? 'target' : 'none' };
  if (first !== 'versions' || rest.length > 0) return { place: 'none' };
  if (second === undefined) return { place: 'versions' };
  if (!/^\d{1,15}$/.test(second)) return { place: 'none' };
  if (third === undefined) return { place: 'file', fileid: Number(second) };
  if (!/^\d{1,15}$/.test(third)) return { place: 'none' };
  return { place: 'version', fileid: Number(second), version: Number(third) };
}

/** `attachment` with the name, ASCII-safe and as RFC 5987 UTF-8. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Nextcloud's versions tree at `/remote.php/dav/versions/{uid}/`: `versions/{fileid}/` lists
 * the earlier versions of one of the user's files, each `versions/{fileid}/{timestamp}` can be
 * downloaded, labelled (PROPPATCH `nc:version-label`), deleted, or restored by a MOVE to
 * `restore/target`. A file id that is not one of the user's files is 404, as is anything else.
 */
export function versionsCollection(versions: Versions, files: PluginFiles): DavCollection {
  /** The user's file with this id, or a 404. */
  const fileOf = async (uid: string, fileid: number) => {
    const node = await files.getById(uid, fileid);
    if (!node || node.type !== 'file') return null;
    return node;
  };
  const versionOf = async (uid: string, path: string): Promise<VersionRow> => {
    const at = parse(path);
    if (at.place !== 'version' || !(await fileOf(uid, at.fileid))) throw new PluginError(404, 'No such version');
    const row = await versions.get(uid, at.fileid, at.version);
    if (!row) throw new PluginError(404, 'No such version');
    return row;
  };
  return {
    id: 'versions.versions',
    name: 'versions',
    async resource(uid, path) {
      const at = parse(path);
      switch (at.place) {
        case 'home':
          return folder('/', 'versions');
        case 'versions':
          return folder('/versions', 'versions');
        case 'restore':
          return folder('/restore', 'restore');
        case 'target':
          return null;
        case 'file': {
          const node = await fileOf(uid, at.fileid);
          return node ? folder(`/versions/${at.fileid}`, node.etag, node.mtime) : null;
        }
        case 'version': {
          const row = await versionOf(uid, path).catch(() => null);
          return row ? resource(row) : null;
        }
        default:
          return null;
      }
    },
    async children(uid, path) {
      const at = parse(path);
      if (at.place === 'home') return [folder('/versions', 'versions'), folder('/restore', 'restore')];
      if (at.place !== 'file' || !(await fileOf(uid, at.fileid))) return [];
      return (await versions.list(uid, at.fileid)).map(resource);
    },
    async read(uid, path) {
      const row = await versionOf(uid, path);
      const node = await fileOf(uid, row.fileid);
      const file = await versions.read(row);
      return { size: file.size, stream: () => file.stream(), close: () => file.close(), headers: { 'Content-Disposition': attachment(node?.name ?? String(row.version)) } };
    },
    async move(uid, from, to) {
      const row = await versionOf(uid, from);
      if (parse(to).place !== 'target') throw new PluginError(403, 'A version can only be restored, by a MOVE to restore/target');
      await versions.restore(row, uid);
      return 204;
    },
    async delete(uid, path) {
      await versions.delete(await versionOf(uid, path));
    },
    async proppatch(uid, path, changes) {
      const row = await versionOf(uid, path);
      const names = Object.keys(changes);
      const refused = names.filter((name) => name !== LABEL);
      if (refused.length > 0) return Object.fromEntries(names.map((name) => [name, name === LABEL ? 424 : 403]));
      const label = (changes[LABEL] ?? '').trim();
      if (label.length > 255) return { [LABEL]: 409 };
      await versions.label(row, label);
      return { [LABEL]: 200 };
    },
  };
}
