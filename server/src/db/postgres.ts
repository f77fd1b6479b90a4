import pg from 'pg';
import { ConfigError } from '../config';
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

/** True for PostgreSQL's `deadlock_detected` (40P01): the statement or transaction was undone and may be run again. */
export function isDeadlock(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '40P01';
}

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
  urls.set(db, url);
  return db;
}

const pools = new WeakMap<object, pg.Pool>();
const urls = new WeakMap<object, string>();

/** What {@link listenPostgres} tells. */
export interface ListenHandlers {
  /** A NOTIFY on the channel, or the listening connection (re)opened: something may have been sent meanwhile. */
  onNotify(): void;
  /** The listening connection failed or could not open (it is tried again). */
  onError(error: unknown): void;
}

/**
 * Listens on a PostgreSQL channel (`LISTEN`), on a connection of its own: a listener holds
 * its session, so it cannot be one of the pool's. A lost connection (PostgreSQL restarted,
 * the backend terminated) is opened again after `retryMs`, and every (re)opening counts as a
 * notification, so what was sent while nobody listened is not missed. Undefined for a Kysely
 * not opened by {@link openPostgres}; else the stop.
 */
export function listenPostgres(db: Kysely<unknown>, channel: string, handlers: ListenHandlers, retryMs = 1000): (() => Promise<void>) | undefined {
  const url = urls.get(db);
  if (url === undefined) return undefined;
  let current: pg.Client | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const lost = (client: pg.Client, error?: unknown): void => {
    if (error !== undefined) handlers.onError(error);
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    if (current === client) current = null;
    if (stopped || retry !== null) return;
    retry = setTimeout(() => {
      retry = null;
      void open();
    }, retryMs);
    retry.unref();
  };
  const open = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url, types });
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify();
    });
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client, new Error(`The connection listening on ${channel} ended`)));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      lost(client, error);
      return;
    }
    if (stopped) {
      lost(client);
      return;
    }
    current = client;
    handlers.onNotify();
  };
  void open();
  return async () => {
    stopped = true;
    if (retry !== null) clearTimeout(retry);
    retry = null;
    const client = current;
    current = null;
    if (client !== null) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  };
}

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
    if (code === '42501') {
      // insufficient_privilege: PostgreSQL's own message names neither the database nor the role.
      const role = decodeURIComponent(target.username) || 'of CUMULUS_DATABASE_URL';
      throw new ConfigError(
        `The database "${name}" does not exist and the role ${role} may not create it (${(error as Error).message}): ` +
          `create it as a superuser (createdb -O ${role} ${name}), or give the role CREATEDB (alter role ${role} createdb).`,
      );
    }
    if (code !== '42P04' && code !== '23505') throw error;
  } finally {
    await admin.end();
  }
}
