import type { Kysely } from 'kysely';
import type { StorageTables } from '../metadata/tables';
import { fail } from '../../errors';

/** An upload folder of a chunked upload. */
export interface UploadSession {
  uid: string;
  id: string;
  /** The target path (v2 uploads, from the MKCOL's Destination), or null for the older v1 style. */
  destination: string | null;
  /** Creation, seconds since the epoch. */
  createdAt: number;
  /** The last chunk PUT (or the creation), seconds since the epoch: abandoned uploads are swept by it. */
  lastActivity: number;
}

/** A chunk's name and size, as the pending-bytes count needs it. */
export interface ChunkSize {
  name: string;
  size: number;
}

/**
 * The sessions of chunked uploads in the shared database (`uploads`, and the `upload_chunks`
 * records that belong to them), whichever store keeps the chunks' bytes: files under
 * `<dataDir>/uploads` (uploads.ts) or objects (objects/object-uploads.ts). Every server
 * process sees every session.
 */
export class UploadSessions {
  private readonly db: Kysely<StorageTables>;

  constructor(db: Kysely<unknown>) {
    this.db = db as unknown as Kysely<StorageTables>;
  }

  /** The session, or null when no such upload exists. */
  async get(uid: string, id: string): Promise<UploadSession | null> {
    const row = await this.db.selectFrom('uploads').selectAll().where('uid', '=', uid).where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    return { uid, id, destination: row.destination, createdAt: row.created_at, lastActivity: row.last_activity };
  }

  /** The user's sessions. */
  async list(uid: string): Promise<UploadSession[]> {
    const rows = await this.db.selectFrom('uploads').selectAll().where('uid', '=', uid).execute();
    return rows.map((row) => ({ uid, id: row.id, destination: row.destination, createdAt: row.created_at, lastActivity: row.last_activity }));
  }

  /** Refuses (`method-not-allowed`) a session that exists already. */
  async assertNew(uid: string, id: string): Promise<void> {
    if (await this.get(uid, id)) fail('method-not-allowed', 'The resource you tried to create already exists');
  }

  /** Records a new session. */
  async insert(uid: string, id: string, destination: string | null): Promise<UploadSession> {
    const createdAt = Math.floor(Date.now() / 1000);
    await this.db.insertInto('uploads').values({ uid, id, destination, created_at: createdAt, last_activity: createdAt, chunk_size: null }).execute();
    return { uid, id, destination, createdAt, lastActivity: createdAt };
  }

  /** Records activity on an upload (it is swept 24 hours after the last). */
  async touch(uid: string, id: string): Promise<void> {
    await this.db.updateTable('uploads').set({ last_activity: Math.floor(Date.now() / 1000) }).where('uid', '=', uid).where('id', '=', id).execute();
  }

  /** Deletes a session and its chunk records; false when it was gone already (another removal won). */
  async delete(uid: string, id: string): Promise<boolean> {
    const deleted = await this.db.deleteFrom('uploads').where('uid', '=', uid).where('id', '=', id).executeTakeFirst();
    await this.db.deleteFrom('upload_chunks').where('uid', '=', uid).where('id', '=', id).execute();
    return Number(deleted.numDeletedRows) > 0;
  }

  /** Sessions without activity since `cutoff` (seconds since the epoch). */
  async staleSince(cutoff: number): Promise<UploadSession[]> {
    const rows = await this.db.selectFrom('uploads').selectAll().where('last_activity', '<', cutoff).execute();
    return rows.map((row) => ({ uid: row.uid, id: row.id, destination: row.destination, createdAt: row.created_at, lastActivity: row.last_activity }));
  }

  /** True when the session exists. */
  async exists(uid: string, id: string): Promise<boolean> {
    return (await this.db.selectFrom('uploads').select('id').where('uid', '=', uid).where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  /**
   * The user's pending bytes split into those of upload `id` (without its chunk `except`,
   * which a retry replaces) and those of every other upload. A chunk is checked against
   * the quota with the others' bytes as used and its own upload's as already spent.
   */
  async pendingUsage(uid: string, id: string | null, chunksOf: (id: string) => Promise<ChunkSize[]>, except?: string): Promise<{ own: number; others: number }> {
    let own = 0;
    let others = 0;
    for (const session of await this.list(uid)) {
      for (const chunk of await chunksOf(session.id).catch(() => [])) {
        if (session.id !== id) others += chunk.size;
        else if (chunk.name !== except) own += chunk.size;
      }
    }
    return { own, others };
  }
}
