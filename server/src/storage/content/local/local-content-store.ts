import { constants, realpathSync } from 'node:fs';
import { scanDirectory } from './directory-scanner';
import { writeStreamToFile } from '../batched-writer';
import { cp, lstat, mkdir, open, readdir, rename, rm, utimes } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { join, sep, dirname } from 'node:path';
import type { Readable } from 'node:stream';
import type { Stats } from 'node:fs';
import type { ContentChild, ContentStat, ContentStore, OpenedFile, StagedCopy, WriteOptions } from '../content-store';
import type { ByteRange } from '../../model/types';
import { StorageError, fail } from '../../../errors';
import { normalizePath } from '../../model/paths';
import { TempArea } from './temp-area';
import { areaKey, parseAreaKey } from '../../model/areas';
import { crashPoint } from './crash-points';

/** Large buffers keep big uploads at disk speed (few syscalls, no per-chunk fsync). */
const HIGH_WATER_MARK = 1024 * 1024;

/**
 * The data directory layout:
 *
 *     <dataDir>/files/<uid>/         the user's root: exactly the user's files, plain
 *     <dataDir>/areas/<area>/<uid>/  the user's area (a trash bin), out of the user's tree
 *     <dataDir>/uploads/<uid>/<id>/  chunks of chunked uploads (server-internal)
 *     <dataDir>/tmp/                 files being written and copies being built, renamed
 *                                    into place when complete; nodes a COPY or MOVE replaces
 *
 * Everything server-internal sits outside the user roots, and `tmp` is on the
 * same file system, so the final rename is atomic: a reader sees the old file
 * or the complete new one, never a partial one (see {@link TempArea}).
 */
export class LocalContentStore implements ContentStore {
  private readonly realRoots = new Map<string, string>();
  private readonly temp: TempArea;

  /** @param dataDir the server's data directory; @param options.tag this process's tag in temporary names */
  constructor(
    readonly dataDir: string,
    options: { tag?: string } = {},
  ) {
    this.temp = new TempArea(join(dataDir, 'tmp'), options.tag);
  }

  /** The root folder of a user (or of a user's area, by its storage key) on disk. */
  userRoot(uid: string): string {
    const area = parseAreaKey(uid);
    const user = area ? area.uid : uid;
    if (!/^[A-Za-z0-9_.@-]+$/.test(user) || user === '.' || user === '..') fail('bad-request', 'Invalid user id');
    return area ? join(this.dataDir, 'areas', area.area, user) : join(this.dataDir, 'files', user);
  }

  /** The folder for temporary files, on the same file system as the roots. */
  tmpDir(): string {
    return this.temp.dir;
  }

  async ensureRoot(uid: string): Promise<void> {
    await mkdir(this.userRoot(uid), { recursive: true });
    await mkdir(this.tmpDir(), { recursive: true });
    this.realRoots.delete(uid);
  }

  async removeUser(uid: string): Promise<void> {
    await rm(this.userRoot(uid), { recursive: true, force: true });
    for (const area of await readdir(join(this.dataDir, 'areas')).catch(() => [] as string[])) {
      await rm(join(this.dataDir, 'areas', area, uid), { recursive: true, force: true });
      this.realRoots.delete(areaKey(uid, area));
    }
    await rm(join(this.dataDir, 'uploads', uid), { recursive: true, force: true });
    this.realRoots.delete(uid);
  }

  localPath(uid: string, path: string): string {
    const normalised = normalizePath(path);
    const root = this.userRoot(uid);
    const local = normalised === '/' ? root : join(root, normalised);
    if (local !== root && !local.startsWith(root + sep)) fail('forbidden', 'Path outside the user root');
    return local;
  }

  /**
   * The local path, after checking that no symlink on the way leads out of
   * the root: the real path of the parent must be inside the real root.
   * Synchronous: one realpath(3) of a few microseconds, so that a listing hands its folder
   * to the scanner before the caller's synchronous SQL holds the thread (see list()).
   */
  private safePath(uid: string, path: string): string {
    const local = this.localPath(uid, path);
    const realRoot = this.realRoot(uid);
    if (path === '/') return realRoot;
    let realParent: string;
    try {
      realParent = realpathSync.native(dirname(local));
    } catch (error) {
      if (isCode(error, 'ENOENT') || isCode(error, 'ENOTDIR')) return local;
      throw error;
    }
    if (realParent !== realRoot && !realParent.startsWith(realRoot + sep)) fail('forbidden', 'Path outside the user root');
    return join(realParent, local.slice(dirname(local).length + 1));
  }

  private realRoot(uid: string): string {
    let real = this.realRoots.get(uid);
    if (real === undefined) {
      try {
        real = realpathSync.native(this.userRoot(uid));
      } catch (error) {
        if (isCode(error, 'ENOENT')) fail('not-found', 'The user has no storage');
        throw error;
      }
      this.realRoots.set(uid, real);
    }
    return real;
  }

  async stat(uid: string, path: string): Promise<ContentStat | null> {
    const local = this.safePath(uid, path);
    try {
      return toStat(await lstat(local));
    } catch (error) {
      if (isCode(error, 'ENOENT') || isCode(error, 'ENOTDIR')) return null;
      throw error;
    }
  }

  async list(uid: string, path: string): Promise<ContentChild[]> {
    // Every listing lstats every child (that is how edits behind our back are seen), on the
    // scanner's worker thread so that it overlaps the caller's own work: the folder is handed
    // over before this returns.
    return scanDirectory(this.safePath(uid, path));
  }

  async open(uid: string, path: string): Promise<OpenedFile> {
    const local = this.safePath(uid, path);
    const found = await this.stat(uid, path);
    if (!found || found.type !== 'file') fail('not-found', 'File not found');
    let handle: FileHandle;
    try {
      // O_NOFOLLOW: a symlink put in its place since the check is not followed.
      handle = await open(local, constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch (error) {
      if (isCode(error, 'ENOENT') || isCode(error, 'ENOTDIR') || isCode(error, 'ELOOP')) fail('not-found', 'File not found');
      throw error;
    }
    const opened = await handle.stat().catch(async (error: unknown) => {
      await handle.close();
      throw error;
    });
    if (!opened.isFile()) {
      await handle.close();
      fail('not-found', 'File not found');
    }
    // The whole file is read as the bytes of its opened size: a read stream without an end
    // takes a buffer of its full high-water mark for every read (1 MiB for a 4 KiB file) and one
    // more read to find the end.
    const whole = opened.size > 0 ? { start: 0, end: opened.size - 1 } : undefined;
    return {
      size: opened.size,
      stream: (range?: ByteRange) => handle.createReadStream({ highWaterMark: HIGH_WATER_MARK, ...(range ? { start: range.start, end: range.end } : whole) }),
      close: () => handle.close(),
    };
  }

  async write(uid: string, path: string, source: AsyncIterable<Buffer> | Readable, options: WriteOptions): Promise<ContentStat> {
    const local = this.safePath(uid, path);
    const existing = await lstatOrNull(local);
    if (existing?.isDirectory()) fail('conflict', 'A folder exists at the destination');
    const name = await this.temp.reserve('put', '.part');
    const tmp = this.temp.path(name);
    const { maxBytes, expectedLength } = options;
    try {
      const written = await writeStreamToFile(source, tmp, { maxBytes, ...(expectedLength !== undefined ? { expectedLength } : {}) });
      if (expectedLength !== undefined && written !== expectedLength) {
        fail('bad-request', `Expected ${expectedLength} bytes but received ${written}`);
      }
      if (options.mtime !== undefined) await utimes(tmp, options.mtime, options.mtime);
      await renameIntoPlace(tmp, local);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    } finally {
      this.temp.release(name);
    }
    return toStat(await lstatOrNull(local)) ?? fail('conflict', 'File vanished after writing');
  }

  async install(uid: string, path: string, file: string, options: { mtime?: number }): Promise<ContentStat> {
    const local = this.safePath(uid, path);
    const inside = join(this.dataDir, sep);
    if (!file.startsWith(inside)) fail('forbidden', 'Only files of the data directory can be installed');
    const existing = await lstatOrNull(local);
    if (existing?.isDirectory()) fail('conflict', 'A folder exists at the destination');
    if (options.mtime !== undefined) await utimes(file, options.mtime, options.mtime);
    await renameIntoPlace(file, local);
    return toStat(await lstatOrNull(local)) ?? fail('conflict', 'File vanished after installing');
  }

  async mkdir(uid: string, path: string): Promise<ContentStat> {
    const local = this.safePath(uid, path);
    try {
      await mkdir(local);
    } catch (error) {
      if (isCode(error, 'EEXIST')) fail('method-not-allowed', 'The resource you tried to create already exists');
      if (isCode(error, 'ENOENT') || isCode(error, 'ENOTDIR')) fail('conflict', 'Parent node does not exist');
      throw error;
    }
    return toStat(await lstatOrNull(local)) ?? fail('conflict', 'Folder vanished after creating');
  }

  async remove(uid: string, path: string): Promise<void> {
    if (path === '/') fail('forbidden', 'The root folder cannot be deleted');
    try {
      // A file created in a folder while it is removed fails the folder's rmdir (ENOTEMPTY):
      // rm then removes the newcomers and tries again.
      await rm(this.safePath(uid, path), { recursive: true, force: true, maxRetries: 10, retryDelay: 5 });
    } catch (error) {
      if (isCode(error, 'ENOTEMPTY')) fail('conflict', 'The folder kept changing while it was being deleted');
      throw error;
    }
  }

  async move(uid: string, from: string, to: string): Promise<void> {
    const source = this.safePath(uid, from);
    const target = this.safePath(uid, to);
    try {
      await rename(source, target);
    } catch (error) {
      if (isCode(error, 'ENOENT')) fail('conflict', 'The destination parent does not exist');
      throw error;
    }
  }

  async transfer(fromUid: string, from: string, toUid: string, to: string): Promise<void> {
    if (from === '/' || to === '/') fail('forbidden', 'A root folder cannot be moved');
    const source = this.safePath(fromUid, from);
    const target = this.safePath(toUid, to);
    if (await lstatOrNull(target)) fail('precondition-failed', 'The destination node already exists');
    try {
      await rename(source, target);
    } catch (error) {
      if (isCode(error, 'ENOENT')) fail('conflict', 'The destination parent does not exist');
      throw error;
    }
  }

  async setAsideRoot(uid: string, name: string): Promise<void> {
    const root = this.userRoot(uid);
    await rename(root, this.temp.path(name));
    this.realRoots.delete(uid);
    await mkdir(root, { recursive: true });
  }

  async stageCopy(uid: string, from: string, options: { shallow: boolean }): Promise<StagedCopy> {
    const source = this.safePath(uid, from);
    const name = await this.temp.reserve('copy');
    const staged = this.temp.path(name);
    let size = 0;
    let files = 0;
    try {
      if (options.shallow) {
        if (!(await lstat(source)).isDirectory()) fail('bad-request', 'Only a folder is copied without its content');
        await mkdir(staged);
        return { name, size };
      }
      // Symlinks inside the tree are skipped, so a copy never imports outside data.
      await cp(source, staged, {
        recursive: true,
        errorOnExist: true,
        force: false,
        preserveTimestamps: true,
        filter: async (src) => {
          const stat = await lstat(src);
          if (stat.isFile()) {
            crashPoint('copy:after-files', files);
            files += 1;
            size += stat.size;
          }
          return !stat.isSymbolicLink();
        },
      });
    } catch (error) {
      await this.discard(name);
      throw error;
    }
    return { name, size };
  }

  async reserveTemporary(kind: string): Promise<string> {
    return this.temp.reserve(kind);
  }

  holdTemporary(name: string): void {
    this.temp.hold(name);
  }

  async setAside(uid: string, path: string, name: string): Promise<void> {
    if (path === '/') fail('forbidden', 'The root folder cannot be replaced');
    await rename(this.safePath(uid, path), this.temp.path(name));
  }

  async place(uid: string, name: string, path: string): Promise<void> {
    const target = this.safePath(uid, path);
    // rename(2) would replace an empty folder or a file silently: the caller set it aside first.
    if (await lstatOrNull(target)) fail('precondition-failed', 'The destination node already exists');
    await renameIntoPlace(this.temp.path(name), target);
    this.temp.release(name);
  }

  async hasTemporary(name: string): Promise<boolean> {
    return (await lstatOrNull(this.temp.path(name))) !== null;
  }

  async discard(name: string): Promise<void> {
    await rm(this.temp.path(name), { recursive: true, force: true });
    this.temp.release(name);
  }

  async sweepTemporary(running?: ReadonlySet<string>): Promise<number> {
    return this.temp.sweep(running);
  }

  async setMtime(uid: string, path: string, mtime: number): Promise<ContentStat> {
    const local = this.safePath(uid, path);
    await utimes(local, mtime, mtime);
    return toStat(await lstat(local)) ?? fail('not-found', 'Node vanished');
  }
}

function toStat(stat: Stats | null): ContentStat | null {
  if (!stat) return null;
  if (stat.isFile()) return { type: 'file', size: stat.size, mtimeUs: Math.round(stat.mtimeMs * 1000) };
  if (stat.isDirectory()) return { type: 'folder', size: 0, mtimeUs: Math.round(stat.mtimeMs * 1000) };
  return null; // symlinks, sockets, devices: invisible, never followed
}

/** The final, atomic step of every write: a reader sees the old file or the new one whole. */
async function renameIntoPlace(file: string, local: string): Promise<void> {
  try {
    await rename(file, local);
  } catch (error) {
    if (isCode(error, 'ENOENT') || isCode(error, 'ENOTDIR')) fail('conflict', 'The parent folder does not exist');
    // A MKCOL made a folder of the path after the write began.
    if (isCode(error, 'EISDIR')) fail('conflict', 'A folder exists at this path');
    throw error;
  }
}

async function lstatOrNull(local: string): Promise<Stats | null> {
  try {
    return await lstat(local);
  } catch (error) {
    if (isCode(error, 'ENOENT') || isCode(error, 'ENOTDIR')) return null;
    throw error;
  }
}

/** True when `error` is a Node system error with this code. */
export function isCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code && !(error instanceof StorageError);
}
