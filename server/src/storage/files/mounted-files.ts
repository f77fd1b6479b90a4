import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { PluginMount } from '../../plugin-api';
import type { OpenedFile } from '../content/content-store';
import type { FileService, FileWriteOptions, FileWriteResult, NodeChanges, StreamedListing } from './file-service';
import type { SearchQuery } from '../metadata/search-query';
import type { FileContent } from '../content/backend';
import type { FileEntry, WantedRange } from '../model/types';
import { fail } from '../../errors';
import { baseName, isWithin, normalizePath, parentPath } from '../model/paths';
import { FavoriteMarks } from './favorite-marks';
import { recipientEtag } from './recipient-etags';

/** What the WebDAV layer uses of the files: a {@link FileService}, or a user's view of it with mounts. */
export type FilesView = Pick<
  FileService,
  'dataDir' | 'ensureUserRoot' | 'getUsage' | 'stat' | 'list' | 'listing' | 'streamListing' | 'refreshTree' | 'openRead' | 'write' | 'put' | 'mkdir' | 'delete' | 'move' | 'copy' | 'changeNode' | 'favorites' | 'search'
>;

/** A node of another user's tree shown in this user's tree: the contract's mount with what the host looks up of its owner. */
export type StorageMount = PluginMount & {
  ownerDisplayName: string;
  /** The owner's quota in bytes (-1 unlimited): writes inside the mount count against it. */
  ownerQuota: number;
  /**
   * A public link's view (the mount is then the whole tree, `path` `/`): `oc:permissions`
   * without `S`, no mount root, and the root can be neither moved nor deleted.
   */
  public?: boolean;
};

const READ = 1;
const UPDATE = 2;
const CREATE = 4;
const DELETE = 8;
const SHARE = 16;

/** The message of a refused download in a view-only mount (protocol §4, ViewOnlyPlugin). */
export const VIEW_ONLY_MESSAGE = 'Access to this shared resource has been denied because its download permission is disabled. It can only be viewed in view-only mode.';

/** Whether a mount's attributes forbid downloads (scope permissions, key download, value false). */
export function downloadForbidden(attributes: string): boolean {
  try {
    const list = JSON.parse(attributes) as unknown;
    return Array.isArray(list) && list.some((item: { scope?: unknown; key?: unknown; value?: unknown }) => item?.scope === 'permissions' && item.key === 'download' && item.value === false);
  } catch {
    return false;
  }
}

/**
 * `oc:permissions` letters of a node inside a mount (protocol §4): `S` on every node,
 * `R` SHARE, `G` READ, `D` DELETE, `NV` UPDATE, then `W` for writable files or `CK` for folders
 * with CREATE. The mount root always has `D` (it can be left: unshared for this user) and `NV`
 * (it can be renamed and moved within the user's own tree), as Nextcloud gives a moveable
 * mount's root UPDATE and DELETE; its `W` still says whether the content may be written.
 */
export function mountedLetters(bits: number, type: 'file' | 'folder', root: boolean, anonymous = false): string {
  let out = anonymous ? '' : 'S';
  if (bits & SHARE) out += 'R';
  if (bits & READ) out += 'G';
  if (bits & DELETE || root) out += 'D';
  if (bits & UPDATE || root) out += 'NV';
  if (type === 'file') {
    if (bits & UPDATE) out += 'W';
  } else if (bits & CREATE) out += 'CK';
  return out;
}

/**
 * `oc:permissions` of a public link's root for its visitor: what the visitor can do to the
 * shared node itself. It is neither deleted, renamed nor moved (no `D`, `NV`); a file link with
 * UPDATE takes new contents (`W`), a folder link with CREATE new nodes (`CK`).
 */
export function linkRootLetters(bits: number, type: 'file' | 'folder'): string {
  let out = bits & READ ? 'G' : '';
  if (type === 'file') {
    if (bits & UPDATE) out += 'W';
  } else if (bits & CREATE) out += 'CK';
  return out;
}

/** A mount whose root node exists, with that node (in the owner's tree). */
interface Active {
  mount: StorageMount;
  root: FileEntry;
}

/** A path of this user's view resolved: in the user's own tree (`active` null) or in a mount. */
interface Place {
  uid: string;
  path: string;
  active: Active | null;
}

/**
 * One user's files with the mounts of their tree: every path at or below a mount's path is
 * the owner's node, with the mount's permissions enforced here and the entries given back in
 * the user's paths (marked with their mount). Generic: it knows mounts, not shares.
 */
export class MountedFiles implements FilesView {
  private readonly roots = new Map<StorageMount, Promise<FileEntry | null>>();
  /** The nodes this view's user marked as favorites (kept up to date by {@link changeNode}). */
  private readonly marks: FavoriteMarks;

  constructor(
    private readonly base: FileService,
    private readonly uid: string,
    private readonly mounts: StorageMount[],
  ) {
    this.marks = new FavoriteMarks(base, uid, this.anonymous);
  }

  get dataDir(): string {
    return this.base.dataDir;
  }

  ensureUserRoot(uid: string): Promise<void> {
    return this.base.ensureUserRoot(uid);
  }

  getUsage(uid: string): Promise<{ used: number }> {
    return this.base.getUsage(uid);
  }

  /** Who writes through this view: its user, '' for a public link's visitor. */
  private get writer(): string {
    return this.anonymous ? '' : this.uid;
  }

  /** Whether this is a public link's view: its visitor is nobody, with no marks of their own. */
  private get anonymous(): boolean {
    return this.mounts.some((mount) => mount.public === true);
  }

  /** Reads this user's marks once, before an owner's entry is first shown (none for a public link's visitor). */
  private loadMarks(): Promise<void> {
    return this.marks.load();
  }

  /**
   * The user's favorites: their own nodes, and the nodes inside their mounts they marked
   * (at their path through the mount). A public link's visitor has none.
   */
  async favorites(uid: string): Promise<FileEntry[]> {
    if (uid !== this.uid) return this.base.favorites(uid);
    if (this.anonymous) return [];
    const own = await this.base.favorites(uid);
    const seen = new Set(own.map((entry) => entry.fileid));
    await this.loadMarks();
    const others = this.marks.ids().filter((fileid) => !seen.has(fileid));
    const out = [...own.filter((entry) => !this.mounts.some((mount) => isWithin(entry.path, mount.path)))];
    if (others.length === 0) return out;
    for (const mount of this.mounts) {
      const root = await this.rootOf(mount);
      if (!root) continue;
      const active = { mount, root };
      for (const fileid of others) {
        const entry = await this.base.getById(mount.owner, fileid);
        if (!entry || (entry.fileid !== root.fileid && (root.type !== 'folder' || !isWithin(entry.path, root.path)))) continue;
        // Checked against the disk, as the user's own favorites are.
        const fresh = await this.base.stat(mount.owner, entry.path);
        if (fresh) out.push(this.shown(fresh, active));
      }
    }
    return out;
  }

  /**
   * A search of the user's own tree, or, with its scope inside a mount, of the owner's node
   * there (the entries in the user's paths): a recipient's SEARCH by file id in a shared
   * folder (the live updates' burst read) finds its children.
   */
  async search(uid: string, scope: string, query: SearchQuery): Promise<FileEntry[]> {
    const place = await this.place(uid, scope);
    const active = place.active;
    if (!active) return this.base.search(uid, scope, query);
    const { mount, root } = active;
    const rootPath = root.path === '/' ? '' : root.path;
    // A page after a path of the user's: the same node's path in the owner's tree.
    const after = query.afterPath !== undefined && isWithin(query.afterPath, mount.path) ? rootPath + query.afterPath.slice(mount.path.length) || '/' : query.afterPath;
    const found = await this.base.search(place.uid, place.path, { ...query, ...(after !== undefined ? { afterPath: after } : {}) });
    return found.map((entry) => this.shown(entry, active));
  }

  private rootOf(mount: StorageMount): Promise<FileEntry | null> {
    let root = this.roots.get(mount);
    if (!root) {
      root = this.base.getById(mount.owner, mount.fileid);
      this.roots.set(mount, root);
    }
    return root;
  }

  /** Where the user's `path` lives. */
  private async place(uid: string, path: string): Promise<Place> {
    path = normalizePath(path);
    if (uid !== this.uid) return { uid, path, active: null };
    let best: StorageMount | null = null;
    for (const mount of this.mounts) {
      if (isWithin(path, mount.path) && (!best || mount.path.length > best.path.length)) best = mount;
    }
    if (!best) return { uid, path, active: null };
    const root = await this.rootOf(best);
    if (!root) return { uid, path, active: null };
    await this.loadMarks();
    if (path !== best.path && root.type !== 'folder') fail('not-found', 'File not found');
    const rest = best.path === '/' ? (path === '/' ? '' : path) : path.slice(best.path.length);
    return { uid: best.owner, path: root.path === '/' ? rest || '/' : root.path + rest, active: { mount: best, root } };
  }

  /** The permission bits a node inside a mount has. */
  private bits(active: Active, type: 'file' | 'folder'): number {
    return type === 'file' ? active.mount.permissions & ~(CREATE | DELETE) : active.mount.permissions;
  }

  /** An owner's entry as the user sees it. */
  private shown(entry: FileEntry, active: Active): FileEntry {
    const { mount, root } = active;
    const isRoot = entry.fileid === root.fileid;
    const below = entry.path.slice(root.path === '/' ? 0 : root.path.length);
    const path = isRoot ? mount.path : mount.path === '/' ? below : mount.path + below;
    const bits = this.bits(active, entry.type);
    const anonymous = mount.public === true;
    return {
      ...entry,
      path,
      name: isRoot ? baseName(mount.path) || entry.name : entry.name,
      // The viewer's own mark, never the owner's.
      favorite: this.marks.has(entry.fileid),
      permissions: isRoot && anonymous ? linkRootLetters(mount.permissions, entry.type) : mountedLetters(mount.permissions & (entry.type === 'file' ? ~CREATE : ~0), entry.type, isRoot && !anonymous, anonymous),
      mount: { type: mount.mountType, root: isRoot && !anonymous, owner: mount.owner, ownerDisplayName: mount.ownerDisplayName, permissions: bits, attributes: mount.attributes, ...(anonymous ? { public: true as const } : {}) },
    };
  }

  /** Refuses (403) unless the mount grants `bits`. */
  private need(place: Place, bits: number, action: string): void {
    if (place.active && (place.active.mount.permissions & bits) !== bits) fail('forbidden', `You do not have permission to ${action} in this share`);
  }

  /** The mount roots that sit directly in the user's folder `path`. */
  private async mountsIn(path: string): Promise<FileEntry[]> {
    const out: FileEntry[] = [];
    await this.loadMarks();
    for (const mount of this.mounts) {
      if (parentPath(mount.path) !== path || mount.path === '/') continue;
      const root = await this.rootOf(mount);
      if (root) out.push(this.shown(root, { mount, root }));
    }
    return out;
  }

  /** The user's own children of `path` with the mounts in it (a mount hides an own node of its name). */
  private async withMounts(uid: string, path: string, own: FileEntry[]): Promise<FileEntry[]> {
    if (uid !== this.uid) return own;
    const mounted = await this.mountsIn(normalizePath(path));
    const names = new Set(mounted.map((entry) => entry.name));
    const kept = await Promise.all(own.filter((entry) => !names.has(entry.name)).map((entry) => this.withMountEtag(entry)));
    return [...kept, ...mounted];
  }

  /** An own folder of the user's tree with the etag the user sees (recipient-etags.ts). */
  private withMountEtag(entry: FileEntry): Promise<FileEntry> {
    return recipientEtag(entry, this.mounts, (mount) => this.rootOf(mount));
  }

  async stat(uid: string, path: string): Promise<FileEntry | null> {
    const place = await this.place(uid, path);
    const entry = await this.base.stat(place.uid, place.path);
    if (!entry) return null;
    return place.active ? this.shown(entry, place.active) : uid === this.uid ? this.withMountEtag(entry) : entry;
  }

  async list(uid: string, path: string): Promise<FileEntry[]> {
    const { cached, current } = await this.listing(uid, path);
    return (await current) ?? cached;
  }

  async listing(uid: string, path: string): Promise<{ cached: FileEntry[]; current: Promise<FileEntry[] | null> }> {
    const place = await this.place(uid, path);
    const listed = await this.base.listing(place.uid, place.path);
    const active = place.active;
    if (active) {
      const shown = (entries: FileEntry[]): FileEntry[] => entries.map((entry) => this.shown(entry, active));
      return { cached: shown(listed.cached), current: listed.current.then((entries) => (entries ? shown(entries) : null)) };
    }
    const cached = await this.withMounts(uid, place.path, listed.cached);
    const current = listed.current.then((entries) => (entries ? this.withMounts(uid, place.path, entries) : null));
    current.catch(() => undefined);
    return { cached, current };
  }

  async streamListing(uid: string, path: string): Promise<StreamedListing> {
    const place = await this.place(uid, path);
    const active = place.active;
    if (active) {
      const listed = await this.base.streamListing(place.uid, place.path);
      const shown = (entries: FileEntry[]): FileEntry[] => entries.map((entry) => this.shown(entry, active));
      return {
        total: listed.total,
        pages: async function* () {
          for await (const page of listed.pages()) yield shown(page);
        },
        close: () => listed.close(),
        current: async () => {
          const entries = await listed.current();
          return entries ? shown(entries) : null;
        },
      };
    }
    const folder = normalizePath(place.path);
    if (uid !== this.uid || !this.mounts.some((mount) => mount.path !== folder && isWithin(mount.path, folder))) return this.base.streamListing(place.uid, place.path);
    // A folder with mounts in or below it (a mount hides an own node of its name, folders above mounts have their etag): read whole, then merged.
    const { cached, current } = await this.listing(uid, path);
    return {
      total: cached.length,
      pages: async function* () {
        yield cached;
      },
      close: async () => undefined,
      current: () => current,
    };
  }

  async refreshTree(uid: string, path: string, maxAgeSeconds: number): Promise<boolean> {
    const place = await this.place(uid, path);
    return this.base.refreshTree(place.uid, place.path, maxAgeSeconds);
  }

  async openRead(uid: string, path: string, wanted?: WantedRange): Promise<OpenedFile> {
    const place = await this.place(uid, path);
    if (place.active && downloadForbidden(place.active.mount.attributes)) fail('forbidden', VIEW_ONLY_MESSAGE);
    return this.base.openRead(place.uid, place.path, wanted);
  }

  /** Checks a file write at `place` (UPDATE to replace, CREATE to add) and gives the quota that counts. */
  private async writeQuota(place: Place, quota: number): Promise<number> {
    if (!place.active) return quota;
    const existing = await this.base.stat(place.uid, place.path);
    this.need(place, existing ? UPDATE : CREATE, existing ? 'change files' : 'create files');
    return place.active.mount.ownerQuota;
  }

  async write(uid: string, path: string, source: AsyncIterable<Buffer> | Readable, options: FileWriteOptions): Promise<FileWriteResult> {
    const place = await this.place(uid, path);
    const quota = await this.writeQuota(place, options.quota);
    const result = await this.base.write(place.uid, place.path, source, { ...options, quota, by: options.by ?? this.writer });
    return place.active ? { ...result, entry: this.shown(result.entry, place.active) } : result;
  }

  async put(uid: string, path: string, content: FileContent, options: FileWriteOptions): Promise<FileWriteResult> {
    const place = await this.place(uid, path);
    const quota = await this.writeQuota(place, options.quota);
    const result = await this.base.put(place.uid, place.path, content, { ...options, quota, by: options.by ?? this.writer });
    return place.active ? { ...result, entry: this.shown(result.entry, place.active) } : result;
  }

  async mkdir(uid: string, path: string): Promise<FileEntry> {
    const place = await this.place(uid, path);
    if (place.active && normalizePath(path) === place.active.mount.path) fail('method-not-allowed', 'The resource you tried to create already exists');
    this.need(place, CREATE, 'create folders');
    const entry = await this.base.mkdir(place.uid, place.path);
    return place.active ? this.shown(entry, place.active) : entry;
  }

  /** Who deletes through this view: its user, nobody known for a public link's visitor. */
  private get deleter(): string {
    return this.anonymous ? '' : this.uid;
  }

  async delete(uid: string, path: string, options: { final?: boolean } = {}): Promise<void> {
    const place = await this.place(uid, path);
    if (place.active && normalizePath(path) === place.active.mount.path) {
      if (place.active.mount.public) fail('forbidden', 'The shared node itself cannot be deleted');
      // Deleting the mount root takes it out of this user's tree; the owner's node stays.
      await place.active.mount.unmounted();
      return;
    }
    this.need(place, DELETE, 'delete');
    return this.base.delete(place.uid, place.path, { ...options, by: this.deleter, byPath: normalizePath(path) });
  }

  async changeNode(uid: string, path: string, changes: NodeChanges, alsoInTransaction?: (db: Kysely<unknown>) => Promise<void>): Promise<FileEntry> {
    const place = await this.place(uid, path);
    const active = place.active;
    if (!active) return this.base.changeNode(place.uid, place.path, changes, alsoInTransaction);
    // A mark is the user's own, on anything they see (read-only shares too); a visitor has none to make.
    if (changes.favorite !== undefined && active.mount.public) fail('forbidden', 'A public link has no favorites');
    if (changes.mtime !== undefined) this.need(place, UPDATE, 'change files');
    const entry = await this.base.changeNode(place.uid, place.path, { ...changes, ...(changes.favorite !== undefined ? { favoriteOf: this.uid } : {}) }, alsoInTransaction);
    if (changes.favorite !== undefined) {
      await this.loadMarks();
      this.marks.set(entry.fileid, changes.favorite);
    }
    const shown = this.shown(entry, active);
    // The user's own feed hears of their mark, at their path; the owner's never does.
    if (changes.favorite !== undefined) await this.base.events.emit('favoriteChanged', this.uid, shown);
    return shown;
  }

  async move(uid: string, from: string, to: string, options: { replace?: boolean } = {}): Promise<FileEntry> {
    const source = await this.place(uid, from);
    const target = await this.place(uid, to);
    if (source.active && normalizePath(from) === source.active.mount.path) {
      if (source.active.mount.public) fail('forbidden', 'The shared node itself cannot be moved');
      return this.moveMount(source.active, normalizePath(to), target);
    }
    if (source.active && downloadForbidden(source.active.mount.attributes)) fail('forbidden', VIEW_ONLY_MESSAGE);
    if (source.active && target.active && source.active.mount === target.active.mount) {
      const rename = parentPath(source.path) === parentPath(target.path);
      this.need(source, rename ? UPDATE : UPDATE | DELETE | CREATE, rename ? 'rename' : 'move');
      return this.shown(await this.base.move(source.uid, source.path, target.path, { ...options, by: this.writer }), source.active);
    }
    if (!source.active && !target.active) return this.base.move(uid, from, to, { ...options, by: this.writer });
    // Between the user's files and a mount, or two mounts: a copy, then the source goes.
    this.need(source, DELETE, 'move');
    const entry = await this.copyAcross(source, target, options.replace === true);
    // The source goes as a delete by this user (into its owner's trash, as Nextcloud keeps what a recipient moves out of a share).
    await this.base.delete(source.uid, source.path, { by: this.deleter, byPath: normalizePath(from) });
    return entry;
  }

  async copy(uid: string, from: string, to: string, quota: number, options: { replace?: boolean; shallow?: boolean } = {}): Promise<FileEntry> {
    const source = await this.place(uid, from);
    const target = await this.place(uid, to);
    if (source.active && downloadForbidden(source.active.mount.attributes)) fail('forbidden', VIEW_ONLY_MESSAGE);
    if (source.uid === target.uid && (source.active?.mount ?? null) === (target.active?.mount ?? null)) {
      if (target.active) this.need(target, CREATE, 'create files');
      const entry = await this.base.copy(target.uid, source.path, target.path, target.active ? target.active.mount.ownerQuota : quota, { ...options, by: this.writer });
      return target.active ? this.shown(entry, target.active) : entry;
    }
    return this.copyAcross(source, target, options.replace === true, options.shallow === true ? 'shallow' : 'deep', quota);
  }

  /** Renames or moves the mount root itself: within the user's own tree only. */
  private async moveMount(active: Active, to: string, target: Place): Promise<FileEntry> {
    if (target.active) fail('forbidden', 'A share cannot be moved into another share');
    const parent = await this.base.stat(this.uid, parentPath(to));
    if (!parent || parent.type !== 'folder') fail('conflict', 'The destination parent node does not exist');
    if ((await this.base.stat(this.uid, to)) || this.mounts.some((mount) => mount !== active.mount && mount.path === to)) {
      fail('precondition-failed', 'The destination node already exists');
    }
    await active.mount.moved(to);
    active.mount.path = to;
    return this.shown(active.root, active);
  }

  /**
   * Copies a node between two storages (the user's files and a mount, or two mounts) by
   * streaming: files one by one, folders made on the way. The target's permissions and quota
   * apply.
   */
  private async copyAcross(source: Place, target: Place, replace: boolean, depth: 'deep' | 'shallow' = 'deep', ownQuota = -1): Promise<FileEntry> {
    const node = await this.base.stat(source.uid, source.path);
    if (!node) fail('not-found', 'File not found');
    const existing = await this.base.stat(target.uid, target.path);
    if (existing && !replace) fail('precondition-failed', 'The destination node already exists');
    this.need(target, existing ? UPDATE | CREATE : CREATE, 'create files');
    const quota = target.active ? target.active.mount.ownerQuota : ownQuota;
    if (existing) await this.base.delete(target.uid, target.path);
    const placed = await this.copyTree(source.uid, source.path, node, target.uid, target.path, quota, depth);
    return target.active ? this.shown(placed, target.active) : placed;
  }

  private async copyTree(fromUid: string, fromPath: string, node: FileEntry, toUid: string, toPath: string, quota: number, depth: 'deep' | 'shallow'): Promise<FileEntry> {
    if (node.type === 'file') {
      const opened = await this.base.openRead(fromUid, fromPath);
      return (await this.base.write(toUid, toPath, opened.stream(), { quota, expectedLength: opened.size, mtime: node.mtime })).entry;
    }
    const folder = await this.base.mkdir(toUid, toPath);
    if (depth === 'shallow') return folder;
    for (const child of await this.base.list(fromUid, fromPath)) {
      await this.copyTree(fromUid, child.path, child, toUid, `${toPath}/${child.name}`, quota, depth);
    }
    return (await this.base.stat(toUid, toPath)) ?? folder;
  }
}
