import { afterEach, describe, expect, it } from '@jest/globals';
import { newRow } from './cache-rows';
import { LISTING_PAGE_ROWS } from './listing-pages';
import type { ListedRow } from './metadata-store';
import { makeTestFiles } from '../files/test-support';

/** Rows of a folder bigger than two pages, so a listing of it is read in several steps. */
const COUNT = 2 * LISTING_PAGE_ROWS + 345;

describe('SqlMetadataStore.listingPages (SQLite, or PostgreSQL in the test mode)', () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });

  /** A store with `/big` holding COUNT cached files (rows only: the pages read the cache). */
  async function bigFolder() {
    const test = await makeTestFiles();
    cleanup = test.cleanup;
    await test.files.ensureUserRoot('alice');
    await test.files.mkdir('alice', '/big');
    const { metadata } = test.files;
    const folder = await metadata.get('alice', '/big');
    if (!folder) throw new Error('/big not cached');
    await metadata.transaction(async (store) => {
      for (let i = 0; i < COUNT; i += 1) await store.insert(newRow('alice', `/big/f${i}.txt`, folder.fileid, { type: 'file', size: i, mtimeUs: 1_700_000_000_000_000 }, 0));
    });
    return { metadata, folder };
  }

  const names = (rows: ListedRow[]): string[] => rows.map((row) => row.name).sort();

  it('gives a folder larger than one page whole, each row once, in pages of at most a page, the total announced first', async () => {
    const { metadata, folder } = await bigFolder();
    const listed = await metadata.listingPages(folder.fileid);
    expect(listed.total).toBe(COUNT);
    const pages: ListedRow[][] = [];
    for await (const page of listed.pages()) pages.push(page);
    expect(pages.length).toBeGreaterThan(2);
    expect(Math.max(...pages.map((page) => page.length))).toBeLessThanOrEqual(LISTING_PAGE_ROWS);
    const rows = pages.flat();
    expect(rows).toHaveLength(COUNT);
    expect(new Set(rows.map((row) => row.fileid)).size).toBe(COUNT);
    expect(names(rows)).toEqual(names(await metadata.listing(folder.fileid)));
    // The same values as the one-statement listing, column for column.
    const byId = new Map((await metadata.listing(folder.fileid)).map((row) => [row.fileid, row]));
    for (const row of rows) expect(row).toEqual(byId.get(row.fileid));
  });

  it('reads one state of the folder: rows added, removed and renamed after the first page do not show in the later ones', async () => {
    const { metadata, folder } = await bigFolder();
    const before = await metadata.listing(folder.fileid);
    const listed = await metadata.listingPages(folder.fileid);
    const pages = listed.pages();
    const first = await pages.next();
    if (first.done) throw new Error('no first page');
    const seen = new Set(first.value.map((row) => row.fileid));
    const unseen = before.filter((row) => !seen.has(row.fileid));
    const [removed, renamed] = unseen;
    if (!removed || !renamed) throw new Error('too few rows after the first page');

    // Writes that land while the listing is being sent (other requests on the shared connection or pool).
    await metadata.removeTree('alice', `/big/${removed.name}`);
    await metadata.update(renamed.fileid, { name: 'renamed.txt', path: '/big/renamed.txt' });
    for (let i = 0; i < 50; i += 1) await metadata.insert(newRow('alice', `/big/late${i}.txt`, folder.fileid, { type: 'file', size: 1, mtimeUs: 1_700_000_000_000_000 }, 0));

    const rows = [...first.value];
    for await (const page of { [Symbol.asyncIterator]: () => pages }) rows.push(...page);
    expect(rows).toHaveLength(listed.total);
    expect(names(rows)).toEqual(names(before));

    // The writes did land: the next listing has them.
    const after = await metadata.listingPages(folder.fileid);
    expect(after.total).toBe(COUNT - 1 + 50);
    const next: ListedRow[] = [];
    for await (const page of after.pages()) next.push(...page);
    expect(next.some((row) => row.name === 'renamed.txt')).toBe(true);
    expect(next.some((row) => row.name === removed.name || row.name === renamed.name)).toBe(false);
    expect(next).toHaveLength(after.total);
  });

  it('lets the snapshot go when closed early, so listings left half-read do not hold connections', async () => {
    const { metadata, folder } = await bigFolder();
    // More than a PostgreSQL pool's connections (10): each must be given back.
    for (let i = 0; i < 15; i += 1) {
      const listed = await metadata.listingPages(folder.fileid);
      const pages = listed.pages();
      expect((await pages.next()).done).toBe(false);
      await listed.close();
      await listed.close();
      // Closed: the rest of the pages is empty.
      expect((await pages.next()).done).toBe(true);
    }
    // And one never started.
    await (await metadata.listingPages(folder.fileid)).close();
    await metadata.insert(newRow('alice', '/big/after-close.txt', folder.fileid, { type: 'file', size: 1, mtimeUs: 1_700_000_000_000_000 }, 0));
    const last = await metadata.listingPages(folder.fileid);
    expect(last.total).toBe(COUNT + 1);
    await last.close();
  }, 60_000);

  it('reads a small folder (one page) the same way, total first', async () => {
    const test = await makeTestFiles();
    cleanup = test.cleanup;
    await test.files.ensureUserRoot('alice');
    await test.files.mkdir('alice', '/small');
    await test.files.mkdir('alice', '/small/a');
    await test.files.mkdir('alice', '/small/b');
    const folder = await test.files.metadata.get('alice', '/small');
    const listed = await test.files.metadata.listingPages(folder?.fileid ?? 0);
    expect(listed.total).toBe(2);
    const rows: ListedRow[] = [];
    for await (const page of listed.pages()) rows.push(...page);
    expect(names(rows)).toEqual(['a', 'b']);
  });
});
