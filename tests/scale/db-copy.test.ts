import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../server/src/app';
import { openDatabase } from '../../server/src/db/connection';
import { openPostgres } from '../../server/src/db/postgres';
import { runCli, tableDigests as digests } from './copy-support';
import type { PostgresCluster } from './postgres-cluster';
import { startPostgresCluster } from './postgres-cluster';

/**
 * `cumulus db:copy`: an embedded installation of 10,000 files moves to PostgreSQL and back,
 * every table identical (row counts and checksums) on all three, and a server on the copy
 * serves the same files under the same ids.
 */
const FILES = 10_000;
let cluster: PostgresCluster;
let dataDir: string;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  dataDir = await mkdtemp(join(tmpdir(), 'cumulus-db-copy-'));
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const cli = (args: string[], env: Record<string, string>): ReturnType<typeof runCli> => runCli(dataDir, args, env);

describe('cumulus db:copy', () => {
  it('moves 10,000 files of metadata from SQLite to PostgreSQL and back with identical tables', async () => {
    // An embedded installation: 10,000 files found on disk, a favorite, another user with an app password.
    const server = await startServer({ dataDir, port: 0, adminPassword: 'admin-password' });
    const many = join(dataDir, 'files', 'admin', 'many');
    await mkdir(many, { recursive: true });
    for (let i = 0; i < FILES; i += 1) await writeFile(join(many, `f${i}.txt`), `file ${i} ${randomBytes(4).toString('hex')}\n`);
    const listed = await server.built.files.list('admin', '/many');
    expect(listed).toHaveLength(FILES);
    await server.built.files.changeNode('admin', '/many/f7.txt', { favorite: true });
    await server.built.accounts.users.create({ uid: 'bob', password: 'bob-password-1' });
    await server.built.accounts.appPasswords.create('bob', 'laptop');
    const ids = new Map(listed.map((entry) => [entry.path, entry.fileid]));
    await server.close();

    const pgUrl = `${cluster.url}/copied`;
    const sqliteFile = join(dataDir, 'cumulus.sqlite');
    const before = await digests(async () => openDatabase<unknown>(sqliteFile));
    // The root, /many and its files, and (when the Trash plugin's size check has run) the trash area's root.
    expect(Number(before.filecache?.split(' ')[0])).toBeGreaterThanOrEqual(FILES + 2);
    // The favorite is its user's own mark, a row of its own table, carried like the rest.
    expect(before.favorites?.split(' ')[0]).toBe('1');

    const there = await cli(['db:copy', pgUrl], {});
    expect(there).toMatchObject({ code: 0, err: '' });
    expect(there.out).toContain('row counts and checksums match');
    expect(await digests(() => openPostgres<unknown>(pgUrl))).toEqual(before);

    // Refused into a database that already has users, changing nothing.
    const again = await cli(['db:copy', pgUrl], {});
    expect(again.code).toBe(1);
    expect(again.err).toContain('already has users');

    const backFile = join(dataDir, 'back.sqlite');
    const back = await cli(['db:copy', backFile], { CUMULUS_DATABASE_URL: pgUrl });
    expect(back).toMatchObject({ code: 0, err: '' });
    expect(await digests(async () => openDatabase<unknown>(backFile))).toEqual(before);

    // A server on the PostgreSQL copy serves the same files under the same ids, and new ids follow the old ones.
    const moved = await startServer({ dataDir, port: 0, databaseUrl: pgUrl });
    try {
      const entries = await moved.built.files.list('admin', '/many');
      expect(entries).toHaveLength(FILES);
      for (const entry of entries) expect(entry.fileid).toBe(ids.get(entry.path));
      expect((await moved.built.files.stat('admin', '/many/f7.txt'))?.favorite).toBe(true);
      const fresh = await moved.built.files.mkdir('admin', '/new-folder');
      expect(fresh.fileid).toBeGreaterThan(Math.max(...ids.values()));
    } finally {
      await moved.close();
    }
  }, 600_000);
});
