import type { Kysely } from 'kysely';
import type { JournalRow, StorageTables } from '../../metadata/tables';

/** What an operation records before it touches the disk. */
export type JournalEntry = Omit<JournalRow, 'id' | 'created_at' | 'instance'>;

/**
 * The operation journal: a COPY or MOVE writes its row (source, destination, the moved
 * node's file id, the temporary names it uses) before its first change on disk, and deletes
 * it in the same database transaction that records the result. A row found at start-up is
 * therefore an operation a crash cut short, whose database side never happened; the disk
 * tells how far it got (tree-operations.ts).
 */
export class OperationJournal {
  private readonly db: Kysely<StorageTables>;

  /** @param db the shared database handle */
  /** @param db the shared database; @param instance the tag of this server process (`instances.ts`) */
  constructor(
    db: Kysely<unknown>,
    private readonly instance: string | null = null,
  ) {
    this.db = db as unknown as Kysely<StorageTables>;
  }

  /** Records an operation about to start (committed before this returns). */
  async begin(entry: JournalEntry): Promise<JournalRow> {
    const created_at = Math.floor(Date.now() / 1000);
    const { id } = await this.db
      .insertInto('operation_journal')
      .values({ ...entry, instance: this.instance, created_at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ...entry, id: Number(id), instance: this.instance, created_at };
  }

  /** Forgets an operation: with `db`, inside that transaction (the one recording its result). */
  async finish(id: number, db?: Kysely<unknown>): Promise<void> {
    const target = (db ?? this.db) as Kysely<StorageTables>;
    await target.deleteFrom('operation_journal').where('id', '=', id).execute();
  }

  /**
   * The operations a crash cut short, oldest first: those of no running process (`running`:
   * the tags of the live ones; another process's operation under way is its own to finish).
   */
  async pending(running: ReadonlySet<string> = new Set()): Promise<JournalRow[]> {
    const rows = await this.db.selectFrom('operation_journal').selectAll().orderBy('id').execute();
    return rows.filter((row) => row.instance === null || !running.has(row.instance));
  }
}
