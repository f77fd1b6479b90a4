import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { writeStreamToFile } from '../batched-writer';
import { LocalContentStore } from '../local/local-content-store';
import type { FileRow } from '../../metadata/tables';
import { reservationKey } from './file-reservations';
import type { ObjectStore } from './object-store';
import { FILE_KEY_PREFIX, fileObjectKey } from './object-store';

/** A node of the file cache whose content (a file) or place (a folder) the copy carries. */
export type CopiedNode = Pick<FileRow, 'fileid' | 'uid' | 'path' | 'type' | 'size' | 'disk_mtime'>;

/**
 * Where an installation's file content lives: a data directory (the embedded default,
 * `<dir>/files/<uid>/…` and `<dir>/areas/<area>/<uid>/…`) or an object store (`urn:oid:<fileid>`).
 */
export interface ContentPlace {
  /** How messages name it. */
  readonly label: string;
  /** The size of a file's content there, or null when it has none. */
  sizeOf(file: CopiedNode): Promise<number | null>;
  /** The bytes of a file's content. */
  read(file: CopiedNode): Promise<Readable>;
  /** Writes a file's content, replacing what was there at once (never a partial file or object). */
  write(file: CopiedNode, source: AsyncIterable<Buffer>): Promise<void>;
  /** Up to `limit` entries there that no node of `nodes` explains (another installation's content). */
  foreign(nodes: readonly CopiedNode[], limit: number): Promise<string[]>;
  /** Makes the folders (a data directory needs them: its folders are the tree). */
  prepare(folders: readonly CopiedNode[]): Promise<void>;
  /** Done writing: a data directory gives its folders their recorded times back. */
  finish(folders: readonly CopiedNode[]): Promise<void>;
  /** Whether `other` is this very place. */
  same(other: ContentPlace): boolean;
  /** Refuses ({@link ContentCopyError}) a place the copy cannot use (a bucket missing or not the keys'), creating nothing. */
  check(role: 'source' | 'target'): Promise<void>;
}

/** The figures of a content copy, equal on both sides once it is checked. */
export interface ContentDigest {
  files: number;
  bytes: number;
  /** SHA-256 of the lines `<fileid> <sha256 of its content>`, in file id order. */
  sha256: string;
}

/** Thrown when the copy cannot start (nothing was written) or its check finds a difference; the message says which. */
export class ContentCopyError extends Error {}

/** Files read or written at the same time. */
const CONCURRENCY = 16;
/** Problems named in a refusal. */
const NAMED = 5;

/** The nodes whose content the copy carries: every file and folder but reserved rows (objects mode: a new file before its bytes). */
export async function contentNodes(db: Kysely<unknown>): Promise<CopiedNode[]> {
  const rows = await (db as Kysely<{ filecache: FileRow }>)
    .selectFrom('filecache')
    .select(['fileid', 'uid', 'path', 'type', 'size', 'disk_mtime'])
    .orderBy('fileid')
    .execute();
  // A reserved row's key is `<uid>~` (reservationKey): its object, if any, is not a file yet.
  return rows
    .filter((row) => !row.uid.endsWith(reservationKey('')))
    .map((row) => ({ ...row, fileid: Number(row.fileid), size: Number(row.size), disk_mtime: Number(row.disk_mtime) }));
}

/** Runs `task` on every item, {@link CONCURRENCY} at a time; the first failure stops the rest and is thrown. */
async function eachLimited<T>(items: readonly T[], task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const item = items[next++] as T;
      try {
        await task(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
}

/** `uid:/path` of a node, as messages name it. */
const nameOf = (node: CopiedNode): string => `${node.uid}:${node.path}`;

/** The lines' digest of {@link ContentDigest}. */
function digestOf(files: readonly CopiedNode[], hashes: ReadonlyMap<number, string>): ContentDigest {
  const hash = createHash('sha256');
  let bytes = 0;
  for (const file of files) {
    hash.update(`${file.fileid} ${hashes.get(file.fileid) ?? ''}\n`);
    bytes += file.size;
  }
  return { files: files.length, bytes, sha256: hash.digest('hex') };
}

/** Passes `source` on while hashing it and counting its bytes; `done` gets the figures at its end. */
async function* hashing(source: AsyncIterable<Buffer>, done: (sha256: string, bytes: number) => void): AsyncGenerator<Buffer> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const piece of source) {
    hash.update(piece);
    bytes += piece.length;
    yield piece;
  }
  done(hash.digest('hex'), bytes);
}

/** The SHA-256 and length of a stream. */
async function hashOf(source: AsyncIterable<Buffer>): Promise<{ sha256: string; bytes: number }> {
  let result = { sha256: '', bytes: 0 };
  for await (const piece of hashing(source, (sha256, bytes) => (result = { sha256, bytes }))) void piece;
  return result;
}

/** Refuses a copy onto the place it comes from ({@link ContentCopyError}). */
export function checkPlaces(from: ContentPlace, to: ContentPlace): void {
  if (from.same(to)) throw new ContentCopyError(`The content is already in ${to.label}: copy it to another place.`);
}

/** {@link checkPlaces}, then that both places can be used ({@link ContentPlace.check}); writes nothing. */
export async function checkUsablePlaces(from: ContentPlace, to: ContentPlace): Promise<void> {
  checkPlaces(from, to);
  await from.check('source');
  await to.check('target');
}

/**
 * Copies the content of every file of the metadata `db` from `from` to `to`, then reads every
 * copy back and compares its size and SHA-256 with the source's, and the counts; throws
 * {@link ContentCopyError} on any difference. Before writing anything it checks that every
 * file has content of its recorded size at `from` and that `to` holds nothing the metadata does
 * not explain, and refuses otherwise, `to` untouched. Every write replaces a whole file or
 * object, so a copy cut short is simply run again. Returns the checked figures.
 */
export async function copyContent(db: Kysely<unknown>, from: ContentPlace, to: ContentPlace): Promise<ContentDigest> {
  await checkUsablePlaces(from, to);
  const nodes = await contentNodes(db);
  const files = nodes.filter((node) => node.type === 'file');
  const folders = nodes.filter((node) => node.type === 'folder');

  const wrong: string[] = [];
  let wrongCount = 0;
  await eachLimited(files, async (file) => {
    const size = await from.sizeOf(file);
    if (size === file.size) return;
    wrongCount += 1;
    if (wrong.length < NAMED) wrong.push(`${nameOf(file)} (${size === null ? 'missing' : `${size} bytes`}, recorded ${file.size})`);
  });
  if (wrongCount > 0) {
    throw new ContentCopyError(
      `${wrongCount} file(s) of the metadata have no content of their recorded size in ${from.label}: ${wrong.join(', ')}. ` +
        'Nothing was copied. Start the server on the source and list those folders (it records what changed on its disk), or restore the files.',
    );
  }
  const foreign = await to.foreign(nodes, NAMED);
  if (foreign.length > 0) {
    throw new ContentCopyError(`${to.label} already holds content this installation does not explain: ${foreign.join(', ')}. Nothing was copied: copy into an empty place.`);
  }

  await to.prepare(folders);
  const sourceHashes = new Map<number, string>();
  await eachLimited(files, async (file) => {
    let read = -1;
    await to.write(
      file,
      hashing(await from.read(file), (sha256, bytes) => {
        sourceHashes.set(file.fileid, sha256);
        read = bytes;
      }),
    );
    if (read !== file.size) throw new ContentCopyError(`${nameOf(file)} changed in ${from.label} during the copy (${read} bytes, recorded ${file.size}): stop the servers and run the copy again.`);
  });

  const copiedHashes = new Map<number, string>();
  await eachLimited(files, async (file) => {
    const copied = await hashOf(await to.read(file));
    if (copied.bytes !== file.size || copied.sha256 !== sourceHashes.get(file.fileid)) {
      throw new ContentCopyError(`The copy of ${nameOf(file)} in ${to.label} differs from its source (${copied.bytes} bytes, sha256 ${copied.sha256.slice(0, 12)}).`);
    }
    copiedHashes.set(file.fileid, copied.sha256);
  });
  const source = digestOf(files, sourceHashes);
  const copied = digestOf(files, copiedHashes);
  if (source.sha256 !== copied.sha256) throw new ContentCopyError(`The content in ${to.label} differs from ${from.label}.`);
  // The counts: every file was found above, and nothing else is there.
  const extra = await to.foreign(nodes, NAMED);
  if (extra.length > 0) throw new ContentCopyError(`${to.label} holds content besides the copy: ${extra.join(', ')}.`);
  await to.finish(folders);
  return copied;
}

/** A data directory's content: files at `<dir>/files/<uid>/<path>`, areas at `<dir>/areas/<area>/<uid>/<path>`. */
export class DirectoryPlace implements ContentPlace {
  readonly dir: string;
  readonly label: string;
  private readonly layout: LocalContentStore;

  constructor(dir: string) {
    this.dir = resolve(dir);
    this.label = `the data directory ${this.dir}`;
    this.layout = new LocalContentStore(this.dir);
  }

  private pathOf(node: CopiedNode): string {
    return this.layout.localPath(node.uid, node.path);
  }

  async sizeOf(file: CopiedNode): Promise<number | null> {
    const found = await lstat(this.pathOf(file)).catch(() => null);
    return found?.isFile() ? found.size : null;
  }

  async read(file: CopiedNode): Promise<Readable> {
    return createReadStream(this.pathOf(file), { highWaterMark: 1024 * 1024 });
  }

  async write(file: CopiedNode, source: AsyncIterable<Buffer>): Promise<void> {
    const target = this.pathOf(file);
    // Written beside, then renamed into place: a copy cut short leaves the old file or none, and
    // a half-written one only in tmp/ (which the server sweeps).
    const temporary = join(this.dir, 'tmp', `copy-${randomUUID()}`);
    try {
      await writeStreamToFile(source, temporary, { maxBytes: -1, expectedLength: file.size });
      await mkdir(dirname(target), { recursive: true });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    // The time the metadata recorded: otherwise the server would see every file as changed behind its back.
    await setMtimeUs(target, file.disk_mtime);
  }

  async foreign(nodes: readonly CopiedNode[], limit: number): Promise<string[]> {
    const known = new Set(nodes.map((node) => this.pathOf(node)));
    const found: string[] = [];
    for (const top of ['files', 'areas']) {
      const root = join(this.dir, top);
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        const path = join(entry.parentPath, entry.name);
        // The folders above a user's root (files/, areas/<area>/) are the layout, not content.
        const isLayout = entry.isDirectory() && (top === 'areas' ? relative(root, path).split('/').length <= 1 : false);
        if (!known.has(path) && !isLayout && found.length < limit) found.push(relative(this.dir, path));
      }
    }
    return found;
  }

  async prepare(folders: readonly CopiedNode[]): Promise<void> {
    await mkdir(join(this.dir, 'tmp'), { recursive: true });
    for (const folder of folders) await mkdir(this.pathOf(folder), { recursive: true });
  }

  async finish(folders: readonly CopiedNode[]): Promise<void> {
    // Deepest first: setting a folder's time never changes its parent's.
    const deepestFirst = [...folders].sort((a, b) => b.path.split('/').length - a.path.split('/').length);
    for (const folder of deepestFirst) await setMtimeUs(this.pathOf(folder), folder.disk_mtime);
  }

  same(other: ContentPlace): boolean {
    return other instanceof DirectoryPlace && other.dir === this.dir;
  }

  async check(): Promise<void> {
    // A target directory is made by the copy; a source's missing files are named by the size check.
  }
}

/** An object store's content: a file's bytes in the object `urn:oid:<fileid>`. */
export class ObjectPlace implements ContentPlace {
  /** The sizes of the file objects, from one listing (1,000 per request rather than a HEAD per file). */
  private listed: Promise<Map<string, number>> | undefined;

  constructor(
    readonly store: ObjectStore,
    readonly label: string,
  ) {}

  /** The size of a file's object as the bucket's listing showed it at the first call (the copy's source check). */
  async sizeOf(file: CopiedNode): Promise<number | null> {
    this.listed ??= (async () => {
      const sizes = new Map<string, number>();
      for await (const object of this.store.list(FILE_KEY_PREFIX)) sizes.set(object.key, object.size);
      return sizes;
    })();
    return (await this.listed).get(fileObjectKey(file.fileid)) ?? null;
  }

  async read(file: CopiedNode): Promise<Readable> {
    return (await this.store.open(fileObjectKey(file.fileid))).stream();
  }

  async write(file: CopiedNode, source: AsyncIterable<Buffer>): Promise<void> {
    await this.store.put(fileObjectKey(file.fileid), source, { maxBytes: -1, expectedLength: file.size });
  }

  async foreign(nodes: readonly CopiedNode[], limit: number): Promise<string[]> {
    const known = new Set(nodes.filter((node) => node.type === 'file').map((node) => fileObjectKey(node.fileid)));
    const found: string[] = [];
    for await (const object of this.store.list('')) {
      if (known.has(object.key)) continue;
      found.push(object.key);
      if (found.length >= limit) break;
    }
    return found;
  }

  async prepare(): Promise<void> {
    // The bucket is there: check() found it before anything was written.
  }

  async finish(): Promise<void> {
    // Folders exist only in the metadata.
  }

  same(other: ContentPlace): boolean {
    return other instanceof ObjectPlace && other.label === this.label;
  }

  async check(role: 'source' | 'target'): Promise<void> {
    // The bucket is not created here, unlike `serve`: a copy into a mistyped name would otherwise
    // fill a new bucket nobody configured.
    const problem = await this.store.problem();
    if (problem) throw new ContentCopyError(`${role === 'target' ? 'Target' : 'Source'}: ${problem} Nothing was copied.`);
  }
}

/**
 * Gives a file or folder the modification time `us` (µs since the epoch) exactly as the server
 * reads it back (`Math.round(mtimeMs * 1000)`): a time in seconds as a double is a fraction of
 * a microsecond off about half the time, so the nearest values around it are tried too.
 */
async function setMtimeUs(path: string, us: number): Promise<void> {
  if (us <= 0) return;
  for (const nudge of [0, 0.3, -0.3, 0.45, -0.45]) {
    const seconds = (us + nudge) / 1e6;
    await utimes(path, seconds, seconds);
    if (Math.round((await stat(path)).mtimeMs * 1000) === us) return;
  }
}
