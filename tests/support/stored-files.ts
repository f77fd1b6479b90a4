import { it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { StorageTables } from '../../server/src/storage/metadata/tables';
import { join } from 'node:path';
import type { FileService } from '../../server/src/storage/files/file-service';
import { LocalContentStore } from '../../server/src/storage/content/local/local-content-store';
import { S3ObjectStore } from '../../server/src/storage/content/objects/s3-object-store';
import { testS3Config } from '../../server/src/storage/content/objects/s3-config';
import { FILE_KEY_PREFIX, fileObjectKey } from '../../server/src/storage/content/objects/object-store';
import { CHUNK_KEY_PREFIX } from '../../server/src/storage/content/objects/object-uploads';

/**
 * True when the suites run with file content on S3 (`npm run test:s3`, which sets
 * `CUMULUS_TEST_S3_CONTENT=1`): test servers then keep their files in a bucket, not in the
 * data dir.
 */
export const CONTENT_ON_S3 = testS3Config('/', process.env) !== undefined;

/**
 * `it` for a test of the local disk itself (files edited or linked behind the server's back,
 * the data dir's layout, renames on disk): with content on S3 there is no such disk, and the
 * test is skipped, the reason in its name (the closing line of a run lists skipped tests).
 */
export function itOnDisk(name: string, test: Parameters<typeof it>[1], timeout?: number): void {
  if (CONTENT_ON_S3) it.skip(`${name} [skipped: content is on S3, there is no local disk to work on]`, test, timeout);
  else it(name, test, timeout);
}

/**
 * What a test server has stored, read where it is stored, not through the server's answers:
 * the files under the data dir, or the objects of the bucket (found by the file ids of the
 * server's file cache), whichever the mode. Paths are user paths (`/a/b.txt`); `uid` may be an
 * area's storage key (`alice~trash`).
 */
export interface StoredFiles {
  /** The stored bytes of a file, or null when there is no file there. */
  read(uid: string, path: string): Promise<Buffer | null>;
  /** A file's modification time in seconds, or null when there is no file there. */
  mtime(uid: string, path: string): Promise<number | null>;
  /** The names directly inside a folder, sorted ([] when there is no folder). */
  names(uid: string, path: string): Promise<string[]>;
  /** Relative path (NFC) → SHA-1 of every file below a folder. */
  hashTree(uid: string, path: string): Promise<Map<string, string>>;
  /** The chunks an upload's workspace holds, sorted ([] when none). */
  chunks(uid: string, upload: string): Promise<string[]>;
  /** The uploads of a user that hold a workspace, sorted. */
  uploads(uid: string): Promise<string[]>;
  /** Every stored folder and file of every user's tree, with file sizes, sorted: what must not change. */
  snapshot(): Promise<string[]>;
  /** Lets go of the object store's connections. */
  close(): void;
}

const sha1 = (data: Buffer): string => createHash('sha1').update(data).digest('hex');
const missing = (error: unknown): boolean => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/** The stored files of the server on `dataDir`; `files` is its file service (the file ids, with content on S3). */
export function storedFiles(dataDir: string, files: FileService): StoredFiles {
  const s3 = testS3Config(dataDir);
  return s3 ? objectFiles(new S3ObjectStore(s3), files) : diskFiles(dataDir);
}

function diskFiles(dataDir: string): StoredFiles {
  const layout = new LocalContentStore(dataDir);
  const at = (uid: string, path: string): string => join(layout.userRoot(uid), path);
  async function walk(root: string, dir: string, result: Map<string, string>): Promise<void> {
    for (const entry of await readdir(join(root, dir), { withFileTypes: true })) {
      const relative = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) await walk(root, relative, result);
      else if (entry.isFile()) result.set(relative.normalize('NFC'), sha1(await readFile(join(root, relative))));
    }
  }
  return {
    read: (uid, path) => readFile(at(uid, path)).catch((error: unknown) => (missing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR' ? null : Promise.reject(error))),
    mtime: async (uid, path) => {
      const found = await stat(at(uid, path)).catch((error: unknown) => (missing(error) ? null : Promise.reject(error)));
      return found?.isFile() ? Math.floor(found.mtimeMs / 1000) : null;
    },
    names: async (uid, path) => (await readdir(at(uid, path)).catch((error: unknown) => (missing(error) ? [] : Promise.reject(error)))).sort(),
    async hashTree(uid, path) {
      const result = new Map<string, string>();
      await walk(at(uid, path), '', result);
      return result;
    },
    chunks: async (uid, upload) => (await readdir(join(dataDir, 'uploads', uid, upload)).catch((error: unknown) => (missing(error) ? [] : Promise.reject(error)))).sort(),
    uploads: async (uid) => (await readdir(join(dataDir, 'uploads', uid)).catch((error: unknown) => (missing(error) ? [] : Promise.reject(error)))).sort(),
    async snapshot() {
      const result: string[] = [];
      async function list(dir: string, prefix: string): Promise<void> {
        for (const entry of await readdir(dir, { withFileTypes: true })) {
          const full = join(dir, entry.name);
          if (entry.isDirectory()) {
            result.push(`${prefix}${entry.name}/`);
            await list(full, `${prefix}${entry.name}/`);
          } else result.push(`${prefix}${entry.name} ${(await stat(full)).size}`);
        }
      }
      await list(join(dataDir, 'files'), '');
      return result.sort();
    },
    close: () => undefined,
  };
}

function objectFiles(store: S3ObjectStore, files: FileService): StoredFiles {
  async function object(fileid: number): Promise<Buffer> {
    const opened = await store.open(fileObjectKey(fileid));
    const parts: Buffer[] = [];
    for await (const part of opened.stream()) parts.push(part as Buffer);
    return Buffer.concat(parts);
  }
  async function walk(uid: string, path: string, prefix: string, result: Map<string, string>): Promise<void> {
    for (const entry of await files.list(uid, path)) {
      const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      if (entry.type === 'folder') await walk(uid, entry.path, relative, result);
      else result.set(relative.normalize('NFC'), sha1(await object(entry.fileid)));
    }
  }
  return {
    async read(uid, path) {
      const entry = await files.stat(uid, path);
      return entry?.type === 'file' ? object(entry.fileid) : null;
    },
    async mtime(uid, path) {
      // With objects, the modification time is the file cache's (objects have none of their own).
      const entry = await files.stat(uid, path);
      return entry?.type === 'file' ? entry.mtime : null;
    },
    async names(uid, path) {
      const entry = await files.stat(uid, path);
      if (entry?.type !== 'folder') return [];
      return (await files.list(uid, path)).map((child) => child.name).sort();
    },
    async hashTree(uid, path) {
      const result = new Map<string, string>();
      await walk(uid, path, '', result);
      return result;
    },
    async chunks(uid, upload) {
      const prefix = `${CHUNK_KEY_PREFIX}${uid}/${upload}/`;
      const names: string[] = [];
      for await (const found of store.list(prefix)) names.push(found.key.slice(prefix.length));
      return names.sort();
    },
    async uploads(uid) {
      const prefix = `${CHUNK_KEY_PREFIX}${uid}/`;
      const ids = new Set<string>();
      for await (const found of store.list(prefix)) ids.add(found.key.slice(prefix.length).split('/')[0] ?? '');
      return [...ids].sort();
    },
    async snapshot() {
      // Each user's rows (no area, no reservation), each file with the size of its object.
      const sizes = new Map<string, number>();
      for await (const found of store.list(FILE_KEY_PREFIX)) sizes.set(found.key, found.size);
      const db = files.db as unknown as Kysely<StorageTables>;
      const rows = await db.selectFrom('filecache').select(['uid', 'path', 'type', 'fileid']).where('path', '!=', '/').where('uid', 'not like', '%~%').execute();
      return rows
        .map((row) => (row.type === 'folder' ? `${row.uid}${row.path}/` : `${row.uid}${row.path} ${sizes.get(fileObjectKey(row.fileid)) ?? 'missing'}`))
        .sort();
    },
    close: () => store.destroy(),
  };
}
