import { createReadStream } from 'node:fs';
import { writeStreamToFile } from './batched-writer';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { StorageTables } from './tables';
import { fail } from './errors';
import { checkSegment } from './paths';

/** An upload folder of a chunked upload. */
export interface UploadSession {
  uid: string;
  id: string;
  /** The target path (v2 uploads, from the MKCOL's Destination), or null for the older v1 style. */
  destination: string | null;
  /** Creation, seconds since the epoch. */
  createdAt: number;
}

/** A stored chunk. */
export interface Chunk {
  name: string;
  size: number;
}

/** Abandoned upload folders are removed after this long. */
export const UPLOAD_MAX_AGE_SECONDS = 24 * 60 * 60;

/**
 * Chunks of chunked uploads, kept as files under
 * `<dataDir>/uploads/<uid>/<upload-id>/`, outside the user's root, with the
 * session (its destination) recorded in the database.
 */
export class UploadStore {
  private readonly db: Kysely<StorageTables>;

  /** @param options the shared database and the data directory */
  constructor(options: { db: Kysely<unknown>; dataDir: string }) {
    this.db = options.db as unknown as Kysely<StorageTables>;
    this.dataDir = options.dataDir;
  }

  private readonly dataDir: string;

  private folder(uid: string, id: string): string {
    checkSegment(uid);
    checkSegment(id);
    return join(this.dataDir, 'uploads', uid, id);
  }

  /** The session, or null when no such upload folder exists. */
  async get(uid: string, id: string): Promise<UploadSession | null> {
    const row = await this.db.selectFrom('uploads').selectAll().where('uid', '=', uid).where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    return { uid, id, destination: row.destination, createdAt: row.created_at };
  }

  /** The user's upload folders. */
  async list(uid: string): Promise<UploadSession[]> {
    const rows = await this.db.selectFrom('uploads').selectAll().where('uid', '=', uid).execute();
    return rows.map((row) => ({ uid, id: row.id, destination: row.destination, createdAt: row.created_at }));
  }

  /** Creates an upload folder; `method-not-allowed` when it exists. */
  async create(uid: string, id: string, destination: string | null): Promise<UploadSession> {
    if (await this.get(uid, id)) fail('method-not-allowed', 'The resource you tried to create already exists');
    await mkdir(this.folder(uid, id), { recursive: true });
    const createdAt = Math.floor(Date.now() / 1000);
    await this.db.insertInto('uploads').values({ uid, id, destination, created_at: createdAt }).execute();
    return { uid, id, destination, createdAt };
  }

  /** Stores one chunk (atomically, so a retried chunk replaces the old one whole). */
  async putChunk(uid: string, id: string, name: string, source: Readable, maxBytes: number): Promise<Chunk> {
    checkSegment(name);
    const folder = this.folder(uid, id);
    const tmp = join(folder, `.${randomBytes(8).toString('hex')}.part`);
    let written: number;
    try {
      written = await writeStreamToFile(source, tmp, { maxBytes });
      await rename(tmp, join(folder, name));
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
    return { name, size: written };
  }

  /** The chunks stored so far (temporary files excluded). */
  async chunks(uid: string, id: string): Promise<Chunk[]> {
    const folder = this.folder(uid, id);
    const names = (await readdir(folder)).filter((name) => !name.startsWith('.'));
    return Promise.all(names.map(async (name) => ({ name, size: (await stat(join(folder, name))).size })));
  }

  /**
   * The bytes of the given chunks, one after the other, streamed. With
   * `consume`, each chunk file is deleted as soon as it has been read: its
   * pages, usually not yet written back, are then dropped instead of written,
   * so assembling costs one write of the file instead of two. A failure after
   * that point must discard the whole upload (see the MOVE handler).
   */
  async *read(uid: string, id: string, names: string[], consume = false): AsyncGenerator<Buffer> {
    const folder = this.folder(uid, id);
    for (const name of names) {
      for await (const chunk of createReadStream(join(folder, name), { highWaterMark: 4 * 1024 * 1024 })) yield chunk as Buffer;
      if (consume) await rm(join(folder, name), { force: true });
    }
  }

  /** Removes an upload folder and its session. */
  async remove(uid: string, id: string): Promise<void> {
    await rm(this.folder(uid, id), { recursive: true, force: true });
    await this.db.deleteFrom('uploads').where('uid', '=', uid).where('id', '=', id).execute();
  }

  /** Bytes held in the user's pending uploads (counted against the quota). */
  async pendingBytes(uid: string): Promise<number> {
    let total = 0;
    for (const session of await this.list(uid)) {
      for (const chunk of await this.chunks(uid, session.id).catch(() => [])) total += chunk.size;
    }
    return total;
  }

  /**
   * Removes upload folders older than `maxAgeSeconds` (abandoned uploads), and
   * folders left on disk without a session. Returns how many were removed.
   */
  async sweep(maxAgeSeconds = UPLOAD_MAX_AGE_SECONDS): Promise<number> {
    const cutoff = Math.floor(Date.now() / 1000) - maxAgeSeconds;
    const stale = await this.db.selectFrom('uploads').selectAll().where('created_at', '<', cutoff).execute();
    for (const row of stale) await this.remove(row.uid, row.id);
    let removed = stale.length;
    const base = join(this.dataDir, 'uploads');
    for (const uid of await readdir(base).catch(() => [] as string[])) {
      for (const id of await readdir(join(base, uid)).catch(() => [] as string[])) {
        const known = await this.db.selectFrom('uploads').select('id').where('uid', '=', uid).where('id', '=', id).executeTakeFirst();
        if (known) continue;
        const info = await stat(join(base, uid, id)).catch(() => null);
        if (info && info.mtimeMs / 1000 < cutoff) {
          await rm(join(base, uid, id), { recursive: true, force: true });
          removed += 1;
        }
      }
    }
    return removed;
  }
}
