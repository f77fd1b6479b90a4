import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { dialectOf } from './connection';

/** Rows and a checksum of one table's content. */
export interface TableDigest {
  rows: number;
  /** SHA-256 of the rows, each as JSON with sorted keys, in sorted order: equal content, equal digest, whatever the engine. */
  sha256: string;
}

/** Tables whose rows others reference: copied first. */
const FIRST = ['users', 'filecache'];
/** Bookkeeping each database keeps itself. */
const SKIPPED = new Set(['migrations']);

/** The user tables of a database, parents first (on SQLite, neither virtual tables nor their shadow tables). */
export async function tableNames(db: Kysely<unknown>): Promise<string[]> {
  const rows =
    dialectOf(db) === 'postgres'
      ? (await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(db)).rows
      : // Plain tables only: a virtual table (the FTS5 name index) and its shadow tables are derived
        // from filecache by triggers, rebuilt on the target by its own triggers as the rows arrive,
        // and PostgreSQL has none of them (its name index is an index).
        (await sql<{ name: string }>`select name from pragma_table_list where schema = 'main' and type = 'table' and name not like 'sqlite_%'`.execute(db)).rows;
  const names = rows.map((row) => row.name).filter((name) => !SKIPPED.has(name));
  return [...FIRST.filter((name) => names.includes(name)), ...names.filter((name) => !FIRST.includes(name)).sort()];
}

async function rowsOf(db: Kysely<unknown>, table: string): Promise<Record<string, unknown>[]> {
  return (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows;
}

/** The digest of a table (see {@link TableDigest}). */
export async function digestTable(db: Kysely<unknown>, table: string): Promise<TableDigest> {
  const lines = (await rowsOf(db, table)).map((row) => JSON.stringify(Object.keys(row).sort().map((key) => [key, row[key] ?? null]))).sort();
  const hash = createHash('sha256');
  for (const line of lines) hash.update(line).update('\n');
  return { rows: lines.length, sha256: hash.digest('hex') };
}

/** Thrown when the copy cannot start or its check finds a difference; the message says which. */
export class CopyError extends Error {}

/**
 * Refuses a target that lacks a table of the source or already has users ({@link CopyError});
 * returns the source's tables, parents first. {@link copyDatabase} starts with it; a caller that
 * does more before the copy (the content) calls it first, so a refusal comes before any write.
 */
export async function checkCopyTarget(source: Kysely<unknown>, target: Kysely<unknown>): Promise<string[]> {
  const tables = await tableNames(source);
  const present = new Set(await tableNames(target));
  const missing = tables.filter((table) => !present.has(table));
  if (missing.length > 0) throw new CopyError(`The target has no table ${missing.join(', ')}: a plugin that is installed here could not create them (see above).`);
  const users = await digestTable(target, 'users');
  if (users.rows > 0) throw new CopyError('The target already has users: copy into an empty database only.');
  return tables;
}

/**
 * Copies every table of `source` into `target`, whose schema is already migrated and which
 * must hold no users yet, in one transaction; then compares each table's row count and digest
 * on both sides and throws {@link CopyError} on any difference. Generated ids keep their values
 * (PostgreSQL's identity sequences are moved past them). Returns the digests.
 */
export async function copyDatabase(source: Kysely<unknown>, target: Kysely<unknown>): Promise<Map<string, TableDigest>> {
  const tables = await checkCopyTarget(source, target);
  await target.transaction().execute(async (trx) => {
    // The empty target's own first-start rows, if any, give way to the source's.
    for (const table of [...tables].reverse()) await sql`delete from ${sql.table(table)}`.execute(trx);
    for (const table of tables) {
      const rows = await rowsOf(source, table);
      for (let start = 0; start < rows.length; start += 500) {
        await (trx as Kysely<Record<string, Record<string, unknown>>>).insertInto(table).values(rows.slice(start, start + 500)).execute();
      }
    }
    if (dialectOf(target) === 'postgres') {
      const identities = await sql<{ table_name: string; column_name: string }>`
        select table_name, column_name from information_schema.columns where table_schema = current_schema() and is_identity = 'YES'`.execute(trx);
      for (const { table_name: table, column_name: column } of identities.rows) {
        await sql`select setval(pg_get_serial_sequence(${table}, ${column}), coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(trx);
      }
    }
  });
  const digests = new Map<string, TableDigest>();
  for (const table of tables) {
    const [from, to] = await Promise.all([digestTable(source, table), digestTable(target, table)]);
    if (from.rows !== to.rows || from.sha256 !== to.sha256) {
      throw new CopyError(`The copy of ${table} differs: ${from.rows} rows (${from.sha256.slice(0, 12)}) against ${to.rows} (${to.sha256.slice(0, 12)}).`);
    }
    digests.set(table, from);
  }
  return digests;
}
