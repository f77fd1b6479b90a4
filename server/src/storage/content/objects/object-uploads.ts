import type { Kysely } from 'kysely';
import type { Readable } from 'node:stream';
import { fail } from '../../../errors';
import { checkSegment } from '../../model/paths';
import { UPLOAD_MAX_AGE_SECONDS, numericOrder } from '../../uploads/chunk-names';
import type { UploadSession } from '../../uploads/upload-sessions';
import { UploadSessions } from '../../uploads/upload-sessions';
import type { ObjectStore, StoredObject } from './object-store';
import type { ChunkStore, FileContent, UploadAssembly } from '../backend';
import type { ChecksumEntry } from '../checksums';
import { verifyingStream } from '../checksums';

/** A stored chunk: its name and size. */
export interface ObjectChunk {
  name: string;
  size: number;
}

/** Where every chunk object lives: `uploads/<uid>/<upload-id>/<chunk>`. */
export const CHUNK_KEY_PREFIX = 'uploads/';

/**
 * The workspace of chunked uploads when content is on object storage: no process has the
 * others' disk, so every chunk is an object `uploads/<uid>/<id>/<name>` (a retried chunk
 * replaces the old one whole; a failed PUT leaves the chunk as it was), the sessions are the
 * shared database's (`UploadSessions`), and the chunk list is the bucket's listing. A chunk
 * may reach any process, and so may the MOVE that assembles them: {@link assemble} writes
 * the file's object through one multipart upload (objects/README.md, "Chunked uploads").
 */
export class ObjectUploadStore implements ChunkStore {
  private readonly sessions: UploadSessions;

  /** @param options the shared database and the object store */
  constructor(private readonly options: { db: Kysely<unknown>; objects: ObjectStore }) {
    this.sessions = new UploadSessions(options.db);
  }

  private prefix(uid: string, id: string): string {
    checkSegment(uid);
    checkSegment(id);
    return `${CHUNK_KEY_PREFIX}${uid}/${id}/`;
  }

  /** The session, or null when no such upload exists. */
  async get(uid: string, id: string): Promise<UploadSession | null> {
    return this.sessions.get(uid, id);
  }

  /** The user's uploads. */
  async list(uid: string): Promise<UploadSession[]> {
    return this.sessions.list(uid);
  }

  /** Creates an upload; `method-not-allowed` when it exists. */
  async create(uid: string, id: string, destination: string | null): Promise<UploadSession> {
    this.prefix(uid, id);
    await this.sessions.assertNew(uid, id);
    return this.sessions.insert(uid, id, destination);
  }

  /** Stores one chunk (`insufficient-storage` beyond `maxBytes`, nothing stored then). */
  async putChunk(uid: string, id: string, name: string, source: AsyncIterable<Buffer> | Readable, maxBytes: number): Promise<ObjectChunk> {
    checkSegment(name);
    const key = this.prefix(uid, id) + name;
    await this.sessions.touch(uid, id);
    let stored: StoredObject;
    try {
      stored = await this.options.objects.put(key, source, { maxBytes });
    } catch (error) {
      // Removed meanwhile (a DELETE of the upload deleted the chunk as it was written): the upload's 404.
      if (!(await this.sessions.exists(uid, id))) fail('not-found', 'Upload folder not found');
      throw error;
    }
    await this.sessions.touch(uid, id);
    return { name, size: stored.size };
  }

  /** The bytes of `chunks` (as listed by {@link chunks}), one after the other. */
  async *read(uid: string, id: string, chunks: readonly ObjectChunk[]): AsyncGenerator<Buffer> {
    const prefix = this.prefix(uid, id);
    for (const chunk of chunks) {
      const opened = await this.options.objects.open(prefix + chunk.name);
      for await (const data of opened.stream()) yield data as Buffer;
    }
  }

  /** The chunks stored so far, in assembly order (numeric). */
  async chunks(uid: string, id: string): Promise<ObjectChunk[]> {
    const prefix = this.prefix(uid, id);
    const byName = new Map<string, ObjectChunk>();
    for await (const object of this.options.objects.list(prefix)) {
      const name = object.key.slice(prefix.length);
      if (name !== '' && !name.includes('/')) byName.set(name, { name, size: object.size });
    }
    return numericOrder([...byName.keys()]).map((name) => byName.get(name) as ObjectChunk);
  }

  /**
   * The assembly of the MOVE `.file` (README.md, "Chunked uploads"): the chunks as listed now;
   * `OC-Checksum` is checked by reading them once in order, before anything is written, since
   * the assembly writes the file's object (an existing file's is replaced); then one multipart
   * upload puts the chunks together inside the store. The chunks stay until {@link remove}, so a
   * refused MOVE stores nothing and keeps the upload for a retry.
   */
  async startAssembly(uid: string, id: string): Promise<UploadAssembly> {
    const prefix = this.prefix(uid, id);
    const chunks = await this.chunks(uid, id);
    return {
      size: chunks.reduce((sum, chunk) => sum + chunk.size, 0),
      consumed: false,
      content: async (checksums?: ChecksumEntry[]): Promise<FileContent> => {
        // verifyingStream throws at the end when the bytes do not match.
        if (checksums) for await (const _data of verifyingStream(this.read(uid, id, chunks), checksums));
        return { kind: 'parts', parts: chunks.map((chunk) => ({ key: prefix + chunk.name, size: chunk.size })) };
      },
      end: () => undefined,
    };
  }

  /**
   * Writes the concatenation of the upload's chunks to the object `key` (the file's
   * `urn:oid:<fileid>`): S3 multipart, chunks of 5 MiB and more copied inside the store, smaller
   * ones combined. The chunks stay until {@link remove} (after the file is recorded), so a
   * refused MOVE can be retried. `listed`: the chunks as the caller checked them (a chunk
   * changed since fails the assembly with `conflict`).
   */
  async assemble(uid: string, id: string, key: string, listed?: readonly ObjectChunk[]): Promise<StoredObject> {
    const prefix = this.prefix(uid, id);
    const chunks = listed ?? (await this.chunks(uid, id));
    return this.options.objects.assemble(
      key,
      chunks.map((chunk) => ({ key: prefix + chunk.name, size: chunk.size })),
    );
  }

  /**
   * Removes an upload: its session first (from then on a request on the upload answers 404, and
   * of removals racing with each other only the first goes on), then its chunk objects. What is
   * left of them (a chunk PUT under way stored one after the listing, or the store failed half
   * way) belongs to no session and goes with the next {@link sweep}, as an abort left over does.
   * An upload made again under the same name while its chunks are being removed may lose a
   * chunk: its assembly then fails with a clear error (the client retries), never a wrong file.
   */
  async remove(uid: string, id: string): Promise<void> {
    const prefix = this.prefix(uid, id);
    if (!(await this.sessions.delete(uid, id))) return;
    await this.removeChunks(prefix).catch(() => undefined);
  }

  private async removeChunks(prefix: string): Promise<void> {
    const keys: string[] = [];
    for await (const object of this.options.objects.list(prefix)) keys.push(object.key);
    await this.options.objects.delete(keys);
  }

  /** Pending bytes of the user's uploads, split as `UploadStore.pendingUsage` does. */
  async pendingUsage(uid: string, id: string | null, except?: string): Promise<{ own: number; others: number }> {
    return this.sessions.pendingUsage(uid, id, (session) => this.chunks(uid, session), except);
  }

  /**
   * Removes uploads without a chunk PUT for `maxAgeSeconds`, and chunk objects of no session
   * (a chunk stored after its upload was removed) older than that. Returns how many uploads
   * (sessions, or leftover chunk sets) went.
   */
  async sweep(maxAgeSeconds = UPLOAD_MAX_AGE_SECONDS): Promise<number> {
    const cutoff = Math.floor(Date.now() / 1000) - maxAgeSeconds;
    const stale = await this.sessions.staleSince(cutoff);
    for (const session of stale) await this.remove(session.uid, session.id);
    // Chunk objects of sessions that are gone, by session; each session is looked up once.
    const orphans = new Map<string, string[] | null>();
    for await (const object of this.options.objects.list(CHUNK_KEY_PREFIX)) {
      const [uid = '', id = ''] = object.key.slice(CHUNK_KEY_PREFIX.length).split('/');
      if (object.lastModified.getTime() / 1000 >= cutoff) continue;
      const session = `${uid}/${id}`;
      if (!orphans.has(session)) orphans.set(session, (await this.sessions.exists(uid, id)) ? null : []);
      orphans.get(session)?.push(object.key);
    }
    let removed = stale.length;
    for (const keys of orphans.values()) {
      if (!keys) continue;
      await this.options.objects.delete(keys);
      removed += 1;
    }
    return removed;
  }
}
