import { randomInt } from 'node:crypto';
import pg from 'pg';
import type { Kysely } from 'kysely';
import { postgresPool } from '../../db/postgres';

/** The advisory lock class (first key) under which server processes announce themselves. */
const LOCK_CLASS = 0x434d4c53;

/**
 * A tag for this server process: 8 hex digits, part of its temporary names and its journal
 * rows, so another process on the same database and data dir leaves what it is doing alone.
 */
export function newInstanceTag(): string {
  return randomInt(1, 2 ** 31 - 1).toString(16).padStart(8, '0');
}

/**
 * Which server processes on this database are running. On PostgreSQL each process holds a
 * session advisory lock keyed by its tag on a connection of its own (outside the pool, so
 * closing the pool never waits for it): PostgreSQL lets go of it
 * when the process dies, however it dies (SIGKILL, a lost machine), so a lock held is a live
 * process and nothing needs a heartbeat or a timeout. On SQLite (one process per data dir)
 * only this process is known to live.
 */
export class InstanceRegistry {
  private held: pg.Client | undefined;
  private starting: Promise<void> | undefined;

  /** @param db the shared database; @param tag this process's {@link newInstanceTag} */
  constructor(
    private readonly db: Kysely<unknown>,
    readonly tag: string,
  ) {}

  /** Announces this process (idempotent). */
  async start(): Promise<void> {
    this.starting ??= (async () => {
      const pool = postgresPool(this.db);
      if (!pool) return;
      const client = new pg.Client(pool.options);
      // The server going away ends the session and so the lock; nothing to report then.
      client.on('error', () => undefined);
      await client.connect();
      await client.query('select pg_advisory_lock($1, $2)', [LOCK_CLASS, parseInt(this.tag, 16)]);
      this.held = client;
    })();
    await this.starting;
  }

  /** The tags of the running processes, this one included. */
  async alive(): Promise<ReadonlySet<string>> {
    await this.start();
    if (!this.held) return new Set([this.tag]);
    const result = await this.held.query<{ objid: string | number }>(
      `select objid from pg_locks where locktype = 'advisory' and granted and classid = $1 and objsubid = 2
         and database = (select oid from pg_database where datname = current_database())`,
      [LOCK_CLASS],
    );
    return new Set([this.tag, ...result.rows.map((row) => Number(row.objid).toString(16).padStart(8, '0'))]);
  }

  /** Lets go of the announcement (a clean stop) and closes its connection. */
  async close(): Promise<void> {
    await this.starting?.catch(() => undefined);
    const client = this.held;
    this.held = undefined;
    this.starting = undefined;
    if (!client) return;
    await client.end().catch(() => undefined);
  }
}
