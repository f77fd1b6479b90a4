import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccountTables } from './tables';
import { randomAppPassword, tokenHash } from './passwords';
import { AccountError } from './user-validation';

/** An app password as listed (never the secret itself). */
export interface AppPasswordInfo {
  id: string;
  uid: string;
  /** What the user called it, e.g. the client's name. */
  name: string;
  createdAt: number;
  lastUsed: number | null;
}

/**
 * App passwords: per-client secrets for HTTP Basic, revocable one by one. Only a SHA-256 of
 * each is stored; they are random and long, so a slow hash adds nothing.
 */
export class AppPasswordStore {
  private readonly db: Kysely<AccountTables>;

  constructor(db: Kysely<unknown>) {
    this.db = db.withTables<AccountTables>();
  }

  /** Creates an app password for a user; the secret is returned once and never again. */
  async create(uid: string, name: string): Promise<{ info: AppPasswordInfo; password: string }> {
    const cleanName = name.trim() || 'App password';
    if (cleanName.length > 255) throw new AccountError('invalid', 'An app password name has at most 255 characters.');
    const password = randomAppPassword();
    const info: AppPasswordInfo = {
      id: randomBytes(6).toString('hex'),
      uid,
      name: cleanName,
      createdAt: Math.floor(Date.now() / 1000),
      lastUsed: null,
    };
    await this.db
      .insertInto('app_passwords')
      .values({ id: info.id, uid, name: cleanName, token_hash: tokenHash(password), created_at: info.createdAt, last_used: null })
      .execute();
    return { info, password };
  }

  /** The app password of this user matching the secret, or null. */
  async find(uid: string, password: string): Promise<{ id: string; hash: string } | null> {
    const hash = tokenHash(password);
    const row = await this.db
      .selectFrom('app_passwords')
      .select(['id', 'token_hash'])
      .where('uid', '=', uid)
      .where('token_hash', '=', hash)
      .executeTakeFirst();
    return row ? { id: row.id, hash: row.token_hash } : null;
  }

  /** The stored hash of an app password, or undefined when it was revoked. */
  async hashOf(id: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('app_passwords').select('token_hash').where('id', '=', id).executeTakeFirst();
    return row?.token_hash;
  }

  /** Records use, at most once a minute per app password to spare the database. */
  async touch(id: string): Promise<void> {
    const t = Math.floor(Date.now() / 1000);
    await this.db
      .updateTable('app_passwords')
      .set({ last_used: t })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used', 'is', null), eb('last_used', '<', t - 60)]))
      .execute();
  }

  /** A user's app passwords, oldest first. */
  async list(uid: string): Promise<AppPasswordInfo[]> {
    const rows = await this.db.selectFrom('app_passwords').selectAll().where('uid', '=', uid).orderBy('created_at').orderBy('id').execute();
    return rows.map((row) => ({
      id: row.id,
      uid: row.uid,
      name: row.name,
      createdAt: Number(row.created_at),
      lastUsed: row.last_used === null ? null : Number(row.last_used),
    }));
  }

  /** Revokes one of a user's app passwords; throws {@link AccountError} `not-found` when there is none. */
  async revoke(uid: string, id: string): Promise<void> {
    const result = await this.db.deleteFrom('app_passwords').where('uid', '=', uid).where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) {
      throw new AccountError('not-found', `The user "${uid}" has no app password "${id}".`);
    }
  }
}
