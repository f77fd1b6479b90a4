import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { dialectOf } from '../db/connection';
import type { ChangeEvent, ChangeTables, NodeChange } from './types';

/** How much history the feed keeps for clients that reconnect. */
export interface ChangeWindow {
  /** Changes younger than this many seconds are kept (unless over {@link maxRows}). */
  maxAgeSeconds: number;
  /** At most this many of the newest changes are kept, whatever their age. */
  maxRows: number;
}

/** One hour or 100,000 changes, whichever is smaller: a laptop waking up catches up without a refetch. */
export const DEFAULT_CHANGE_WINDOW: ChangeWindow = { maxAgeSeconds: 3600, maxRows: 100_000 };

type Row = Omit<ChangeTables['node_changes'], 'id' | 'created_at'> & { id: number };

/**
 * A change of properties only is stored with `from_path` equal to `path` (a move to where the
 * node already is, which no move makes): the table of storage-009 holds it without a new column.
 */
function fromPathOf(change: NodeChange): string | null {
  return change.properties === true ? change.path : (change.from ?? null);
}

function toEvent(row: Row): ChangeEvent {
  const properties = row.from_path === row.path;
  return {
    id: Number(row.id),
    uid: row.uid,
    path: row.path,
    ...(row.from_path === null || properties ? {} : { from: row.from_path }),
    fileid: Number(row.fileid),
    type: row.type,
    etag: row.etag,
    ...(properties ? { properties: true as const } : {}),
  };
}

/** The PostgreSQL channel a NOTIFY goes to after every write of changes: the processes' wake-up. */
export const CHANGES_CHANNEL = 'cumulus_node_changes';

const COLUMNS = ['id', 'uid', 'path', 'from_path', 'fileid', 'type', 'etag'] as const;
/** Rows per INSERT: 7 values each stays far below SQLite's limit of bound parameters. */
const RECORD_CHUNK = 500;

/**
 * The `node_changes` table: the feed's shared memory. Every server process writes the changes
 * it makes and reads everyone's by id, so a change crosses processes through the database.
 * Plain kysely queries, portable to PostgreSQL.
 */
export class ChangeLog {
  private readonly db: Kysely<ChangeTables>;

  /** @param db the shared database (with storage-009 applied) */
  constructor(db: Kysely<unknown>) {
    this.db = db as unknown as Kysely<ChangeTables>;
  }

  /**
   * Stores changes in order, in one transaction; their ids rise in that order. On PostgreSQL a
   * NOTIFY on {@link CHANGES_CHANNEL} then wakes every process listening (each reads the new
   * rows at once instead of at its next poll).
   */
  async record(changes: readonly NodeChange[], at = Date.now()): Promise<void> {
    if (changes.length === 0) return;
    if (changes.length <= RECORD_CHUNK) await this.insert(this.db, changes, at);
    else {
      await this.db.transaction().execute(async (trx) => {
        for (let start = 0; start < changes.length; start += RECORD_CHUNK) await this.insert(trx, changes.slice(start, start + RECORD_CHUNK), at);
      });
    }
    if (dialectOf(this.db as Kysely<unknown>) === 'postgres') await sql`select pg_notify(${CHANGES_CHANNEL}, '')`.execute(this.db);
  }

  private async insert(db: Kysely<ChangeTables>, changes: readonly NodeChange[], at: number): Promise<void> {
    await db
      .insertInto('node_changes')
      .values(
        changes.map((change) => ({
          uid: change.uid,
          path: change.path,
          from_path: fromPathOf(change),
          fileid: change.fileid,
          type: change.type,
          etag: change.etag,
          created_at: at,
        })),
      )
      .execute();
  }

  /** The changes of every user after `afterId`, oldest first, at most `limit`. */
  async after(afterId: number, limit: number): Promise<ChangeEvent[]> {
    const rows = await this.db.selectFrom('node_changes').select(COLUMNS).where('id', '>', afterId).orderBy('id', 'asc').limit(limit).execute();
    return rows.map(toEvent);
  }

  /** One user's changes after `afterId`, oldest first, at most `limit`. */
  async forUser(uid: string, afterId: number, limit: number): Promise<ChangeEvent[]> {
    const rows = await this.db
      .selectFrom('node_changes')
      .select(COLUMNS)
      .where('uid', '=', uid)
      .where('id', '>', afterId)
      .orderBy('id', 'asc')
      .limit(limit)
      .execute();
    return rows.map(toEvent);
  }

  /** The oldest and newest ids kept (0 and 0 when nothing was ever recorded). */
  async bounds(): Promise<{ oldest: number; newest: number }> {
    const row = await this.db
      .selectFrom('node_changes')
      .select((eb) => [eb.fn.min('id').as('oldest'), eb.fn.max('id').as('newest')])
      .executeTakeFirst();
    return { oldest: Number(row?.oldest ?? 0), newest: Number(row?.newest ?? 0) };
  }

  /**
   * Drops what falls out of the window: changes older than its age and all but its newest
   * rows. The newest change is always kept, so the oldest id kept tells a reconnecting client
   * whether it missed pruned changes. Returns how many rows went.
   */
  async prune(window: ChangeWindow, at = Date.now()): Promise<number> {
    const { newest } = await this.bounds();
    if (newest === 0) return 0;
    const result = await this.db
      .deleteFrom('node_changes')
      .where('id', '<', newest)
      .where((eb) => eb.or([eb('created_at', '<', at - window.maxAgeSeconds * 1000), eb('id', '<=', newest - window.maxRows)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
