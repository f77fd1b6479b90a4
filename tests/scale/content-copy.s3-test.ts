import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { startServer } from '../../server/src/app';
import { openDatabase } from '../../server/src/db/connection';
import { openPostgres } from '../../server/src/db/postgres';
import { fileObjectKey } from '../../server/src/storage/content/objects/object-store';
import { S3ObjectStore } from '../../server/src/storage/content/objects/s3-object-store';
import type { S3Config } from '../../server/src/storage/content/objects/s3-config';
import type { FileRow } from '../../server/src/storage/metadata/tables';
import { runCli, tableDigests } from './copy-support';
import type { PostgresCluster } from './postgres-cluster';
import { startPostgresCluster } from './postgres-cluster';
import { contentOf, keysUnder, s3TestConfig, sha256 } from './s3-test-support';

/**
 * `cumulus db:copy --content-to-s3 / --content-to`: an embedded installation (SQLite and a data
 * directory) with a tree of 10,000 small files moves to PostgreSQL and S3 and back to SQLite and
 * a new data directory; every file's bytes are identical on all three (checked here against the
 * bucket and the files, besides the command's own check), the tables too, and a server on the
 * result sees every file unchanged (same ids and etags: the disk times were restored). Bad input
 * (a file without its content, a bucket or directory holding something else) is refused with
 * nothing written. Run by `npm run test:s3` (Ceph RGW and a PostgreSQL cluster).
 */
const FOLDERS = 100;
const PER_FOLDER = 100;
const FILES = FOLDERS * PER_FOLDER;
const PASSWORD = 'admin-password';

let cluster: PostgresCluster | undefined;
let postgresBase: string;
let root: string;
let s3: S3Config;
let store: S3ObjectStore;
/** The test modes this suite turns off (and restores): `npm run test:s3` sets them for the other suites. */
const TEST_MODES = ['CUMULUS_TEST_S3_CONTENT', 'CUMULUS_TEST_POSTGRES', 'CUMULUS_TEST_BALANCED'] as const;
const savedModes = new Map(TEST_MODES.map((name) => [name, process.env[name]]));

beforeAll(async () => {
  // The source is the embedded default: metadata in SQLite and content in the data directory, not
  // the test modes' database and bucket (under CUMULUS_TEST_S3_POSTGRES=1 its cluster is reused).
  const running = process.env.CUMULUS_TEST_POSTGRES?.trim();
  for (const name of TEST_MODES) delete process.env[name];
  postgresBase = running ? running.replace(/\/+$/, '') : (cluster = await startPostgresCluster()).url;
  root = await mkdtemp(join(tmpdir(), 'cumulus-content-copy-'));
  s3 = s3TestConfig();
  store = new S3ObjectStore(s3);
}, 60_000);
afterAll(async () => {
  for (const [name, value] of savedModes) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  store?.destroy();
  await cluster?.stop();
  await rm(root, { recursive: true, force: true });
});

/** The service's settings, as an operator gives them (the bucket named by the option or by CUMULUS_S3_BUCKET). */
const serviceEnv = (): Record<string, string> => ({
  CUMULUS_S3_ENDPOINT: s3.endpoint ?? '',
  CUMULUS_S3_REGION: s3.region,
  CUMULUS_S3_ACCESS_KEY_ID: s3.accessKeyId,
  CUMULUS_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
});

/** Every regular file under `<dir>/files` and `<dir>/areas`, as `relative path → sha256`, and the folders. */
async function treeOf(dir: string): Promise<{ files: Map<string, string>; folders: string[] }> {
  const files = new Map<string, string>();
  const folders: string[] = [];
  for (const top of ['files', 'areas']) {
    for (const entry of await readdir(join(dir, top), { recursive: true, withFileTypes: true }).catch(() => [])) {
      const path = join(entry.parentPath, entry.name);
      if (entry.isDirectory()) folders.push(relative(dir, path));
      else files.set(relative(dir, path), sha256(await readFile(path)));
    }
  }
  return { files, folders: folders.sort() };
}

/** The file rows of a database: id → `uid:path`. */
async function fileRows(open: () => Promise<Kysely<unknown>>): Promise<Map<number, string>> {
  const db = await open();
  try {
    const rows = await (db as Kysely<{ filecache: FileRow }>).selectFrom('filecache').select(['fileid', 'uid', 'path']).where('type', '=', 'file').execute();
    return new Map(rows.map((row) => [Number(row.fileid), `${row.uid}:${row.path}`]));
  } finally {
    await db.destroy();
  }
}

describe('cumulus db:copy with the content', () => {
  it('round-trips a tree of 10,000 files between SQLite + a directory and PostgreSQL + S3 with identical checksums', async () => {
    const dataDir = join(root, 'source');
    const cli = (args: string[], env: Record<string, string>): ReturnType<typeof runCli> => runCli(dataDir, args, env);

    // The embedded installation: 10,000 files in 100 folders, an empty folder, and bob's file.
    const server = await startServer({ dataDir, port: 0, adminPassword: PASSWORD });
    const listings = new Map<string, { fileid: number; etag: string }>();
    try {
      for (let d = 0; d < FOLDERS; d += 1) {
        const folder = join(dataDir, 'files', 'admin', 'tree', `d${d}`);
        await mkdir(folder, { recursive: true });
        for (let f = 0; f < PER_FOLDER; f += 1) await writeFile(join(folder, `f${f}.txt`), `file ${d}/${f} ${randomBytes(6).toString('hex')}\n`);
      }
      await mkdir(join(dataDir, 'files', 'admin', 'empty'));
      await server.built.accounts.users.create({ uid: 'bob', password: 'bob-password-1' });
      await server.built.files.ensureUserRoot('bob');
      await writeFile(join(dataDir, 'files', 'bob', 'notes.txt'), randomBytes(3000));
      for (const folder of ['/', '/tree', '/empty']) await server.built.files.list('admin', folder);
      for (let d = 0; d < FOLDERS; d += 1) {
        for (const entry of await server.built.files.list('admin', `/tree/d${d}`)) listings.set(entry.path, { fileid: entry.fileid, etag: entry.etag });
      }
      await server.built.files.list('bob', '/');
    } finally {
      await server.close();
    }
    expect(listings.size).toBe(FILES);
    const original = await treeOf(dataDir);
    expect(original.files.size).toBe(FILES + 1);
    const sqlite = join(dataDir, 'cumulus.sqlite');
    const tablesBefore = await tableDigests(async () => openDatabase<unknown>(sqlite));
    const ids = await fileRows(async () => openDatabase<unknown>(sqlite));
    expect(ids.size).toBe(FILES + 1);
    const pgUrl = `${postgresBase}/content_copy`;
    const pgUsers = async (): Promise<string | undefined> => (await tableDigests(async () => openPostgres<unknown>(pgUrl))).users;

    // Refused: a file of the metadata lost its content. Nothing is written: no object, no user.
    await store.ensureReady();
    const lost = join(dataDir, 'files', 'admin', 'tree', 'd3', 'f7.txt');
    await rename(lost, `${lost}.away`);
    const missing = await cli(['db:copy', pgUrl, '--content-to-s3', s3.bucket], serviceEnv());
    await rename(`${lost}.away`, lost);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('admin:/tree/d3/f7.txt (missing, recorded');
    expect(missing.err).toContain('Nothing was copied');
    expect(await keysUnder(store, '')).toEqual([]);
    expect(await pgUsers()).toMatch(/^0 /);

    // Refused: the bucket holds another installation's object; it stays the only one.
    await store.put(fileObjectKey(99_999_999), Readable.from([Buffer.from('not ours')]), { maxBytes: -1 });
    const foreign = await cli(['db:copy', pgUrl, '--content-to-s3', s3.bucket], serviceEnv());
    expect(foreign.code).toBe(1);
    expect(foreign.err).toContain('already holds content this installation does not explain: urn:oid:99999999');
    expect(await keysUnder(store, '')).toEqual([fileObjectKey(99_999_999)]);
    expect(await pgUsers()).toMatch(/^0 /);
    await store.delete([fileObjectKey(99_999_999)]);

    // There: metadata to PostgreSQL, content to S3 under the files' ids.
    const there = await cli(['db:copy', pgUrl, '--content-to-s3', s3.bucket], serviceEnv());
    expect(there).toMatchObject({ code: 0, err: '' });
    expect(there.out).toContain(`content: ${FILES + 1} files`);
    expect(there.out).toContain('count, sizes and checksums match');
    expect(await tableDigests(async () => openPostgres<unknown>(pgUrl))).toEqual(tablesBefore);
    expect((await keysUnder(store, '')).sort()).toEqual([...ids.keys()].map(fileObjectKey).sort());
    // (The objects' bytes are checked by the way back: each file returns from its id's object.)
    const d42 = [...ids].find(([, name]) => name === 'admin:/tree/d42/f9.txt')?.[0] ?? 0;
    expect(sha256(await contentOf(store, fileObjectKey(d42)))).toBe(original.files.get(join('files', 'admin', 'tree', 'd42', 'f9.txt')));

    // Run again: refused (the database has users), the bucket as it was.
    const again = await cli(['db:copy', pgUrl, '--content-to-s3', s3.bucket], serviceEnv());
    expect(again.code).toBe(1);
    expect(again.err).toContain('already has users');
    expect((await keysUnder(store, '')).length).toBe(FILES + 1);

    // Refused: the new data directory holds a stray file; nothing else is written there.
    const backDir = join(root, 'back');
    await mkdir(join(backDir, 'files', 'admin'), { recursive: true });
    await writeFile(join(backDir, 'files', 'admin', 'stray.txt'), 'stray');
    const fromS3 = { CUMULUS_DATABASE_URL: pgUrl, CUMULUS_S3_BUCKET: s3.bucket, ...serviceEnv() };
    const backFile = join(backDir, 'cumulus.sqlite');
    const stray = await cli(['db:copy', backFile, '--content-to', backDir], fromS3);
    expect(stray.code).toBe(1);
    expect(stray.err).toContain(join('files', 'admin', 'stray.txt'));
    expect((await treeOf(backDir)).files).toEqual(new Map([[join('files', 'admin', 'stray.txt'), sha256(Buffer.from('stray'))]]));
    await rm(join(backDir, 'files'), { recursive: true });
    await rm(backFile);

    // And back: metadata to SQLite, content from the bucket to the new data directory.
    const back = await cli(['db:copy', backFile, '--content-to', backDir], fromS3);
    expect(back).toMatchObject({ code: 0, err: '' });
    expect(back.out).toContain(`content: ${FILES + 1} files`);
    const returned = await treeOf(backDir);
    expect(returned.files).toEqual(original.files);
    expect(returned.folders).toEqual(original.folders);
    expect(await tableDigests(async () => openDatabase<unknown>(backFile))).toEqual(tablesBefore);

    // A server on the returned installation sees every file as it was: same ids, same etags (nothing looks changed on disk).
    const home = await startServer({ dataDir: backDir, port: 0 });
    try {
      for (let d = 0; d < FOLDERS; d += 1) {
        for (const entry of await home.built.files.list('admin', `/tree/d${d}`)) expect([entry.path, entry.fileid, entry.etag]).toEqual([entry.path, listings.get(entry.path)?.fileid, listings.get(entry.path)?.etag]);
      }
      expect(await home.built.files.list('admin', '/empty')).toEqual([]);
    } finally {
      await home.close();
    }

    // A server on PostgreSQL + S3 (last: signing in changes its tables) serves the files.
    const onS3 = await startServer({ dataDir: join(root, 'on-s3'), port: 0, databaseUrl: pgUrl, s3 });
    try {
      const entries = await onS3.built.files.list('admin', '/tree/d42');
      expect(entries).toHaveLength(PER_FOLDER);
      expect(entries.map((entry) => [entry.path, entry.fileid, entry.etag])).toEqual(entries.map((entry) => [entry.path, listings.get(entry.path)?.fileid, listings.get(entry.path)?.etag]));
      const answer = await fetch(`${onS3.url}/remote.php/dav/files/admin/tree/d42/f9.txt`, { headers: { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` } });
      expect(answer.status).toBe(200);
      expect(sha256(Buffer.from(await answer.arrayBuffer()))).toBe(original.files.get(join('files', 'admin', 'tree', 'd42', 'f9.txt')));
    } finally {
      await onS3.close();
    }
  }, 900_000);
});
