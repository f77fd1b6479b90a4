import type { Kysely } from 'kysely';
import type { JournalRow, StorageTables } from './tables';

/** What an operation records before it touches the disk. */
export type JournalEntry = Omit<JournalRow, 'id' | 'created_at'>;

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
  constructor(db: Kysely<unknown>) {
    this.db = db as unknown as Kysely<StorageTables>;
  }

  /** Records an operation about to start (committed before this returns). */
  async begin(entry: JournalEntry): Promise<JournalRow> {
    const created_at = Math.floor(Date.now() / 1000);
    const { id } = await this.db
      .insertInto('operation_journal')
      .values({ ...entry, created_at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ...entry, id: Number(id), created_at };
  }

  /** Forgets an operation: with `db`, inside that transaction (the one recording its result). */
  async finish(id: number, db?: Kysely<unknown>): Promise<void> {
    const target = (db ?? this.db) as Kysely<StorageTables>;
    await target.deleteFrom('operation_journal').where('id', '=', id).execute();
  }

  /** The operations a crash cut short, oldest first. */
  async pending(): Promise<JournalRow[]> {
    return this.db.selectFrom('operation_journal').selectAll().orderBy('id').execute();
  }
}
