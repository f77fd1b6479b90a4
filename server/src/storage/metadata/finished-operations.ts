import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely } from 'kysely';
import type { FileRow, FinishedOperationRow, StorageTables } from './tables';

/** What a MOVE, COPY or DELETE would answer once its operation is committed (the DAV layer's view of it). */
export interface OperationReceipt {
  /** The signed-in user who sent the request. */
  uid: string;
  method: 'MOVE' | 'COPY' | 'DELETE';
  /** The request's tree base and path (`/remote.php/dav/files/alice/a.txt`). */
  source: string;
  /** The destination's base and path; the source for DELETE. */
  destination: string;
  overwrite: boolean;
  /** The status answered: 201 or 204. */
  status: number;
}

/** A finished operation as {@link FinishedOperations.find} returns it. */
export interface FinishedOperation extends OperationReceipt {
  /** The resulting node's file id and etag (none for DELETE). */
  fileid: number | null;
  etag: string | null;
  createdAt: number;
}

interface Pending {
  operations: FinishedOperations;
  receipt: OperationReceipt;
  /** Set by the first commit: the request's own operation. Later ones (a trash bin's clean-up, a version kept) are not it. */
  recorded: boolean;
}

const pending = new AsyncLocalStorage<Pending>();

/**
 * Records the receipt of the operation running in this async context (see
 * {@link FinishedOperations.during}) with its result, through `db`: the transaction that
 * commits the operation, so a process killed right after the commit has left the receipt a
 * retry finds. Both content backends call it in their commits (local/tree-operations.ts,
 * objects/object-tree.ts); outside such a context (recovery, the CLI, plugins) it does nothing.
 */
export async function recordFinished(db: Kysely<unknown>, result: FileRow | null): Promise<void> {
  const context = pending.getStore();
  if (!context || context.recorded) return;
  await context.operations.record(db, context.receipt, result);
  context.recorded = true;
}

/**
 * Finished operations (`finished_operations`, storage-015): a short-lived receipt of each
 * committed MOVE, COPY and DELETE, so a client that sends one again because the answer was
 * lost (the process was killed after the commit, the connection dropped) is answered with
 * the original status rather than 404 or 412 for what happened. The table, not process
 * memory, so another process behind the balancer answers the retry too. Rows older than the
 * window go whenever a row is written and at each {@link prune}.
 */
export class FinishedOperations {
  private readonly db: Kysely<StorageTables>;

  /**
   * @param db the shared database; @param windowSeconds how long a receipt answers a replay (0: never, nothing is recorded)
   * @param clock milliseconds now (a test's own clock)
   */
  constructor(
    db: Kysely<unknown>,
    readonly windowSeconds: number,
    private readonly clock: () => number = Date.now,
  ) {
    this.db = db as unknown as Kysely<StorageTables>;
  }

  /** Runs `work` (the operation) so that its commit records `receipt` ({@link recordFinished}). */
  during<T>(receipt: OperationReceipt, work: () => Promise<T>): Promise<T> {
    if (this.windowSeconds <= 0) return work();
    return pending.run({ operations: this, receipt, recorded: false }, work);
  }

  /**
   * Writes a receipt through `db` (a transaction), replacing an earlier one of the same
   * operation (the same request sent before) and dropping expired rows.
   */
  async record(db: Kysely<unknown>, receipt: OperationReceipt, result: FileRow | null): Promise<void> {
    const target = db as unknown as Kysely<StorageTables>;
    const time = this.clock();
    await target
      .deleteFrom('finished_operations')
      .where((eb) =>
        eb.or([
          eb('created_at', '<', time - this.windowSeconds * 1000),
          eb.and([eb('uid', '=', receipt.uid), eb('method', '=', receipt.method), eb('source', '=', receipt.source), eb('destination', '=', receipt.destination)]),
        ]),
      )
      .execute();
    await target
      .insertInto('finished_operations')
      .values({
        uid: receipt.uid,
        method: receipt.method,
        source: receipt.source,
        destination: receipt.destination,
        overwrite: receipt.overwrite ? 1 : 0,
        status: receipt.status,
        fileid: result?.fileid ?? null,
        etag: result?.etag ?? null,
        created_at: time,
      })
      .execute();
  }

  /** The latest finished operation of this user matching the request, within the window; null when none. */
  async find(query: Omit<OperationReceipt, 'status'>): Promise<FinishedOperation | null> {
    if (this.windowSeconds <= 0) return null;
    const row = await this.db
      .selectFrom('finished_operations')
      .selectAll()
      .where('uid', '=', query.uid)
      .where('method', '=', query.method)
      .where('source', '=', query.source)
      .where('destination', '=', query.destination)
      .where('overwrite', '=', query.overwrite ? 1 : 0)
      .where('created_at', '>=', this.clock() - this.windowSeconds * 1000)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  /** Drops the receipts older than the window (the periodic sweep). */
  async prune(): Promise<void> {
    await this.db.deleteFrom('finished_operations').where('created_at', '<', this.clock() - this.windowSeconds * 1000).execute();
  }
}

function fromRow(row: FinishedOperationRow): FinishedOperation {
  return {
    uid: row.uid,
    method: row.method,
    source: row.source,
    destination: row.destination,
    overwrite: Number(row.overwrite) === 1,
    status: Number(row.status),
    // PostgreSQL's bigint arrives as a string.
    fileid: row.fileid === null ? null : Number(row.fileid),
    etag: row.etag,
    createdAt: Number(row.created_at),
  };
}
