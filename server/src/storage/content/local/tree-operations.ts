import type { Kysely } from 'kysely';
import type { ContentStore } from '../content-store';
import type { MetadataStore } from '../../metadata/metadata-store';
import type { FileRow, JournalRow } from '../../metadata/tables';
import { OperationJournal } from './operation-journal';
import type { JournalEntry } from './operation-journal';
import { PropertyStore } from '../../dav-state/properties';
import { LockStore } from '../../dav-state/locks';
import { DiskSync } from './disk-sync';
import { StorageError, fail } from '../../../errors';
import { ancestorsOf, now } from '../../metadata/cache-rows';
import { crashPoint } from './crash-points';
import { recordFinished } from '../../metadata/finished-operations';
import { qualifiedPath, splitQualifiedPath } from '../../model/areas';
import type { RecoveryReport } from '../backend';
import { commitDelete, commitMove, commitTransfer, destinationParent, dropReplaced } from '../tree-rows';

export type { RecoveryReport } from '../backend';


/**
 * COPY, MOVE and DELETE of whole trees (and moves between a user's tree and the user's
 * areas), safe against a crash at any point:
 *
 * - a copy is built out of sight (a temporary name in `<dataDir>/tmp`), then renamed into
 *   place, so the destination never shows a partial copy;
 * - a replaced destination is set aside (renamed), not deleted, until the result is in place;
 * - before its first change on disk the operation is written to the journal, and its
 *   database side (rows of the copy, the moved rows keeping their ids, dead properties,
 *   sizes) is committed in one transaction with the journal row's deletion; the renames run
 *   inside that transaction, so no other request's database work falls between them and
 *   the commit (no disk check can take a moved tree for new files);
 * - at start-up, before any request, each journal row left is settled by the disk's state:
 *   the result in place means the database side is completed, else the operation is undone
 *   (the set-aside destination renamed back). Temporary leftovers are swept after;
 * - a delete is done once its rows are gone: the bytes it set aside are erased after the
 *   request is answered (erasing 10,000 files is most of a large delete's time, and a crash
 *   meanwhile leaves a temporary leftover the start-up sweep removes).
 */
export class TreeOperations {
  private readonly journal: OperationJournal;
  private readonly locks: LockStore;
  /** Set-aside trees of finished deletes still being erased. */
  private readonly erasing = new Set<Promise<void>>();

  /**
   * @param metadata the file cache; @param content the disk; @param db the shared handle (journal, locks)
   * @param instance the tag of this server process, recorded with its journal rows
   */
  constructor(
    private readonly metadata: MetadataStore,
    private readonly content: ContentStore,
    db: Kysely<unknown>,
    instance: string | null = null,
  ) {
    this.journal = new OperationJournal(db, instance);
    this.locks = new LockStore(db);
  }

  /**
   * Copies `from` to `to` (with `shallow`, a folder without its content) with its dead
   * properties, replacing `replaced` (the node at `to`, already checked) only once the copy
   * is complete. The quota is checked again against the copy as built.
   */
  async copy(uid: string, from: string, to: string, options: { replaced: FileRow | null; shallow: boolean; quota: number }): Promise<FileRow> {
    const staged = await this.content.stageCopy(uid, from, { shallow: options.shallow });
    const operation = await this.begin({ kind: 'copy', uid, source: from, destination: to, fileid: null, staged: staged.name }, options.replaced !== null);
    const row = await this.run(operation, {
      async check(store) {
        if (options.quota < 0) return;
        const used = (await store.get(uid, '/'))?.size ?? 0;
        if (used - (options.replaced?.size ?? 0) + staged.size > options.quota) fail('insufficient-storage', 'Insufficient space in the user storage');
      },
      place: () => this.content.place(uid, staged.name, to),
    });
    return row ?? fail('not-found', 'Copied node vanished');
  }

  /**
   * Moves the node `row` to `to` (keeping its file id, so its favorite mark and dead
   * properties follow), replacing `replaced` (the node at `to`, already checked).
   */
  async move(uid: string, row: FileRow, to: string, replaced: FileRow | null): Promise<FileRow> {
    const operation = await this.begin({ kind: 'move', uid, source: row.path, destination: to, fileid: row.fileid, staged: null }, replaced !== null);
    const moved = await this.run(operation, { place: () => this.content.move(uid, row.path, to) });
    return moved ?? fail('not-found', 'Moved node vanished');
  }

  /**
   * Moves the node `row` from the tree `fromUid` to `to` in the tree `toUid` (a user's tree
   * and one of the user's areas, by storage key), keeping its file id, rows and dead
   * properties; nothing may be at `to`.
   */
  async transfer(fromUid: string, row: FileRow, toUid: string, to: string): Promise<FileRow> {
    const operation = await this.begin({ kind: 'transfer', uid: fromUid, source: row.path, destination: qualifiedPath(toUid, to), fileid: row.fileid, staged: null }, false);
    const moved = await this.run(operation, { place: () => this.content.transfer(fromUid, row.path, toUid, to) });
    return moved ?? fail('not-found', 'Moved node vanished');
  }

  /**
   * Deletes the node `row` (a folder with everything inside): one rename sets it aside out of
   * the tree, its rows go in the transaction that ends the journal row, its bytes after. A
   * crash leaves it whole in place or gone, never half-deleted. The root (`/`, an area
   * emptied at once) is set aside whole and an empty root is left.
   */
  async remove(uid: string, row: FileRow): Promise<void> {
    const operation = await this.begin({ kind: 'delete', uid, source: row.path, destination: row.path, fileid: row.fileid, staged: null }, true);
    await this.run(operation, { place: async () => undefined });
  }

  /** Resolves when no finished delete's bytes are still being erased (before the store closes). */
  async idle(): Promise<void> {
    while (this.erasing.size > 0) await Promise.all([...this.erasing]);
  }

  /** Settles every operation a crash cut short (see the class comment). Run before serving. */
  async recover(running?: ReadonlySet<string>): Promise<RecoveryReport> {
    const report: RecoveryReport = { completed: 0, undone: 0, failed: [] };
    for (const operation of await this.journal.pending(running)) {
      try {
        if (await this.settle(operation)) report.completed += 1;
        else report.undone += 1;
      } catch (error) {
        report.failed.push({ operation, error });
        await this.journal.finish(operation.id);
      }
    }
    return report;
  }

  /**
   * Writes an operation's journal row (reserving the name a replaced destination is set aside
   * under); on failure its temporary names are let go.
   */
  private async begin(entry: Omit<JournalEntry, 'aside'>, replacing: boolean): Promise<JournalRow> {
    let aside: string | null = null;
    try {
      if (replacing) aside = await this.content.reserveTemporary('aside');
      const operation = await this.journal.begin({ ...entry, aside });
      crashPoint(`${entry.kind}:after-journal`);
      return operation;
    } catch (error) {
      for (const name of [entry.staged, aside]) if (name) await this.content.discard(name);
      throw error;
    }
  }

  /**
   * Runs an operation's disk steps (`check`, then setting a replaced destination aside, then
   * `place`, the rename that makes the result appear) and its database side in one
   * transaction; on any failure the operation is settled by what the disk shows, as after a
   * crash, and the error thrown.
   */
  private async run(operation: JournalRow, steps: { check?: (store: MetadataStore) => Promise<void>; place: () => Promise<void> }): Promise<FileRow | null> {
    const { kind, uid, destination, aside } = operation;
    let row: FileRow | null;
    try {
      row = await this.metadata.transaction(async (store, db) => {
        await steps.check?.(store);
        if (aside) {
          if (kind === 'delete' && destination === '/') await this.content.setAsideRoot(uid, aside);
          else await this.content.setAside(uid, destination, aside);
          crashPoint(`${kind}:after-set-aside`);
        }
        await steps.place();
        crashPoint(kind === 'copy' ? 'copy:after-place' : `${kind}:after-rename`);
        return this.commit(store, db, operation);
      });
    } catch (error) {
      await this.settle(operation).catch(() => undefined);
      throw error;
    }
    crashPoint(`${kind}:after-commit`);
    await this.cleanUp(operation, kind === 'delete');
    return row;
  }

  /** Completes (true) or undoes (false) an operation by the disk's state. */
  private async settle(operation: JournalRow): Promise<boolean> {
    const { uid, destination, staged, aside } = operation;
    for (const name of [staged, aside]) if (name) this.content.holdTemporary(name);
    try {
      if (await this.reachedDestination(operation)) {
        await this.metadata.transaction((store, db) => this.commit(store, db, operation));
        return true;
      }
      if (aside && (await this.content.hasTemporary(aside)) && !(await this.exists(uid, destination))) {
        await this.content.place(uid, aside, destination);
      }
      await this.journal.finish(operation.id);
      return false;
    } finally {
      await this.cleanUp(operation);
    }
  }

  /** True when the operation's last rename happened: its result is at the destination. */
  private async reachedDestination(operation: JournalRow): Promise<boolean> {
    const { uid, source, destination, staged, aside } = operation;
    if (operation.kind === 'delete') {
      // The root is left in place (empty) when it is emptied: there, only what was set aside tells.
      if (source === '/') return aside !== null && (await this.content.hasTemporary(aside));
      return !(await this.exists(uid, source));
    }
    if (operation.kind === 'transfer') {
      const far = splitQualifiedPath(destination);
      return (await this.exists(far.key, far.path)) && !(await this.exists(uid, source));
    }
    if (!(await this.exists(uid, destination))) return false;
    if (operation.kind === 'copy') return staged !== null && !(await this.content.hasTemporary(staged));
    return !(await this.exists(uid, source));
  }

  private async exists(uid: string, path: string): Promise<boolean> {
    try {
      return (await this.content.stat(uid, path)) !== null;
    } catch (error) {
      if (error instanceof StorageError) return false;
      throw error;
    }
  }

  /**
   * After the commit (or the undo): the replaced node and an unplaced copy go, and a moved
   * tree's locks. With `later`, the temporary names are erased in the background ({@link idle}).
   */
  private async cleanUp(operation: JournalRow, later = false): Promise<void> {
    const names = [operation.staged, operation.aside].filter((name): name is string => name !== null);
    if (later) {
      const erased: Promise<void> = Promise.all(names.map((name) => this.content.discard(name)))
        .then(() => undefined, () => undefined)
        .finally(() => this.erasing.delete(erased));
      this.erasing.add(erased);
    } else for (const name of names) await this.content.discard(name);
    if (operation.kind !== 'copy' && operation.source !== '/' && !(await this.exists(operation.uid, operation.source))) await this.locks.removeTree(operation.uid, operation.source);
  }

  /** The database side of an operation whose disk side is done, ending with its journal row. */
  private async commit(store: MetadataStore, db: Kysely<unknown>, operation: JournalRow): Promise<FileRow | null> {
    const commits = {
      copy: () => this.commitCopy(store, db, operation),
      move: () => commitMove(store, operation),
      delete: () => commitDelete(store, operation),
      transfer: () => commitTransfer(store, operation),
    };
    const row = await commits[operation.kind]();
    await this.journal.finish(operation.id, db);
    // The request's receipt, in the same commit: a retry after a kill finds it.
    await recordFinished(db, row);
    return row;
  }

  private async commitCopy(store: MetadataStore, db: Kysely<unknown>, { uid, source, destination }: JournalRow): Promise<FileRow> {
    const parent = await destinationParent(store, uid, destination);
    const time = now();
    await dropReplaced(store, uid, destination, null, time);
    const stat = (await this.content.stat(uid, destination)) ?? fail('not-found', 'Copied node vanished');
    const copied = await new DiskSync(store, this.content).insertTree(uid, destination, parent.fileid, stat, time);
    await store.propagate(uid, ancestorsOf(destination), copied.size, time);
    // Every copied node keeps its dead properties (a shallow copy has only its top node to match).
    await new PropertyStore(db).copy(uid, source, destination, true);
    // The same bytes: the copies keep the originals' upload checksums.
    await store.copyChecksums(uid, source, destination);
    return copied;
  }
}
