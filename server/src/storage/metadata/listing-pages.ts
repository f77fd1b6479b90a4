import Database from 'better-sqlite3';
import type pg from 'pg';
import type { ListedRow } from './metadata-store';
import { queryRows } from '../../db/postgres';

/**
 * A folder's children read page by page from one state of the folder (one snapshot of the
 * database), so that the first rows of a 100,000-entry listing reach the client while the
 * rest is still being read, and no write that lands meanwhile shows in some pages and not in
 * others: the pages add up to exactly {@link total} rows as they were when the read began.
 */
export interface ListingPages {
  /** How many rows the pages hold in all. */
  readonly total: number;
  /** The rows, in pages of at most {@link LISTING_PAGE_ROWS}; read to the end, the read is closed. */
  pages(): AsyncGenerator<ListedRow[], void, undefined>;
  /** Ends the read early (the client went away): the snapshot and its connection are let go. Idempotent. */
  close(): Promise<void>;
}

/** Rows per page: a folder of up to this many is read in one statement, on the shared connection. */
export const LISTING_PAGE_ROWS = 1000;

/**
 * `favorite` of a row: whether the row's own user (the tree's) marked it. Correlated on the
 * favorites' primary key, so a 10,000-row listing pays one index probe per row.
 */
export const FAVORITE_SQL = 'case when exists (select 1 from favorites where favorites.uid = filecache.uid and favorites.fileid = filecache.fileid) then 1 else 0 end';

/** The listing's columns, in the order {@link listedRows} reads them. */
export const LISTING_COLUMNS = `fileid, name, type, size, mtime, disk_mtime, etag, mime, ${FAVORITE_SQL}, upload_time, creation_time, checksum, crc32`;

/**
 * Listing rows from rows of values in {@link LISTING_COLUMNS} order: both engines' fast paths
 * (better-sqlite3's raw statement, PostgreSQL in array mode) skip building a keyed object per
 * row in the driver.
 */
export function listedRows(values: unknown[][]): ListedRow[] {
  const rows: ListedRow[] = new Array(values.length);
  for (let i = 0; i < values.length; i += 1) {
    const v = values[i] as unknown[];
    rows[i] = {
      fileid: v[0] as number,
      name: v[1] as string,
      type: v[2] as ListedRow['type'],
      size: v[3] as number,
      mtime: v[4] as number,
      disk_mtime: v[5] as number,
      etag: v[6] as string,
      mime: v[7] as string,
      favorite: v[8] as number,
      upload_time: v[9] as number,
      creation_time: v[10] as number,
      checksum: v[11] as string | null,
      crc32: v[12] === null ? null : Number(v[12]),
    };
  }
  return rows;
}

/** Pages of rows already read whole (a small folder, or a read inside a transaction). */
export function pagesOf(rows: ListedRow[]): ListingPages {
  return {
    total: rows.length,
    async *pages() {
      for (let at = 0; at < rows.length; at += LISTING_PAGE_ROWS) yield rows.slice(at, at + LISTING_PAGE_ROWS);
    },
    close: async () => undefined,
  };
}

const LISTING_SQL = `select ${LISTING_COLUMNS} from filecache where parent = ?`;
const FIRST_PAGE_SQL = `${LISTING_SQL} limit ${LISTING_PAGE_ROWS + 1}`;
/** The next page after a file id, in file id order (the parent index holds its rows in that order). */
const NEXT_PAGE_SQL = `${LISTING_SQL} and fileid > ? order by fileid limit ${LISTING_PAGE_ROWS}`;
const firstPageStatements = new WeakMap<Database.Database, Database.Statement<[number], unknown[]>>();

/**
 * SQLite: a folder of at most one page is one statement on the shared connection (the common
 * case costs what it did). A bigger one is read on a connection of its own, opened read-only
 * for this listing, in one read transaction (WAL: the server's writes go on beside it, unseen
 * by it), stepped a page at a time between the writes of the answer: the shared connection
 * cannot keep a statement open across turns of the event loop, other requests use it.
 */
export function sqlitePages(sqlite: Database.Database, parent: number): ListingPages {
  let first = firstPageStatements.get(sqlite);
  if (!first) {
    first = sqlite.prepare<[number], unknown[]>(FIRST_PAGE_SQL).raw(true);
    firstPageStatements.set(sqlite, first);
  }
  const head = first.all(parent) as unknown[][];
  if (head.length <= LISTING_PAGE_ROWS) return pagesOf(listedRows(head));

  const reader = new Database(sqlite.name, { readonly: true, fileMustExist: true });
  let opened: { total: number; page: Database.Statement<[number, number], unknown[]> };
  try {
    reader.pragma('busy_timeout = 5000');
    reader.exec('begin');
    // The count starts the read transaction: it and every page see the same state.
    const total = reader.prepare<[number], number>('select count(*) from filecache where parent = ?').pluck().get(parent) as number;
    opened = { total, page: reader.prepare<[number, number], unknown[]>(NEXT_PAGE_SQL).raw(true) };
  } catch (error) {
    reader.close();
    throw error;
  }
  const { total, page } = opened;
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    if (reader.inTransaction) reader.exec('commit');
    reader.close();
  };
  return {
    total,
    async *pages() {
      try {
        // Pages by file id, each one statement (a page of `all()` costs less than stepping
        // row by row); the transaction keeps them to one state.
        for (let after = -1; !closed; ) {
          const values = page.all(parent, after) as unknown[][];
          if (values.length > 0) {
            after = (values[values.length - 1] as unknown[])[0] as number;
            yield listedRows(values);
          }
          if (values.length < LISTING_PAGE_ROWS) return;
        }
      } finally {
        await close();
      }
    },
    close,
  };
}

const POSTGRES_FIRST_PAGE_SQL = `select ${LISTING_COLUMNS} from filecache where parent = $1 limit ${LISTING_PAGE_ROWS + 1}`;

/** PostgreSQL fetches: a first page to answer with at once, then bigger ones (fewer round trips). */
const POSTGRES_FETCH_ROWS = 5000;

/**
 * PostgreSQL: a bigger folder gets one pooled connection for the listing, in a read-only REPEATABLE READ
 * transaction (one snapshot for the count and every page), the rows fetched through a cursor
 * a page at a time; the connection goes back to the pool at the end, or at {@link ListingPages.close}.
 */
export async function postgresPages(pool: pg.Pool, parent: number): Promise<ListingPages> {
  if (!Number.isSafeInteger(parent)) throw new Error(`Not a file id: ${String(parent)}`);
  // As on SQLite, a folder of one page is one statement (one round trip).
  const head = await queryRows(pool, 'cumulus-listing-head', POSTGRES_FIRST_PAGE_SQL, [parent]);
  if (head.length <= LISTING_PAGE_ROWS) return pagesOf(listedRows(head));
  const client = await pool.connect();
  let total: number;
  try {
    await client.query('begin isolation level repeatable read read only');
    total = Number((await client.query<{ count: number }>({ text: 'select count(*) as count from filecache where parent = $1', values: [parent] })).rows[0]?.count ?? 0);
    // The id is a checked integer: DECLARE takes no parameters.
    await client.query(`declare cumulus_listing no scroll cursor for select ${LISTING_COLUMNS} from filecache where parent = ${parent}`);
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    client.release();
    throw error;
  }
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    await client.query('rollback').catch(() => undefined);
    client.release();
  };
  return {
    total,
    async *pages() {
      try {
        for (let size = LISTING_PAGE_ROWS; !closed; size = POSTGRES_FETCH_ROWS) {
          const result = await client.query<unknown[] & pg.QueryResultRow>({ text: `fetch ${size} from cumulus_listing`, rowMode: 'array' });
          const values = result.rows as unknown[][];
          for (let at = 0; at < values.length && !closed; at += LISTING_PAGE_ROWS) yield listedRows(values.slice(at, at + LISTING_PAGE_ROWS));
          if (values.length < size) return;
        }
      } finally {
        await close();
      }
    },
    close,
  };
}
