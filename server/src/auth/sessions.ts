import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccountTables } from './tables';
import { tokenHash } from './passwords';

/** A live browser session. */
export interface Session {
  /** SHA-256 of the cookie's token; the token itself is never stored. */
  id: string;
  uid: string;
  /** The CSRF token the page must send in the `requesttoken` header. */
  requestToken: string;
}

/** Browser sessions behind the session cookie, expiring after a period without activity. */
export class SessionStore {
  private readonly db: Kysely<AccountTables>;

  /**
   * @param db the database
   * @param lifetime seconds of inactivity after which a session ends
   */
  constructor(
    db: Kysely<unknown>,
    private readonly lifetime: number,
  ) {
    this.db = db.withTables<AccountTables>();
  }

  /** Starts a session for a user; returns the cookie token (shown once) and the session. */
  async create(uid: string): Promise<{ token: string; session: Session }> {
    const token = randomBytes(32).toString('base64url');
    const session: Session = { id: tokenHash(token), uid, requestToken: randomBytes(32).toString('base64url') };
    const t = Math.floor(Date.now() / 1000);
    await this.db
      .insertInto('sessions')
      .values({ id: session.id, uid, request_token: session.requestToken, created_at: t, last_seen: t })
      .execute();
    return { token, session };
  }

  /** The live session for a cookie token, or null; refreshes its activity time now and then. */
  async get(token: string): Promise<Session | null> {
    if (token.length === 0 || token.length > 200) return null;
    const id = tokenHash(token);
    const row = await this.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const t = Math.floor(Date.now() / 1000);
    if (Number(row.last_seen) + this.lifetime < t) {
      await this.db.deleteFrom('sessions').where('id', '=', id).execute();
      return null;
    }
    // One write a minute at most: a page fires many requests.
    if (Number(row.last_seen) < t - 60) {
      await this.db.updateTable('sessions').set({ last_seen: t }).where('id', '=', id).execute();
    }
    return { id, uid: row.uid, requestToken: row.request_token };
  }

  /** Ends a session. */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  /** Removes sessions idle longer than the lifetime. */
  async prune(): Promise<void> {
    const cutoff = Math.floor(Date.now() / 1000) - this.lifetime;
    await this.db.deleteFrom('sessions').where('last_seen', '<', cutoff).execute();
  }
}

/** Compares a CSRF token sent by the client with the session's, in constant time. */
export function requestTokenMatches(expected: string, sent: string | undefined): boolean {
  if (!sent) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(sent);
  return a.length === b.length && timingSafeEqual(a, b);
}
