import pg from 'pg';
import type { PoolConfig, QueryResultRow } from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { registerDialect } from './connection';

/**
 * PostgreSQL's int8 (bigint: ids, sizes, times) and numeric (sum) arrive as strings from `pg`,
 * so that no value beyond 2^53 loses precision. Ours stay far below (byte counts, µs times),
 * and the data layer is written for numbers, as SQLite returns them.
 */
const NUMBER_TYPES = new Set([20, 1700]);

const types: NonNullable<PoolConfig['types']> = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    NUMBER_TYPES.has(oid) ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as NonNullable<PoolConfig['types']>['getTypeParser'],
};

/** True for a `postgres://` or `postgresql://` URL. */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/**
 * Opens a PostgreSQL database as a Kysely with a connection pool, creating the database when
 * it is missing and the role may create databases (a test cluster, a first start).
 * `poolSize` bounds the connections this process holds.
 */
export async function openPostgres<T>(url: string, options: { poolSize?: number } = {}): Promise<Kysely<T>> {
  await createDatabaseIfMissing(url);
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, types });
  // An idle connection the server drops (a restart of PostgreSQL) must not crash the process.
  pool.on('error', () => undefined);
  const db = new Kysely<T>({ dialect: new PostgresDialect({ pool }) });
  registerDialect(db as Kysely<unknown>, 'postgres');
  pools.set(db, pool);
  return db;
}

const pools = new WeakMap<object, pg.Pool>();

/** The pool behind a Kysely opened by {@link openPostgres} (not inside a transaction), else undefined. */
export function postgresPool(db: Kysely<unknown>): pg.Pool | undefined {
  return pools.get(db);
}

/** Runs a named (prepared once per connection) query returning rows as arrays of values. */
export async function queryRows(pool: pg.Pool, name: string, text: string, values: unknown[]): Promise<unknown[][]> {
  const result = await pool.query<unknown[] & QueryResultRow>({ name, text, values, rowMode: 'array' });
  return result.rows;
}

async function createDatabaseIfMissing(url: string): Promise<void> {
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error; // invalid_catalog_name
  } finally {
    await probe.end().catch(() => undefined);
  }
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  target.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: target.toString() });
  await admin.connect();
  try {
    await admin.query(`create database "${name.replaceAll('"', '""')}"`);
  } catch (error) {
    // Another server process created it at the same moment.
    const code = (error as { code?: string }).code;
    if (code !== '42P04' && code !== '23505') throw error;
  } finally {
    await admin.end();
  }
}
