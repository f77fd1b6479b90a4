import type { PluginFileRead, PluginFiles, PluginLog, PluginNode } from '@cumulus/server/plugin-api';
import { PluginError } from '@cumulus/server/plugin-api';
import type { TrashItemRow, TrashItems } from './items';
import { itemName, parseItemName, restoreName } from './naming';
import type { Retention } from './retention';
import { isExpired, spaceLeft } from './retention';

/** How the trash keeps items. */
export interface TrashSettings {
  retention: Retention;
  /** Nextcloud's `trashbin_size`: the most bytes a user's trash may take, or null (half of the free quota). */
  maxTrashSize: number | null;
}

/** A top-level item of a user's trash: its record and its node in the plugin's area. */
export interface TrashEntry {
  item: TrashItemRow;
  /** The node at `/<item.name>` of the area. */
  node: PluginNode;
}

/** How many names a restore tries (`name (restored 999).ext` at most). */
const MAX_RESTORE_ATTEMPTS = 1000;

/** The parent folder of a user path (`/` for a top-level one). */
function parentOf(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut <= 0 ? '/' : path.slice(0, cut);
}

function joinPath(dir: string, name: string): string {
  return dir === '/' ? `/${name}` : `${dir}/${name}`;
}

function statusOf(error: unknown): number | null {
  return error instanceof PluginError ? error.status : null;
}

/**
 * A user's trash (Nextcloud's files_trashbin): deleted nodes are moved into the plugin's
 * per-user area as `/<name>.d<timestamp>`, with a record of where they were, and come back
 * from there, or go for good, by hand or by the retention rule.
 */
export class TrashBin {
  constructor(
    private readonly files: PluginFiles,
    private readonly items: TrashItems,
    private readonly settings: TrashSettings,
    private readonly log: PluginLog,
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  /**
   * Moves a node of the user's tree into the trash; returns the item's name. Two deletes of
   * one name in the same second: the later one's time is bumped by a second (as Nextcloud
   * does under a lock), so neither overwrites the other. When someone else deletes it (a
   * share's recipient), a copy also goes into their trash, at `deleterPath` (the node's path
   * in their tree), when it fits their free space (Nextcloud's `copyFilesToUser`).
   */
  async put(node: PluginNode, deletedBy: string = node.uid, deleterPath: string = node.path): Promise<string> {
    const uid = node.uid;
    // The record first: a crash between the two leaves a record without a node (ignored and
    // dropped), never a node nobody knows came from where.
    const name = await this.claimName(uid, { filename: node.name, location: node.path.slice(1), deleted_by: deletedBy });
    try {
      await this.files.area.moveIn(uid, node.path, `/${name}`);
    } catch (error) {
      await this.items.remove(uid, name);
      throw error;
    }
    if (deletedBy !== '' && deletedBy !== uid) await this.copyToDeleter(node, name, deletedBy, deleterPath);
    await this.makeRoom(uid);
    return name;
  }

  /**
   * Records an item under a name for `item.filename` that no item of the user's trash has yet and
   * returns the name. The record is claimed in one statement, so two deletes racing for one name
   * (two DELETEs of one folder at once) get one each: the later one's time is bumped by a second.
   */
  private async claimName(uid: string, item: Pick<TrashItemRow, 'filename' | 'location' | 'deleted_by'>): Promise<string> {
    for (let deletedAt = this.now(); ; deletedAt += 1) {
      const name = itemName(item.filename, deletedAt);
      if (await this.files.area.stat(uid, `/${name}`)) continue;
      if (await this.items.claim({ uid, name, ...item, deleted_at: deletedAt })) return name;
    }
  }

  /**
   * Copies the owner's new item `ownerItem` (once `node`) into the deleter's trash, when it
   * fits their free space (no quota: it fits). The owner's item is what the delete promised:
   * a copy that fails is logged and the delete stands.
   */
  private async copyToDeleter(node: PluginNode, ownerItem: string, deleter: string, deleterPath: string): Promise<void> {
    try {
      const { used, quota } = await this.files.usage(deleter);
      if (quota >= 0 && quota - used < node.size) return;
      const name = await this.claimName(deleter, { filename: node.name, location: deleterPath.slice(1), deleted_by: deleter });
      try {
        await this.files.area.copyTo(node.uid, `/${ownerItem}`, deleter, `/${name}`);
      } catch (error) {
        await this.items.remove(deleter, name);
        throw error;
      }
      await this.makeRoom(deleter);
    } catch (error) {
      this.log.error(`copying ${node.path} of ${node.uid} into the trash of ${deleter} failed`, error);
    }
  }

  /** The user's top-level items, oldest first (a node without a record is described by its name). */
  async list(uid: string): Promise<TrashEntry[]> {
    const [rows, nodes] = await Promise.all([this.items.list(uid), this.files.area.list(uid, '/')]);
    const byName = new Map(rows.map((row) => [row.name, row]));
    const entries = nodes.map((node) => ({ item: byName.get(node.name) ?? this.describe(uid, node), node }));
    return entries.sort((a, b) => a.item.deleted_at - b.item.deleted_at || (a.item.name < b.item.name ? -1 : 1));
  }

  /** The top-level item `name`, or null. */
  async entry(uid: string, name: string): Promise<TrashEntry | null> {
    const node = await this.files.area.stat(uid, `/${name}`);
    if (!node || name.includes('/')) return null;
    return { item: (await this.items.get(uid, name)) ?? this.describe(uid, node), node };
  }

  /** The root of the user's area (its etag, size and time stand for the whole trash). */
  async areaRoot(uid: string): Promise<PluginNode> {
    return (await this.files.area.stat(uid, '/')) ?? Promise.reject(new PluginError(404, 'The trash has no root'));
  }

  /** A node of the area, at any depth, or null. */
  node(uid: string, path: string): Promise<PluginNode | null> {
    return this.files.area.stat(uid, path);
  }

  /** The children of a trashed folder. */
  children(uid: string, path: string): Promise<PluginNode[]> {
    return this.files.area.list(uid, path);
  }

  /** Opens a trashed file. */
  read(uid: string, path: string): Promise<PluginFileRead> {
    return this.files.area.read(uid, path);
  }

  /** What a node in the area without a record can tell of itself. */
  private describe(uid: string, node: PluginNode): TrashItemRow {
    const parsed = parseItemName(node.name);
    const filename = parsed?.name ?? node.name;
    return { uid, name: node.name, filename, location: filename, deleted_at: parsed?.timestamp ?? node.mtime, deleted_by: '' };
  }

  /**
   * Restores the item at `path` of the area (a top-level item, or something inside a trashed
   * folder) into the user's tree: a top-level item to its original folder, or to the root
   * when that folder is gone; anything inside a trashed folder to the root. A taken name
   * becomes `name (restored).ext`, `name (restored 2).ext`, … in `language`. 507 when the
   * user's free space is smaller than the item.
   */
  async restore(uid: string, path: string, language: string): Promise<PluginNode> {
    const [top = '', ...inside] = path.split('/').filter(Boolean);
    const node = await this.files.area.stat(uid, path);
    if (!node || top === '') throw new PluginError(404, 'The item is not in the trash');
    let dir = '/';
    let filename = node.name;
    if (inside.length === 0) {
      const { item } = (await this.entry(uid, top)) ?? { item: this.describe(uid, node) };
      filename = item.filename;
      dir = parentOf(`/${item.location}`);
    }
    const { used, quota } = await this.files.usage(uid);
    if (quota >= 0 && quota - used < node.size) throw new PluginError(507, 'Not enough free space to restore the item');
    for (let attempt = 0; attempt < MAX_RESTORE_ATTEMPTS; attempt += 1) {
      if (dir !== '/' && (await this.files.stat(uid, dir))?.type !== 'folder') {
        dir = '/';
        attempt = 0;
      }
      const target = joinPath(dir, restoreName(filename, attempt, language));
      if (await this.files.stat(uid, target)) continue;
      try {
        const restored = await this.files.area.moveOut(uid, path, target);
        if (inside.length === 0) await this.items.remove(uid, top);
        return restored;
      } catch (error) {
        // Taken meanwhile (412), or the folder went meanwhile (409): try again.
        if (statusOf(error) === 412) continue;
        if (statusOf(error) === 409 && dir !== '/') continue;
        throw error;
      }
    }
    throw new PluginError(409, 'No free name to restore the item under');
  }

  /** Deletes the item at `path` of the area for good (a top-level item with its record). */
  async delete(uid: string, path: string): Promise<void> {
    const [top = '', ...inside] = path.split('/').filter(Boolean);
    if (top === '') throw new PluginError(403, 'Not allowed to delete the trash itself');
    await this.files.area.remove(uid, path);
    if (inside.length === 0) await this.items.remove(uid, top);
  }

  /** Empties the user's trash at once. */
  async empty(uid: string): Promise<void> {
    await this.files.area.remove(uid, '/');
    await this.items.removeAll(uid);
  }

  /** Deletes the user's items the retention rule expires by age; returns how many went. */
  async expire(uid: string): Promise<number> {
    const now = this.now();
    let removed = 0;
    for (const { item } of await this.list(uid)) {
      if (!isExpired(this.settings.retention, item.deleted_at, now, false)) continue;
      await this.delete(uid, `/${item.name}`);
      removed += 1;
    }
    // Records whose node is gone (a crash between the record and the move) go too.
    const present = new Set((await this.files.area.list(uid, '/')).map((node) => node.name));
    for (const row of await this.items.list(uid)) if (!present.has(row.name)) await this.items.remove(uid, row.name);
    return removed;
  }

  /** {@link expire} for every user with a trash; returns how many items went. */
  async expireAll(): Promise<number> {
    let removed = 0;
    for (const uid of await this.items.owners()) {
      try {
        removed += await this.expire(uid);
      } catch (error) {
        this.log.error(`expiring the trash of ${uid} failed`, error);
      }
    }
    return removed;
  }

  /** Size checks queued and not done yet, by user. */
  private readonly queued = new Map<string, Promise<void>>();

  /**
   * Queues a {@link makeRoom} for the user (as Nextcloud queues a size check after a write),
   * so the write that asked for it is not kept waiting; one check per user at a time.
   */
  queueMakeRoom(uid: string): void {
    if (this.queued.has(uid)) return;
    const check = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.makeRoom(uid))
      .catch((error: unknown) => this.log.error(`keeping the trash of ${uid} within its space failed`, error))
      .finally(() => this.queued.delete(uid));
    this.queued.set(uid, check);
  }

  /** Resolves when no queued size check is left (before the plugin stops). */
  async idle(): Promise<void> {
    while (this.queued.size > 0) await Promise.all([...this.queued.values()]);
  }

  /** The size check running for each user (checks of one user run one after the other). */
  private readonly checking = new Map<string, Promise<void>>();

  /**
   * Keeps the trash within its share of the space (the `auto` rule): while it takes more
   * than allowed, the oldest items the retention rule lets go for space are deleted. Two
   * checks of one user never overlap: both would measure the same excess and purge twice.
   */
  makeRoom(uid: string): Promise<void> {
    const run = (this.checking.get(uid) ?? Promise.resolve()).then(() => this.purgeForSpace(uid));
    const settled = run.catch(() => undefined);
    this.checking.set(uid, settled);
    void settled.then(() => {
      if (this.checking.get(uid) === settled) this.checking.delete(uid);
    });
    return run;
  }

  private async purgeForSpace(uid: string): Promise<void> {
    const trashSize = await this.files.area.size(uid);
    if (trashSize === 0) return;
    const { used, quota } = await this.files.usage(uid);
    let left = spaceLeft({ trashSize, used, quota, maxTrashSize: this.settings.maxTrashSize });
    if (left === null || left >= 0) return;
    const now = this.now();
    for (const { item, node } of await this.list(uid)) {
      if (left >= 0) break;
      if (!isExpired(this.settings.retention, item.deleted_at, now, true)) continue;
      await this.delete(uid, `/${item.name}`);
      left += node.size;
    }
  }
}
