import { createReadStream } from 'node:fs';
import { writeStreamToFile } from '../batched-writer';
import { mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { StorageTables } from '../../metadata/tables';
import { fail } from '../../../errors';
import { checkSegment } from '../../model/paths';
import type { UploadSession } from '../../uploads/upload-sessions';
import { UploadSessions } from '../../uploads/upload-sessions';
import { UPLOAD_MAX_AGE_SECONDS, numericOrder } from '../../uploads/chunk-names';
import type { ChunkAnnouncement } from '../../uploads/chunk-names';
import type { Chunk as StoredChunk, ChunkStore, FileContent, UploadAssembly } from '../backend';
import type { ChecksumEntry } from '../checksums';
import { verifyFile, verifyingStream } from '../checksums';

export type { UploadSession } from '../../uploads/upload-sessions';
export { UPLOAD_MAX_AGE_SECONDS, numericOrder } from '../../uploads/chunk-names';
export type { ChunkAnnouncement } from '../../uploads/chunk-names';

/** A stored chunk. */
export interface Chunk extends StoredChunk {
  /**
   * Where the chunk's bytes sit in the upload's assembly file, or null when
   * they are in a chunk file of their own.
   */
  offset: number | null;
}

/** An upload's chunks as assembly finds them. */
export interface AssemblyPlan {
  /** The chunks in assembly order (numeric). */
  chunks: Chunk[];
  /** Their total size. */
  size: number;
  /**
   * True when every chunk already in the assembly file sits at its final
   * offset and no chunk is being written there: assembly is then a merge of
   * the few separate chunk files plus a rename, not a copy of every byte.
   */
  inPlace: boolean;
}

/** The file inside a v2 upload folder that chunks are written into at their offsets. */
export const ASSEMBLY_FILE = '.assembly';

/**
 * Chunks of chunked uploads under `<dataDir>/uploads/<uid>/<upload-id>/`,
 * outside the user's root, with the session recorded in the database.
 *
 * A v2 upload (destination known) writes each chunk straight into one
 * assembly file at offset (n-1) × chunk size, so the bytes are written once
 * and assembly is a rename. The chunk size is the `Content-Length` of the
 * first chunk known to be full (every chunk but the last has that size); a
 * chunk whose offset is not known yet, or that is larger than the chunk size, or
 * that has no `Content-Length`, goes to a chunk file of its own, as every
 * chunk of the older v1 style does. Assembly checks the recorded offsets and
 * falls back to copying when they are not the final ones.
 */
export class UploadStore implements ChunkStore {
  private readonly db: Kysely<StorageTables>;
  private readonly dataDir: string;
  private readonly sessions: UploadSessions;
  /** Chunks being written into an assembly file, per upload (`uid/id`). */
  private readonly writing = new Map<string, Set<string>>();
  /** Uploads being assembled: no chunk goes into their assembly file any more. */
  private readonly assembling = new Set<string>();

  /** @param options the shared database and the data directory */
  constructor(options: { db: Kysely<unknown>; dataDir: string }) {
    this.db = options.db as unknown as Kysely<StorageTables>;
    this.dataDir = options.dataDir;
    this.sessions = new UploadSessions(options.db);
  }

  private folder(uid: string, id: string): string {
    checkSegment(uid);
    checkSegment(id);
    return join(this.dataDir, 'uploads', uid, id);
  }

  /** The session, or null when no such upload folder exists. */
  async get(uid: string, id: string): Promise<UploadSession | null> {
    return this.sessions.get(uid, id);
  }

  /** The user's upload folders. */
  async list(uid: string): Promise<UploadSession[]> {
    return this.sessions.list(uid);
  }

  /** Creates an upload folder; `method-not-allowed` when it exists. */
  async create(uid: string, id: string, destination: string | null): Promise<UploadSession> {
    await this.sessions.assertNew(uid, id);
    await mkdir(this.folder(uid, id), { recursive: true });
    return this.sessions.insert(uid, id, destination);
  }

  /**
   * Stores one chunk. A retried chunk replaces the old one whole: the last
   * write to complete wins, and a write that fails leaves the chunk missing
   * (never half old, half new).
   */
  async putChunk(uid: string, id: string, name: string, source: AsyncIterable<Buffer>, maxBytes: number, announced: ChunkAnnouncement = {}): Promise<Chunk> {
    checkSegment(name);
    return whileUploadExists(async () => {
      // Activity is recorded when a chunk starts and when it is stored: a slow chunk is not abandonment.
      await this.sessions.touch(uid, id);
      const offset = await this.placement(uid, id, name, announced);
      const chunk =
        offset !== null && announced.length !== undefined
          ? await this.writeInPlace(uid, id, name, source, maxBytes, offset, announced.length)
          : await this.writeChunkFile(uid, id, name, source, maxBytes);
      await this.sessions.touch(uid, id);
      return chunk;
    });
  }

  /** Stores a chunk in a file of its own (atomically: renamed into place when complete). */
  private async writeChunkFile(uid: string, id: string, name: string, source: AsyncIterable<Buffer>, maxBytes: number): Promise<Chunk> {
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
    await this.db.deleteFrom('upload_chunks').where('uid', '=', uid).where('id', '=', id).where('name', '=', name).execute();
    return { name, size: written, offset: null };
  }

  /** Where in the assembly file this chunk goes, or null when it gets a file of its own. */
  private async placement(uid: string, id: string, name: string, announced: ChunkAnnouncement): Promise<number | null> {
    const key = `${uid}/${id}`;
    const { length, totalLength } = announced;
    if (this.assembling.has(key) || this.writing.get(key)?.has(name)) return null;
    // Only canonical numbers: "2" and "002" are different chunks and must not share a range.
    if (length === undefined || !Number.isSafeInteger(length) || length < 0 || !/^[1-9]\d{0,4}$/.test(name)) return null;
    const row = await this.db.selectFrom('uploads').select(['destination', 'chunk_size']).where('uid', '=', uid).where('id', '=', id).executeTakeFirst();
    if (!row || row.destination === null) return null;
    const n = Number(name);
    let chunkSize = row.chunk_size;
    // The chunk size comes from the first chunk known not to be a short last one: chunk 1 when
    // more bytes follow it, or (with OC-Total-Length) any chunk n with n × length ≤ total, so
    // parallel first chunks need not wait for chunk 1. A wrong guess (a short last chunk that
    // happens to fit) only costs speed: placed chunks never overlap, assembly checks every
    // offset and copies when they are off.
    const full = n === 1 ? totalLength === undefined || length < totalLength : totalLength !== undefined && n * length <= totalLength;
    if (chunkSize === null && length > 0 && full) {
      await this.db.updateTable('uploads').set({ chunk_size: length }).where('uid', '=', uid).where('id', '=', id).where('chunk_size', 'is', null).execute();
      chunkSize = (await this.db.selectFrom('uploads').select('chunk_size').where('uid', '=', uid).where('id', '=', id).executeTakeFirst())?.chunk_size ?? null;
    }
    // Chunk 1 always starts at 0; a chunk longer than the chunk size would overlap the next one.
    if (n === 1) return chunkSize === null || length <= chunkSize ? 0 : null;
    if (chunkSize === null || length > chunkSize) return null;
    return (n - 1) * chunkSize;
  }

  private async writeInPlace(uid: string, id: string, name: string, source: AsyncIterable<Buffer>, maxBytes: number, offset: number, length: number): Promise<Chunk> {
    const key = `${uid}/${id}`;
    // Checked again here, synchronously with claiming the range: the awaits before may have let an assembly start.
    if (this.assembling.has(key) || this.writing.get(key)?.has(name)) return this.writeChunkFile(uid, id, name, source, maxBytes);
    let names = this.writing.get(key);
    if (!names) this.writing.set(key, (names = new Set()));
    names.add(name);
    try {
      // The chunk's range is about to be overwritten: until done, the chunk does not exist.
      await this.db.deleteFrom('upload_chunks').where('uid', '=', uid).where('id', '=', id).where('name', '=', name).execute();
      const file = join(this.folder(uid, id), ASSEMBLY_FILE);
      const written = await writeStreamToFile(source, file, { maxBytes, expectedLength: length }, { position: offset });
      if (written !== length) fail('bad-request', `Expected ${length} bytes but received ${written}`);
      // A chunk file of an earlier attempt goes first: a crash in between loses the chunk, never mixes two.
      await removeIfPresent(join(this.folder(uid, id), name));
      await this.db.insertInto('upload_chunks').values({ uid, id, name, offset, size: length }).execute();
      return { name, size: length, offset };
    } finally {
      names.delete(name);
      if (names.size === 0) this.writing.delete(key);
    }
  }

  /** The chunks stored so far (chunks being written excluded). */
  async chunks(uid: string, id: string): Promise<Chunk[]> {
    const folder = this.folder(uid, id);
    const names = (await whileUploadExists(async () => readdir(folder))).filter((name) => !name.startsWith('.'));
    // A chunk file gone meanwhile (moved into the assembly file, or its upload removed) is no chunk file any more.
    const sized = await Promise.all(names.map(async (name) => ({ name, info: await stat(join(folder, name)).catch(() => null) })));
    const files = sized.flatMap(({ name, info }) => (info ? [{ name, size: info.size, offset: null }] : []));
    const own = new Set(files.map((chunk) => chunk.name));
    const placed = await this.db.selectFrom('upload_chunks').select(['name', 'offset', 'size']).where('uid', '=', uid).where('id', '=', id).execute();
    return [...files, ...placed.filter((chunk) => !own.has(chunk.name))];
  }

  /**
   * Starts assembling: from now on no chunk is written into the assembly
   * file. Returns the chunks in order, their size, and whether assembly can
   * happen in place. End with {@link endAssembly} (or {@link remove}).
   */
  async beginAssembly(uid: string, id: string): Promise<AssemblyPlan> {
    const key = `${uid}/${id}`;
    this.assembling.add(key);
    const byName = new Map((await this.chunks(uid, id)).map((chunk) => [chunk.name, chunk]));
    const chunks = numericOrder([...byName.keys()]).map((name) => byName.get(name) as Chunk);
    let size = 0;
    let inPlace = !this.writing.has(key);
    for (const chunk of chunks) {
      if (chunk.offset !== null && chunk.offset !== size) inPlace = false;
      size += chunk.size;
    }
    return { chunks, size, inPlace };
  }

  /** The assembly of the MOVE `.file` (see {@link LocalAssembly}). */
  async startAssembly(uid: string, id: string): Promise<UploadAssembly> {
    return new LocalAssembly(this, uid, id, await this.beginAssembly(uid, id));
  }

  /** Ends an assembly that did not complete: chunks may go into the assembly file again. */
  endAssembly(uid: string, id: string): void {
    this.assembling.delete(`${uid}/${id}`);
  }

  /**
   * Completes an in-place plan: copies the chunks that have files of their
   * own into the assembly file at their offsets (each then counts as placed,
   * so a refused assembly can be retried), trims the file to the plan's size
   * and returns its path, ready to be renamed into place.
   */
  async assembleInPlace(uid: string, id: string, plan: AssemblyPlan): Promise<string> {
    if (!plan.inPlace) fail('conflict', 'The upload cannot be assembled in place');
    return whileUploadExists(async () => this.mergeInPlace(uid, id, plan));
  }

  private async mergeInPlace(uid: string, id: string, plan: AssemblyPlan): Promise<string> {
    const folder = this.folder(uid, id);
    const file = join(folder, ASSEMBLY_FILE);
    let offset = 0;
    for (const chunk of plan.chunks) {
      if (chunk.offset === null) {
        const written = await writeStreamToFile(createReadStream(join(folder, chunk.name), { highWaterMark: 4 * 1024 * 1024 }), file, { maxBytes: -1 }, { position: offset });
        if (written !== chunk.size) fail('conflict', `Chunk ${chunk.name} changed during assembly`);
        await this.db.insertInto('upload_chunks').values({ uid, id, name: chunk.name, offset, size: chunk.size }).execute();
        await removeIfPresent(join(folder, chunk.name));
      }
      offset += chunk.size;
    }
    const handle = await open(file, 'a');
    try {
      await handle.truncate(plan.size);
    } finally {
      await handle.close();
    }
    return file;
  }

  /**
   * The bytes of the given chunks, one after the other, streamed. With
   * `consume`, each chunk file is deleted as soon as it has been read: its
   * pages, usually not yet written back, are then dropped instead of written.
   * A failure after that point must discard the whole upload (see the MOVE
   * handler). Chunks in the assembly file are read from their range.
   */
  async *read(uid: string, id: string, chunks: Chunk[], consume = false): AsyncGenerator<Buffer> {
    const folder = this.folder(uid, id);
    for (const chunk of chunks) {
      if (chunk.size === 0) continue;
      const range = chunk.offset === null ? {} : { start: chunk.offset, end: chunk.offset + chunk.size - 1 };
      const path = join(folder, chunk.offset === null ? chunk.name : ASSEMBLY_FILE);
      try {
        for await (const data of createReadStream(path, { highWaterMark: 4 * 1024 * 1024, ...range })) yield data as Buffer;
      } catch (error) {
        uploadGoneIf(error);
      }
      if (consume && chunk.offset === null) await rm(path, { force: true });
    }
  }

  /**
   * Removes an upload folder and its session. The folder is first renamed aside, so requests
   * racing with the removal meet either the whole upload or none (a chunk PUT or a listing then
   * answers 404), and an upload of the same name made meanwhile is not touched; then the session
   * goes, then the renamed folder (with retries: a chunk PUT already under way may still add a
   * file to it).
   */
  async remove(uid: string, id: string): Promise<void> {
    const folder = this.folder(uid, id);
    const aside = join(this.dataDir, 'uploads', uid, `${REMOVING_PREFIX}${randomBytes(8).toString('hex')}`);
    const moved = await rename(folder, aside).then(
      () => true,
      (error: unknown) => {
        // Already gone: removed by a request racing with this one, or never made.
        if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
        return false;
      },
    );
    await this.sessions.delete(uid, id);
    this.assembling.delete(`${uid}/${id}`);
    if (moved) await rm(aside, { recursive: true, force: true, maxRetries: 10, retryDelay: 20 });
  }

  /** Bytes held in the user's pending uploads (counted against the quota). */
  async pendingBytes(uid: string): Promise<number> {
    const { own, others } = await this.pendingUsage(uid, null);
    return own + others;
  }

  /**
   * The user's pending bytes split into those of upload `id` (without its chunk `except`,
   * which a retry replaces) and those of every other upload. A chunk is checked against
   * the quota with the others' bytes as used and its own upload's as already spent.
   */
  async pendingUsage(uid: string, id: string | null, except?: string): Promise<{ own: number; others: number }> {
    return this.sessions.pendingUsage(uid, id, (session) => this.chunks(uid, session), except);
  }

  /**
   * Removes upload folders without activity (no chunk PUT) for `maxAgeSeconds` (abandoned
   * uploads), however old they are otherwise, and folders left on disk without a session.
   * Returns how many were removed.
   */
  async sweep(maxAgeSeconds = UPLOAD_MAX_AGE_SECONDS): Promise<number> {
    const cutoff = Math.floor(Date.now() / 1000) - maxAgeSeconds;
    const stale = await this.sessions.staleSince(cutoff);
    for (const row of stale) await this.remove(row.uid, row.id);
    let removed = stale.length;
    const base = join(this.dataDir, 'uploads');
    for (const uid of await readdir(base).catch(() => [] as string[])) {
      for (const id of await readdir(join(base, uid)).catch(() => [] as string[])) {
        if (await this.sessions.exists(uid, id)) continue;
        const info = await stat(join(base, uid, id)).catch(() => null);
        if (info && info.mtimeMs / 1000 < cutoff) {
          await rm(join(base, uid, id), { recursive: true, force: true });
          removed += 1;
        }
      }
    }
    // Records of chunks whose upload is gone (a chunk finished after its upload was deleted).
    await this.db
      .deleteFrom('upload_chunks')
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('uploads').select('uploads.id').whereRef('uploads.uid', '=', 'upload_chunks.uid').whereRef('uploads.id', '=', 'upload_chunks.id'))),
      )
      .execute();
    return removed;
  }
}

/**
 * The MOVE `.file` of a local upload. When the chunks were written into the assembly file at
 * their final offsets (v2), the file is that one, completed and renamed into place; otherwise
 * the chunks are copied, in numeric order, into a new file (each chunk file deleted once read,
 * so a write failing after that cannot be retried). Either way the destination sees the old
 * file or the complete new one.
 */
class LocalAssembly implements UploadAssembly {
  consumed = false;

  constructor(
    private readonly store: UploadStore,
    private readonly uid: string,
    private readonly id: string,
    private readonly plan: AssemblyPlan,
  ) {}

  get size(): number {
    return this.plan.size;
  }

  async content(checksums?: ChecksumEntry[]): Promise<FileContent> {
    const { store, uid, id, plan } = this;
    if (plan.inPlace) {
      // A refusal from here on (quota, missing parent, a checksum mismatch) keeps the upload whole for a retry.
      const file = await store.assembleInPlace(uid, id, plan);
      // One read checks the checksums sent and computes the CRC-32 the archives use.
      const crc32 = await verifyFile(file, checksums ?? []);
      return { kind: 'file', path: file, size: plan.size, crc32 };
    }
    const chunks = store.read(uid, id, plan.chunks, true);
    const tracked = async function* (this: LocalAssembly): AsyncGenerator<Buffer> {
      this.consumed = true;
      yield* chunks;
    }.call(this);
    return { kind: 'stream', source: checksums ? verifyingStream(tracked, checksums) : tracked };
  }

  end(): void {
    this.store.endAssembly(this.uid, this.id);
  }
}

/** The name an upload folder is renamed to while it is removed (a crash leaves it to the sweep). */
const REMOVING_PREFIX = '.removing-';

/** Throws the upload's "not found" when `error` says its folder is gone (removed meanwhile); otherwise rethrows it. */
function uploadGoneIf(error: unknown): never {
  if ((error as { code?: unknown }).code === 'ENOENT') fail('not-found', 'Upload folder not found');
  throw error;
}

/** Runs an operation on an upload's folder; its folder vanishing meanwhile (a DELETE won) is the upload's 404. */
async function whileUploadExists<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    return uploadGoneIf(error);
  }
}

/** Deletes a file when it exists: `unlink` alone (`rm` stats synchronously first, on the event loop). */
async function removeIfPresent(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
  }
}
