import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeTestFiles } from '../files/test-support';
import { dialectOf, sqliteHandle } from '../../db/connection';
import { postgresPool } from '../../db/postgres';

describe('SqlMetadataStore.listing', () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
  });

  it('reads the same rows through the engine fast path (SQLite, or PostgreSQL in the test mode) as through the portable query', async () => {
    const test = await makeTestFiles();
    cleanup = test.cleanup;
    await test.files.ensureUserRoot('alice');
    const dir = join(test.dataDir, 'files', 'alice', 'Docs');
    await mkdir(join(dir, 'Sub'), { recursive: true });
    await writeFile(join(dir, 'a.txt'), 'hello');
    await writeFile(join(dir, 'b.md'), '# title');
    await test.files.list('alice', '/Docs');
    const folder = await test.files.metadata.get('alice', '/Docs');
    if (!folder) throw new Error('Docs not cached');

    // The fast path of the engine under test is the one taken.
    if (dialectOf(test.db) === 'postgres') expect(postgresPool(test.db)).toBeDefined();
    else expect(sqliteHandle(test.db)).toBeDefined();
    const fast = await test.files.metadata.listing(folder.fileid);
    // Inside a transaction the store runs on kysely's transaction handle: the portable query.
    const portable = await test.files.metadata.transaction((store) => store.listing(folder.fileid));
    const byName = <R extends { name: string }>(rows: R[]): R[] => [...rows].sort((a, b) => a.name.localeCompare(b.name));
    expect(byName(fast)).toEqual(byName(portable));
    expect(byName(fast).map((row) => [row.name, row.type, row.size])).toEqual([
      ['a.txt', 'file', 5],
      ['b.md', 'file', 7],
      ['Sub', 'folder', 0],
    ]);
  });
});

describe('SqlMetadataStore.propagate', () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
  });

  it("lets a write inside a folder and that folder's delete in a transaction both finish (PostgreSQL: no deadlock)", async () => {
    const test = await makeTestFiles();
    cleanup = test.cleanup;
    await test.files.ensureUserRoot('alice');
    await test.files.mkdir('alice', '/busy');
    const { metadata } = test.files;
    const sleep = (ms: number): Promise<void> => new Promise((wake) => setTimeout(wake, ms));
    let writer: Promise<void> | undefined;
    // The delete holds the folder's row, then (after the writer has started) updates the root,
    // as a journaled delete does: removeTree, then propagate to the ancestors.
    await metadata.transaction(async (store) => {
      await store.removeTree('alice', '/busy');
      writer = metadata.propagate('alice', ['/busy', '/'], 1, 1);
      await sleep(400);
      await store.propagate('alice', ['/'], 0, 1);
    });
    await writer;
    expect(await metadata.get('alice', '/busy')).toBeNull();
    expect((await metadata.get('alice', '/'))?.size).toBe(1);
  }, 30_000);
});
