import type { DavCollection, DavResource, PluginNode, PluginUsers } from '@cumulus/server/plugin-api';
import { PluginError } from '@cumulus/server/plugin-api';
import type { TrashItemRow } from './items';
import type { TrashBin } from './trash-bin';

/** What Nextcloud reports as the backend of a user's own trash. */
const BACKEND = 'OCA\\Files_Trashbin\\Trash\\LegacyTrashBackend';
const FOLDER_MIME = 'httpd/unix-directory';

/** A virtual folder of the tree (the home, `trash/` and `restore/`). */
function folder(path: string, etag: string, size: number, mtime: number): DavResource {
  return { path, type: 'folder', fileid: 0, size, mtime, etag, mime: FOLDER_MIME };
}

/**
 * A node of the trash as a resource: `item` is its top-level item, `inside` its path below
 * it ('' for the item itself), `deletedBy` the display name of who deleted it. Children
 * inherit the item's time and extend its location.
 */
function resource(item: TrashItemRow, node: PluginNode, inside: string, deletedBy: string): DavResource {
  const filename = inside === '' ? item.filename : node.name;
  const location = inside === '' ? item.location : `${item.location}${inside}`;
  return {
    path: `/trash/${item.name}${inside}`,
    type: node.type,
    fileid: node.fileid,
    size: node.size,
    // As Nextcloud: d:getlastmodified is the deletion time, the etag a fake one.
    mtime: item.deleted_at,
    etag: String(node.mtime),
    mime: node.mime,
    displayName: filename,
    permissions: 'GD',
    properties: {
      'nc:trashbin-filename': filename,
      'nc:trashbin-original-location': location,
      'nc:trashbin-title': location,
      'nc:trashbin-deletion-time': String(item.deleted_at),
      'nc:trashbin-deleted-by-id': item.deleted_by,
      'nc:trashbin-deleted-by-display-name': deletedBy,
      'nc:trashbin-backend': BACKEND,
    },
  };
}

/** `['trash', item, …]` of a collection path, or the kind of virtual place it names. */
function parse(path: string): { place: 'home' | 'trash' | 'restore' | 'none' } | { place: 'item'; item: string; inside: string } {
  const segments = path.split('/').filter(Boolean);
  const [first, item, ...rest] = segments;
  if (first === undefined) return { place: 'home' };
  if (first === 'restore') return { place: segments.length === 1 ? 'restore' : 'none' };
  if (first !== 'trash') return { place: 'none' };
  if (item === undefined) return { place: 'trash' };
  return { place: 'item', item, inside: rest.length === 0 ? '' : `/${rest.join('/')}` };
}

/** `attachment` with the name, ASCII-safe and as RFC 5987 UTF-8. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Nextcloud's trashbin tree at `/remote.php/dav/trashbin/{uid}/`: `trash/` lists the items
 * (a trashed folder's contents below it), `restore/` is the MOVE target of a restore;
 * DELETE of an item deletes it for good, of `trash/` empties the trash.
 */
export function trashCollection(bin: TrashBin, users: PluginUsers): DavCollection {
  /** The display names of the users who deleted `items` (one lookup per user; '' for one no longer there). */
  const namesOf = async (items: readonly TrashItemRow[]): Promise<Map<string, string>> => {
    const uids = [...new Set(items.map((item) => item.deleted_by))].filter((uid) => uid !== '');
    const found = await Promise.all(uids.map(async (uid) => [uid, (await users.get(uid))?.displayName ?? ''] as const));
    return new Map(found);
  };
  const described = async (item: TrashItemRow, node: PluginNode, inside: string): Promise<DavResource> =>
    resource(item, node, inside, (await namesOf([item])).get(item.deleted_by) ?? '');
  const home = async (uid: string): Promise<{ etag: string; size: number; mtime: number }> => {
    const root = await bin.areaRoot(uid);
    return { etag: root.etag, size: root.size, mtime: root.mtime };
  };
  const itemResource = async (uid: string, item: string, inside: string): Promise<DavResource | null> => {
    const entry = await bin.entry(uid, item);
    if (!entry) return null;
    if (inside === '') return described(entry.item, entry.node, '');
    const node = await bin.node(uid, `/${item}${inside}`);
    return node ? described(entry.item, node, inside) : null;
  };
  return {
    id: 'trash.trashbin',
    name: 'trashbin',
    async resource(uid, path) {
      const at = parse(path);
      if (at.place === 'none') return null;
      if (at.place === 'item') return itemResource(uid, at.item, at.inside);
      const { etag, size, mtime } = await home(uid);
      if (at.place === 'restore') return folder('/restore', `restore-${etag}`, 0, mtime);
      return folder(at.place === 'home' ? '/' : '/trash', etag, size, mtime);
    },
    async children(uid, path) {
      const at = parse(path);
      if (at.place === 'home') {
        const { etag, size, mtime } = await home(uid);
        return [folder('/trash', etag, size, mtime), folder('/restore', `restore-${etag}`, 0, mtime)];
      }
      if (at.place === 'trash') {
        const entries = await bin.list(uid);
        const names = await namesOf(entries.map(({ item }) => item));
        return entries.map(({ item, node }) => resource(item, node, '', names.get(item.deleted_by) ?? ''));
      }
      if (at.place !== 'item') return [];
      const entry = await bin.entry(uid, at.item);
      if (!entry) return [];
      const [nodes, names] = await Promise.all([bin.children(uid, `/${at.item}${at.inside}`), namesOf([entry.item])]);
      const deletedBy = names.get(entry.item.deleted_by) ?? '';
      return nodes.map((node) => resource(entry.item, node, `${at.inside}/${node.name}`, deletedBy));
    },
    async read(uid, path) {
      const at = parse(path);
      if (at.place !== 'item') throw new PluginError(404, 'Not an item of the trash');
      const found = await itemResource(uid, at.item, at.inside);
      if (!found || found.type !== 'file') throw new PluginError(404, 'Not a file of the trash');
      const file = await bin.read(uid, `/${at.item}${at.inside}`);
      return { size: file.size, stream: () => file.stream(), close: () => file.close(), headers: { 'Content-Disposition': attachment(found.displayName ?? at.item) } };
    },
    async move(uid, from, to, request) {
      const source = parse(from);
      const target = to.split('/').filter(Boolean);
      if (source.place !== 'item' || target[0] !== 'restore' || target.length !== 2) throw new PluginError(403, 'Items of the trash can only be restored, by a MOVE to restore/');
      await bin.restore(uid, `/${source.item}${source.inside}`, request.language);
      return 201;
    },
    async delete(uid, path) {
      const at = parse(path);
      if (at.place === 'trash') return bin.empty(uid);
      if (at.place !== 'item') throw new PluginError(403, 'Not allowed to delete this');
      await bin.delete(uid, `/${at.item}${at.inside}`);
    },
  };
}
