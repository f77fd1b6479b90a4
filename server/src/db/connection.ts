import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';

/**
 * One schema change. Each area of the server exports its own ordered list;
 * `name` is recorded once applied, so it must never change after release.
 */
export interface Migration {
  /** Unique, stable name, for example `storage-001-filecache`. */
  name: string;
  /** Applies the change with kysely's schema builder (portable SQL only). */
  up(db: Kysely<unknown>): Promise<void>;
}

/**
 * Opens (creating when missing) the SQLite metadata database.
 * WAL lets readers run beside the single writer; the busy timeout rides out
 * short write contention instead of failing with SQLITE_BUSY.
 */
export function openDatabase<T>(file: string): Kysely<T> {
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // WAL + NORMAL is durable across application crashes; only an OS crash can
  // lose the last transactions, which is the usual trade-off for a file cache.
  sqlite.pragma('synchronous = NORMAL');
  return new Kysely<T>({ dialect: new SqliteDialect({ database: sqlite }) });
}

interface MigrationTable {
  migrations: { name: string; applied_at: number };
}

/**
 * Applies the migrations not yet recorded in the `migrations` table, in
 * order, each in its own transaction. Running it again is a no-op.
 */
export async function migrate(db: Kysely<unknown>, migrations: Migration[]): Promise<void> {
  const names = new Set<string>();
  for (const migration of migrations) {
    if (names.has(migration.name)) throw new Error(`Duplicate migration name "${migration.name}"`);
    names.add(migration.name);
  }
  await db.schema
    .createTable('migrations')
    .ifNotExists()
    .addColumn('name', 'varchar(255)', (col) => col.primaryKey())
    .addColumn('applied_at', 'bigint', (col) => col.notNull())
    .execute();
  const tracked = db as unknown as Kysely<MigrationTable>;
  const applied = new Set((await tracked.selectFrom('migrations').select('name').execute()).map((row) => row.name));
  for (const migration of migrations) {
    if (applied.has(migration.name)) continue;
    await db.transaction().execute(async (trx) => {
      await migration.up(trx);
      await (trx as unknown as Kysely<MigrationTable>)
        .insertInto('migrations')
        .values({ name: migration.name, applied_at: Math.floor(Date.now() / 1000) })
        .execute();
    });
  }
}

/** Checks the connection answers; used by tests and the status page. */
export async function ping(db: Kysely<unknown>): Promise<boolean> {
  const result = await sql<{ one: number }>`select 1 as one`.execute(db);
  return result.rows[0]?.one === 1;
}
