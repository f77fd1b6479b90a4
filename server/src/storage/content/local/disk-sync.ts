import type { ContentChild, ContentStat, ContentStore } from '../content-store';
import type { FileRow } from '../../metadata/tables';
import type { ListedRow, MetadataStore } from '../../metadata/metadata-store';
import { newEtag } from '../../metadata/metadata-store';
import { StorageError, fail } from '../../../errors';
import { isWithin, joinPath, parentPath } from '../../model/paths';
import { ancestorsOf, changedFileColumns, newRow, now, toEntry } from '../../metadata/cache-rows';
import type { NodeEvents } from '../../model/node-events';

/**
 * Keeps the file cache in line with the disk, so changes made behind the server's back are
 * noticed: metadata updated, new etags propagated up, vanished nodes dropped. Single nodes
 * and a folder's children are checked when asked for ({@link refreshNode},
 * {@link checkListing}), whole trees now and then ({@link refreshTree}). What it finds is
 * told through the node events like the server's own changes (created, changed, deleted: the
 * topmost node of a new or vanished tree), so the change feed carries it too.
 */
export class DiskSync {
  /**
   * @param metadata the file cache; @param content where the disk's truth is read
   * @param events where the changes found on disk are told (none: told nowhere)
   */
  constructor(
    private readonly metadata: MetadataStore,
    private readonly content: ContentStore,
    private readonly events?: NodeEvents,
  ) {}

  /** Tells the node events of a change found on disk. */
  private async found(event: 'created' | 'changed' | 'deleted', uid: string, row: FileRow): Promise<void> {
    await this.events?.emit(event, uid, toEntry(row));
  }

  /**
   * Tells the node events of the changes found in one folder, all at once: a folder of
   * 100,000 files copied in behind the server's back is then one batch for the change feed
   * to write, not 100,000 writes one after the other.
   */
  private async foundAll(uid: string, changes: readonly (readonly ['created' | 'changed' | 'deleted', FileRow])[]): Promise<void> {
    await Promise.all(changes.map(([event, row]) => this.found(event, uid, row)));
  }

  /**
   * Paths the server is changing itself, per user, with how many changes hold each: between
   * a change on disk and its record in the cache the two disagree on purpose, and a check
   * that "fixed" the cache then (dropping a folder being moved, inserting it again under its
   * new name with new file ids) would make the change fail and lose the ids.
   */
  private readonly held = new Map<string, Map<string, number>>();
  /**
   * Per user, a count of holds taken and let go: a check that saw the disk or the cache
   * while a change of the server's began or ended makes no change of its own (what it read
   * may be from either side of the change).
   */
  private readonly generations = new Map<string, number>();

  private generation(uid: string): number {
    return this.generations.get(uid) ?? 0;
  }

  private bump(uid: string): void {
    this.generations.set(uid, this.generation(uid) + 1);
  }

  /**
   * Keeps checks away from `paths` (and everything below them) until the returned handle is
   * disposed: `using held = sync.hold(uid, from, to)` around a change's disk and cache steps.
   * Checks meanwhile answer what the cache holds there.
   */
  hold(uid: string, ...paths: string[]): Disposable {
    let mine = this.held.get(uid);
    if (!mine) this.held.set(uid, (mine = new Map()));
    const counts = mine;
    for (const path of paths) counts.set(path, (counts.get(path) ?? 0) + 1);
    this.bump(uid);
    let released = false;
    return {
      [Symbol.dispose]: () => {
        if (released) return;
        released = true;
        this.bump(uid);
        for (const path of paths) {
          const count = (counts.get(path) ?? 1) - 1;
          if (count > 0) counts.set(path, count);
          else counts.delete(path);
        }
        if (counts.size === 0 && this.held.get(uid) === counts) this.held.delete(uid);
      },
    };
  }

  /** True when a change of the server's holds `path` or a folder above it. */
  private isHeld(uid: string, path: string): boolean {
    const counts = this.held.get(uid);
    if (!counts) return false;
    for (const held of counts.keys()) if (isWithin(path, held)) return true;
    return false;
  }

  /** The user's root row, created when missing. */
  async rootRow(uid: string): Promise<FileRow> {
    const row = await this.metadata.get(uid, '/');
    if (row) return row;
    const stat = await this.content.stat(uid, '/');
    if (!stat) fail('not-found', 'The user has no storage');
    // The first sight of a root scans what is already on disk.
    return this.insertTree(uid, '/', null, stat, 0);
  }

  /**
   * Brings one node's cache row in line with the disk and returns it (null
   * when the node does not exist). Missing parents are refreshed first. `path` is normalised.
   */
  async refreshNode(uid: string, path: string): Promise<FileRow | null> {
    if (path === '/') return this.rootRow(uid);
    const generation = this.generation(uid);
    if (this.isHeld(uid, path)) return this.metadata.get(uid, path);
    const [row, firstStat] = await Promise.all([this.metadata.get(uid, path), this.content.stat(uid, path)]);
    let stat = firstStat;
    if (this.generation(uid) !== generation) return this.metadata.get(uid, path);
    // The stat may predate the row: another server process (no hold of ours covers it) makes
    // the node on disk, then its row. A second look, after the row was read, sees that disk.
    if (row && (!stat || stat.type !== row.type)) stat = await this.content.stat(uid, path);
    if (row && stat && row.type === stat.type) {
      if (stat.type === 'folder' || sameContent(row, stat)) return row;
      return this.applyFileChange(uid, row, stat);
    }
    if (row) await this.dropRow(uid, row);
    if (!stat) return null;
    const parent = await this.refreshNode(uid, parentPath(path));
    if (!parent || parent.type !== 'folder') return null;
    const inserted = await this.insertTree(uid, path, parent.fileid, stat, 0);
    await this.metadata.propagate(uid, ancestorsOf(path), inserted.size, now());
    await this.found('created', uid, inserted);
    return inserted;
  }

  /**
   * Brings a folder's cached children (`cached`, as listed) in line with `disk`, its listing
   * on disk: null when they already match (the hot path of a large PROPFIND), else the
   * children as they now are, the folder and its ancestors then having new etags.
   */
  async checkListing(uid: string, folder: FileRow, cached: ListedRow[], disk: ContentChild[]): Promise<FileRow[] | null> {
    if (sameChildren(cached, disk)) return null;
    const result = await this.reconcileChildren(uid, folder, disk);
    if (result.changed) {
      await this.metadata.update(folder.fileid, { etag: newEtag(), size: folder.size + result.delta });
      await this.metadata.propagate(uid, ancestorsOf(folder.path), result.delta, now());
    }
    return result.rows;
  }

  /**
   * Checks the whole tree below `path` against the disk, unless it (or a folder above it)
   * was checked in the last `maxAgeSeconds`: files changed deep down then change the etag of
   * every folder above them, the root included, which is how sync clients find changes.
   * Folder sizes are recomputed from their children on the way. Concurrent calls for the
   * same tree share one walk. Returns true when a walk ran. `path` is normalised.
   */
  async refreshTree(uid: string, path: string, maxAgeSeconds: number): Promise<boolean> {
    if (this.treeCheckedWithin(uid, path, maxAgeSeconds)) return false;
    const key = `${uid}\0${path}`;
    let walk = this.treeWalks.get(key);
    if (!walk) {
      walk = (async () => {
        const started = Date.now();
        const row = await this.refreshNode(uid, path);
        if (!row || row.type !== 'folder') return;
        const result = await this.checkTree(uid, row);
        if (result.changed) await this.metadata.propagate(uid, ancestorsOf(path), result.size - row.size, now());
        let checked = this.treeChecks.get(uid);
        if (!checked) this.treeChecks.set(uid, (checked = new Map()));
        checked.set(path, started);
      })().finally(() => this.treeWalks.delete(key));
      this.treeWalks.set(key, walk);
    }
    await walk;
    return true;
  }

  /** When each tree was last checked whole (ms), per user and path. */
  private readonly treeChecks = new Map<string, Map<string, number>>();
  /** Tree checks under way, by `uid\0path`. */
  private readonly treeWalks = new Map<string, Promise<void>>();

  private treeCheckedWithin(uid: string, path: string, maxAgeSeconds: number): boolean {
    const checked = this.treeChecks.get(uid);
    if (!checked) return false;
    const since = Date.now() - maxAgeSeconds * 1000;
    for (let current = path; ; current = parentPath(current)) {
      if ((checked.get(current) ?? -Infinity) >= since) return true;
      if (current === '/') return false;
    }
  }

  /**
   * The children of a folder on disk, or null when it is no longer there (renamed or deleted
   * since it was looked up, or replaced by a file): a listing racing a rename answers what
   * it knew rather than fail.
   */
  async listOnDisk(uid: string, path: string): Promise<ContentChild[] | null> {
    return this.content.list(uid, path).catch((error: unknown) => {
      if (error instanceof StorageError || isMissing(error)) return null;
      throw error;
    });
  }

  /** Inserts a node found on disk, scanning a folder's whole tree for its size. */
  async insertTree(uid: string, path: string, parent: number | null, stat: ContentStat, uploadTime: number): Promise<FileRow> {
    const row = await this.metadata.insert(newRow(uid, path, parent, stat, uploadTime));
    if (stat.type !== 'folder') return row;
    let size = 0;
    // A folder renamed or deleted meanwhile is inserted empty; the next check drops it.
    for (const child of (await this.listOnDisk(uid, path)) ?? []) {
      size += (await this.insertTree(uid, joinPath(path, child.name), row.fileid, child, uploadTime)).size;
    }
    await this.metadata.update(row.fileid, { size, disk_mtime: stat.mtimeUs });
    return { ...row, size, disk_mtime: stat.mtimeUs };
  }

  private async applyFileChange(uid: string, row: FileRow, stat: ContentStat): Promise<FileRow> {
    const changes = changedFileColumns(stat);
    await this.metadata.update(row.fileid, changes);
    await this.metadata.propagate(uid, ancestorsOf(row.path), stat.size - row.size, now());
    const changed = { ...row, ...changes };
    await this.found('changed', uid, changed);
    return changed;
  }

  private async dropRow(uid: string, row: FileRow): Promise<void> {
    await this.metadata.removeTree(uid, row.path);
    await this.metadata.propagate(uid, ancestorsOf(row.path), -row.size, now());
    await this.found('deleted', uid, row);
  }

  /**
   * Brings the cached children of a folder in line with `disk` (its listing): rows of
   * vanished nodes dropped, changed files updated with new etags, new nodes inserted (a new
   * folder with its whole tree). Every difference is confirmed with a fresh lstat first, so
   * a write of our own that finished after the listing is not undone. The folder's own row
   * is left to the caller: `delta` is the change in its children's sizes.
   */
  private async reconcileChildren(
    uid: string,
    folder: FileRow,
    disk: ContentChild[],
  ): Promise<{ rows: FileRow[]; delta: number; changed: boolean; inserted: Set<number> }> {
    const generation = this.generation(uid);
    const rows = await this.metadata.children(folder.fileid);
    // A change of the server's began or ended since: leave this one as cached for now.
    const busy = (path: string): boolean => this.generation(uid) !== generation || this.isHeld(uid, path);
    const onDisk = new Map<string, ContentChild>();
    for (const child of disk) onDisk.set(child.name, child);
    const result: FileRow[] = [];
    const inserted = new Set<number>();
    const found: ['created' | 'changed' | 'deleted', FileRow][] = [];
    let delta = 0;
    let changed = false;
    for (const row of rows) {
      let current: ContentStat | null | undefined = onDisk.get(row.name);
      onDisk.delete(row.name);
      // Being changed by the server: as cached until the change is recorded.
      if (busy(row.path)) {
        result.push(row);
        continue;
      }
      if (current && current.type === row.type && (current.type === 'folder' || sameContent(row, current))) {
        result.push(row);
        continue;
      }
      current = await this.content.stat(uid, row.path);
      if (busy(row.path)) {
        result.push(row);
        continue;
      }
      if (!current || current.type !== row.type) {
        await this.metadata.removeTree(uid, row.path);
        found.push(['deleted', row]);
        delta -= row.size;
        changed = true;
        if (current) onDisk.set(row.name, { name: row.name, ...current });
        continue;
      }
      if (current.type === 'file' && !sameContent(row, current)) {
        const changes = changedFileColumns(current);
        await this.metadata.update(row.fileid, changes);
        found.push(['changed', { ...row, ...changes }]);
        delta += current.size - row.size;
        changed = true;
        result.push({ ...row, ...changes });
        continue;
      }
      result.push(row);
    }
    for (const name of onDisk.keys()) {
      if (busy(joinPath(folder.path, name))) continue;
      const current = await this.content.stat(uid, joinPath(folder.path, name));
      if (!current || busy(joinPath(folder.path, name))) continue;
      const row = await this.insertTree(uid, joinPath(folder.path, name), folder.fileid, current, 0);
      found.push(['created', row]);
      inserted.add(row.fileid);
      delta += row.size;
      changed = true;
      result.push(row);
    }
    await this.foundAll(uid, found);
    return { rows: result, delta, changed, inserted };
  }

  /**
   * Checks a folder's tree against the disk, depth first; each folder's size is recomputed
   * from its children and it gets a new etag when anything below it changed. Ancestors of
   * `folder` are the caller's.
   */
  private async checkTree(uid: string, folder: FileRow): Promise<{ size: number; changed: boolean }> {
    // Gone (or replaced by a file) since it was looked up: the next check of its parent drops it.
    const disk = await this.listOnDisk(uid, folder.path);
    if (disk === null) return { size: folder.size, changed: false };
    const { rows, changed: here, inserted } = await this.reconcileChildren(uid, folder, disk);
    let changed = here;
    let size = 0;
    for (const child of rows) {
      if (child.type === 'folder' && !inserted.has(child.fileid) && !this.isHeld(uid, child.path)) {
        const below = await this.checkTree(uid, child);
        size += below.size;
        changed ||= below.changed;
      } else {
        size += child.size;
      }
    }
    if (changed || size !== folder.size) {
      await this.metadata.update(folder.fileid, changed ? { size, etag: newEtag() } : { size });
    }
    return { size, changed: changed || size !== folder.size };
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** True when the cached children match the listing on disk exactly (names, types, sizes and mtimes of files). */
function sameChildren(rows: ListedRow[], disk: ContentChild[]): boolean {
  if (rows.length !== disk.length) return false;
  const byName = new Map<string, ContentChild>();
  for (const child of disk) byName.set(child.name, child);
  for (const row of rows) {
    const child = byName.get(row.name);
    if (!child || child.type !== row.type) return false;
    if (child.type === 'file' && !sameContent(row, child)) return false;
  }
  return true;
}

/** True when a file on disk still has the size and mtime its cached row recorded. */
function sameContent(row: Pick<FileRow, 'size' | 'disk_mtime'>, stat: ContentStat): boolean {
  return stat.size === row.size && stat.mtimeUs === row.disk_mtime;
}
