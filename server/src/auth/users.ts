import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { AccountTables } from './tables';
import type { AuthenticatedUser } from './types';
import { hashPassword } from './passwords';
import { AccountError, validateDisplayName, validatePassword, validateUid } from './user-validation';

/** A user as stored, without the password hash. */
export interface UserRecord extends AuthenticatedUser {
  /** When the user was created, seconds since the epoch. */
  createdAt: number;
  /** Last successful sign-in, seconds since the epoch, or null. */
  lastLogin: number | null;
}

/** What {@link UserStore.create} needs. */
export interface NewUser {
  uid: string;
  password: string;
  displayName?: string;
  /** Bytes; -1 (the default) is unlimited. */
  quota?: number;
}

const now = (): number => Math.floor(Date.now() / 1000);

/** The users table: creation, lookup, password and quota changes, deletion. */
export class UserStore {
  private readonly db: Kysely<AccountTables>;

  constructor(db: Kysely<unknown>) {
    this.db = db.withTables<AccountTables>();
  }

  /** Creates a user; throws {@link AccountError} for invalid input or an existing id. */
  async create(input: NewUser): Promise<UserRecord> {
    validateUid(input.uid);
    validatePassword(input.password);
    const displayName = input.displayName ?? input.uid;
    validateDisplayName(displayName);
    const quota = input.quota ?? -1;
    if (!Number.isSafeInteger(quota) || quota < -1) throw new AccountError('invalid', 'A quota is -1 (unlimited) or a number of bytes.');
    if (await this.get(input.uid)) throw new AccountError('exists', `The user "${input.uid}" already exists.`);
    const record: UserRecord = { uid: input.uid, displayName, quota, createdAt: now(), lastLogin: null };
    const inserted = await this.db
      .insertInto('users')
      .values({
        uid: record.uid,
        display_name: displayName,
        password_hash: await hashPassword(input.password),
        quota,
        created_at: record.createdAt,
        last_login: null,
      })
      // Created meanwhile by another request or server process (the check above is no lock).
      .onConflict((conflict) => conflict.column('uid').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new AccountError('exists', `The user "${input.uid}" already exists.`);
    return record;
  }

  /** The user with this id, or null. */
  async get(uid: string): Promise<UserRecord | null> {
    const row = await this.db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirst();
    return row ? toRecord(row) : null;
  }

  /** The stored password hash, or undefined when the user does not exist. */
  async passwordHash(uid: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('users').select('password_hash').where('uid', '=', uid).executeTakeFirst();
    return row?.password_hash;
  }

  /** Every user, ordered by id. */
  async list(): Promise<UserRecord[]> {
    const rows = await this.db.selectFrom('users').selectAll().orderBy('uid').execute();
    return rows.map(toRecord);
  }

  /**
   * Users whose id or display name contains `term`, case-insensitive (every user for `''`),
   * ordered by id: at most `limit` after skipping `offset`.
   */
  async search(term: string, limit: number, offset = 0): Promise<UserRecord[]> {
    const pattern = `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    let query = this.db.selectFrom('users').selectAll();
    if (term !== '') {
      query = query.where((eb) =>
        eb.or([eb(eb.fn('lower', ['uid']), 'like', sql<string>`${pattern} escape '\\'`), eb(eb.fn('lower', ['display_name']), 'like', sql<string>`${pattern} escape '\\'`)]),
      );
    }
    const rows = await query.orderBy('uid').limit(limit).offset(offset).execute();
    return rows.map(toRecord);
  }

  /** Number of users. */
  async count(): Promise<number> {
    const row = await this.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Sets a new password; browser sessions of the user end (app passwords stay). */
  async setPassword(uid: string, password: string): Promise<void> {
    validatePassword(password);
    await this.require(uid);
    const password_hash = await hashPassword(password);
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password_hash }).where('uid', '=', uid).execute();
      await trx.deleteFrom('sessions').where('uid', '=', uid).execute();
    });
  }

  /** Sets the quota in bytes; -1 is unlimited. */
  async setQuota(uid: string, quota: number): Promise<void> {
    if (!Number.isSafeInteger(quota) || quota < -1) throw new AccountError('invalid', 'A quota is -1 (unlimited) or a number of bytes.');
    await this.require(uid);
    await this.db.updateTable('users').set({ quota }).where('uid', '=', uid).execute();
  }

  /** Sets the display name. */
  async setDisplayName(uid: string, displayName: string): Promise<void> {
    validateDisplayName(displayName);
    await this.require(uid);
    await this.db.updateTable('users').set({ display_name: displayName }).where('uid', '=', uid).execute();
  }

  /** Records a successful sign-in. */
  async touchLogin(uid: string): Promise<void> {
    await this.db.updateTable('users').set({ last_login: now() }).where('uid', '=', uid).execute();
  }

  /** Deletes the user's row; sessions, app passwords and settings go with it (foreign keys cascade). */
  async delete(uid: string): Promise<void> {
    await this.require(uid);
    await this.db.deleteFrom('users').where('uid', '=', uid).execute();
  }

  private async require(uid: string): Promise<void> {
    if (!(await this.get(uid))) throw new AccountError('not-found', `The user "${uid}" does not exist.`);
  }
}

function toRecord(row: AccountTables['users']): UserRecord {
  return {
    uid: row.uid,
    displayName: row.display_name,
    quota: Number(row.quota),
    createdAt: Number(row.created_at),
    lastLogin: row.last_login === null ? null : Number(row.last_login),
  };
}
