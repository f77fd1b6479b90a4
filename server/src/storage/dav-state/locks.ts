import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { StorageTables } from '../metadata/tables';
import { isWithin } from '../model/paths';

/** A WebDAV write lock. */
export interface LockRecord {
  /** `opaquelocktoken:<uuid>`. */
  token: string;
  uid: string;
  /** The locked path (a normalised user path). */
  path: string;
  scope: 'exclusive' | 'shared';
  /** 0 or -1 (infinity). */
  depth: number;
  /** The client's `d:owner` element, serialised, or ''. */
  owner: string;
  /** Timeout in seconds. */
  timeout: number;
  /** Expiry, seconds since the epoch. */
  expiresAt: number;
}

/** The longest lock a client may ask for (Nextcloud caps at 30 minutes too). */
export const MAX_LOCK_TIMEOUT = 1800;

/** Locks kept in the database, so they survive restarts and are shared between workers. */
export class LockStore {
  private readonly db: Kysely<StorageTables>;

  /** @param db the shared database handle */
  constructor(db: Kysely<unknown>) {
    this.db = db as unknown as Kysely<StorageTables>;
  }

  /** Every live lock of the user (expired ones are dropped on the way). */
  async all(uid: string): Promise<LockRecord[]> {
    const time = Math.floor(Date.now() / 1000);
    await this.db.deleteFrom('locks').where('uid', '=', uid).where('expires_at', '<=', time).execute();
    const rows = await this.db.selectFrom('locks').selectAll().where('uid', '=', uid).execute();
    return rows.map((row) => ({
      token: row.token,
      uid: row.uid,
      path: row.path,
      scope: row.scope,
      depth: row.depth,
      owner: row.owner,
      timeout: row.timeout,
      expiresAt: row.expires_at,
    }));
  }

  /** Locks on `path` itself or on an ancestor with depth infinity. */
  async covering(uid: string, path: string): Promise<LockRecord[]> {
    return (await this.all(uid)).filter((lock) => lock.path === path || (lock.depth !== 0 && isWithin(path, lock.path)));
  }

  /** Locks that covering `path` or anything below it (what a delete/move of a tree must respect). */
  async affecting(uid: string, path: string): Promise<LockRecord[]> {
    return (await this.all(uid)).filter(
      (lock) => isWithin(lock.path, path) || lock.path === path || (lock.depth !== 0 && isWithin(path, lock.path)),
    );
  }

  /** Creates a lock and returns it. */
  async create(uid: string, path: string, scope: 'exclusive' | 'shared', depth: number, owner: string, timeout: number): Promise<LockRecord> {
    const lock: LockRecord = {
      token: `opaquelocktoken:${randomUUID()}`,
      uid,
      path,
      scope,
      depth,
      owner,
      timeout,
      expiresAt: Math.floor(Date.now() / 1000) + timeout,
    };
    await this.db
      .insertInto('locks')
      .values({ token: lock.token, uid, path, scope, depth, owner, timeout, expires_at: lock.expiresAt })
      .execute();
    return lock;
  }

  /** Extends a lock's life. */
  async refresh(lock: LockRecord, timeout: number): Promise<LockRecord> {
    const expiresAt = Math.floor(Date.now() / 1000) + timeout;
    await this.db.updateTable('locks').set({ timeout, expires_at: expiresAt }).where('token', '=', lock.token).execute();
    return { ...lock, timeout, expiresAt };
  }

  /** Removes a lock; false when no such lock exists. */
  async remove(uid: string, token: string): Promise<boolean> {
    const result = await this.db.deleteFrom('locks').where('uid', '=', uid).where('token', '=', token).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Moves locks along with a renamed tree. */
  async removeTree(uid: string, path: string): Promise<void> {
    for (const lock of await this.all(uid)) if (isWithin(lock.path, path)) await this.remove(uid, lock.token);
  }
}
