import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeTestFiles } from './test-support';
import { dialectOf, sqliteHandle } from '../db/connection';
import { postgresPool } from '../db/postgres';

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
