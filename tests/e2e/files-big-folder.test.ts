/**
 * A big folder in the browser against the real server: the
 * app lists it through the compact listing, and sorting, filtering and
 * selecting work over the whole folder; a later page load shows the folder
 * from the copy kept in IndexedDB before the server answers, checks it by
 * ETag and updates it in place; signing out clears the kept copies. Needs
 * `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, Page, Request, Route } from 'playwright-core';
import { launchBrowser, watchPage } from '../support/browser';
import type { PageProblems } from '../support/browser';
import { startFilesServer } from '../support/filesServer';
import type { FilesServer } from '../support/filesServer';

const ADMIN_PASSWORD = 'admin-password';
const COUNT = 600;
const CACHE_DB = 'cumulus-listings:admin';
/** Requests of the folder /Big itself. */
const LISTING_URL = /\/remote\.php\/dav\/files\/admin\/Big\/?$/;
/** The rows a kept head holds (shell/src/services/dav/listingCache.ts HEAD_ROWS). */
const HEAD_ROWS = 200;

jest.setTimeout(60_000);

/** `file 007.txt` …: names that sort the same naturally and as text. */
const nameOf = (i: number): string => `file ${String(i).padStart(3, '0')}.txt`;

describe('a big folder in the browser', () => {
  let server: FilesServer;
  let browser: Browser;
  let page: Page;
  let problems: PageProblems;

  const row = (name: string) => page.locator('[role="row"][data-source]').filter({ has: page.locator('.files-name', { hasText: name }) });
  const firstNames = () => page.locator('[role="row"][data-source] .files-name').evaluateAll((nodes) => nodes.slice(0, 3).map((node) => (node.textContent ?? '').trim()));
  /** The folder's listing (PROPFIND Depth 1), not the ETag check (Depth 0). */
  const isListing = (request: Request): boolean => request.method() === 'PROPFIND' && request.headers()['depth'] === '1' && /\/Big\/?$/.test(request.url());
  /**
   * Holds the folder's listing back until `release` (or `stop`, which also ends the hold).
   * `stop` lets the held requests go on first and waits for them: removing the route while
   * one is held would have Playwright continue it too, and the handler's own `continue`
   * would then fail with "Route is already handled".
   */
  const holdListing = async (): Promise<{ release: () => void; stop: () => Promise<void> }> => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const handling = new Set<Promise<void>>();
    const hold = (route: Route): Promise<void> => {
      const handled = (async () => {
        if (isListing(route.request())) await released;
        await route.continue();
      })();
      handling.add(handled);
      return handled.finally(() => handling.delete(handled));
    };
    await page.route(LISTING_URL, hold);
    return {
      release: () => release(),
      stop: async () => {
        release();
        await Promise.allSettled([...handling]);
        await page.unroute(LISTING_URL, hold);
      },
    };
  };
  /** The names in the kept head of /Big (in `localStorage`), in its order. */
  const keptHeadNames = () =>
    page.evaluate((name) => {
      const key = Object.keys(localStorage).find((candidate) => candidate.startsWith(`${name}:head:`) && candidate.endsWith('/Big'));
      const text = key === undefined ? '' : (localStorage.getItem(key) ?? '');
      // A props line, the folder's own row, its children's rows, a done line.
      const rows = text.split('\n').filter((line) => line.startsWith('['));
      return rows.slice(1).map((line) => (JSON.parse(line) as [string])[0]);
    }, CACHE_DB);
  const keptDatabases = () => page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name));

  beforeAll(async () => {
    server = await startFilesServer({ name: 'big-folder', adminPassword: ADMIN_PASSWORD, config: { throttleDelayMs: 0 } });
    expect((await server.dav('MKCOL', '/Big')).status).toBe(201);
    for (let start = 0; start < COUNT; start += 25) {
      const batch = Array.from({ length: Math.min(25, COUNT - start) }, (_, k) => server.dav('PUT', `/Big/${nameOf(start + k)}`, `content ${start + k}`));
      for (const response of await Promise.all(batch)) expect(response.status).toBe(201);
    }
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    problems = watchPage(page);
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Login').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await Promise.all([page.waitForURL(/\/apps\/files\//), page.getByRole('button', { name: 'Log in' }).click()]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lists the folder through the compact listing; sorting, filtering and selecting cover every row', async () => {
    const listing = page.waitForResponse((response) => isListing(response.request()));
    await page.goto(`${server.url}/apps/files/files?dir=/Big`);
    expect((await listing).headers()['content-type']).toMatch(/^application\/vnd\.cumulus\.listing\+ndjson/);
    await page.getByText(`${COUNT} files`).waitFor();
    await expect(firstNames()).resolves.toEqual([nameOf(0), nameOf(1), nameOf(2)]);
    // Descending: the last rows of the listing come first, though they arrived last.
    await page.locator('button.files-sort', { hasText: 'Name' }).click();
    await expect(firstNames()).resolves.toEqual([nameOf(COUNT - 1), nameOf(COUNT - 2), nameOf(COUNT - 3)]);
    await page.locator('button.files-sort', { hasText: 'Name' }).click();
    // The filter looks at every row, not only those on screen.
    await page.getByLabel('Filter filenames…').fill('file 59');
    await page.waitForFunction(() => document.querySelectorAll('[role="row"][data-source]').length === 10);
    await expect(firstNames()).resolves.toEqual(['file 590.txt', 'file 591.txt', 'file 592.txt']);
    await page.getByLabel('Filter filenames…').fill('');
    await row(nameOf(0)).waitFor();
    // Select all takes every row of the folder.
    await page.getByRole('checkbox', { name: 'Toggle selection for all files and folders' }).check();
    await page.getByText(`${COUNT} selected`).waitFor();
    await page.getByRole('checkbox', { name: 'Toggle selection for all files and folders' }).uncheck();
    expect(problems.pageErrors).toEqual([]);
  });

  it('a new page load shows the kept copy before the server answers, then updates it in place', async () => {
    // Kept after the first visit (once the page was idle); now the folder changes on the server.
    await page.waitForFunction(() => performance.getEntriesByName('files:listing-kept').length > 0);
    expect((await server.dav('PUT', '/Big/aa late arrival.txt', 'new')).status).toBe(201);
    // The listing is held back until the rows are on screen.
    const { release, stop } = await holdListing();
    try {
      await page.goto(`${server.url}/apps/files/files?dir=/Big`);
      await row(nameOf(0)).waitFor();
      await page.getByText(`${COUNT} files`).waitFor();
      await expect(row('aa late arrival.txt').count()).resolves.toBe(0);
      release();
      // The ETag moved: listed again, the new file joins the rows already shown.
      await row('aa late arrival.txt').waitFor();
      await page.getByText(`${COUNT + 1} files`).waitFor();
    } finally {
      await stop();
    }
  });

  it('a page load with the ETag unchanged shows the kept rows and lists nothing', async () => {
    // The listing above (with the late file) is kept once the page is idle.
    await page.waitForFunction(() => performance.getEntriesByName('files:listing-kept').length > 0);
    await page.goto(`${server.url}/apps/files/files?dir=/`);
    // The last listing (with the late file) was kept: a fresh load of the folder needs no listing.
    const listings: string[] = [];
    page.on('request', (request) => void (isListing(request) && listings.push(request.url())));
    await page.waitForTimeout(300);
    await page.goto(`${server.url}/apps/files/files?dir=/Big`);
    await row('aa late arrival.txt').waitFor();
    await page.getByText(`${COUNT + 1} files`).waitFor();
    await page.waitForLoadState('networkidle');
    expect(listings).toEqual([]);
  });

  it("a page load shows a big folder's first rows from the kept head, before the whole copy is read", async () => {
    await page.goto(`${server.url}/apps/files/files?dir=/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The whole copy is gone, its head (the first rows alone) stays: the rows on screen before the server answers come from the head.
    const left = await page.evaluate(
      (name) =>
        new Promise<{ heads: number; listings: number }>((resolve, reject) => {
          const opening = indexedDB.open(name);
          opening.onerror = () => reject(opening.error);
          opening.onsuccess = () => {
            const db = opening.result;
            const transaction = db.transaction(['listings', 'heads'], 'readwrite');
            const listings = transaction.objectStore('listings');
            const heads = transaction.objectStore('heads');
            listings.clear();
            const counts = { heads: 0, listings: 0 };
            heads.count().onsuccess = (event) => (counts.heads = (event.target as IDBRequest<number>).result);
            listings.count().onsuccess = (event) => (counts.listings = (event.target as IDBRequest<number>).result);
            transaction.oncomplete = () => {
              db.close();
              resolve(counts);
            };
            transaction.onerror = () => reject(transaction.error);
          };
        }),
      CACHE_DB,
    );
    expect(left).toEqual({ heads: 1, listings: 0 });
    const { release, stop } = await holdListing();
    try {
      // The head holds the rows the list showed first (by name), not the listing's first rows: those
      // come in the server's order (the database's, which on PostgreSQL is no order at all).
      await expect(keptHeadNames()).resolves.toEqual(['aa late arrival.txt', ...Array.from({ length: HEAD_ROWS - 1 }, (_, i) => nameOf(i))]);
      await page.goto(`${server.url}/apps/files/files?dir=/Big`);
      // The head's rows alone (the table counts its header and footer too); the rest comes with the listing.
      await page.locator(`[aria-rowcount="${HEAD_ROWS + 2}"]`).waitFor();
      await expect(firstNames()).resolves.toEqual(['aa late arrival.txt', nameOf(0), nameOf(1)]);
      release();
      await page.getByText(`${COUNT + 1} files`).waitFor();
      await expect(firstNames()).resolves.toEqual(['aa late arrival.txt', nameOf(0), nameOf(1)]);
    } finally {
      await stop();
    }
    expect(problems.pageErrors).toEqual([]);
  });

  it('signing out clears the kept listings', async () => {
    await expect(keptDatabases()).resolves.toContain(CACHE_DB);
    await expect(page.evaluate((name) => Object.keys(localStorage).filter((key) => key.startsWith(name)).length, CACHE_DB)).resolves.toBeGreaterThan(0);
    const token = await page.evaluate(() => document.head.dataset['requesttoken'] ?? '');
    await page.evaluate(async (requesttoken) => {
      await fetch('/logout', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ requesttoken }) });
    }, token);
    await expect(keptDatabases()).resolves.not.toContain(CACHE_DB);
    // Its index and heads in localStorage went with it.
    await expect(page.evaluate((name) => Object.keys(localStorage).filter((key) => key.startsWith(name)), CACHE_DB)).resolves.toEqual([]);
  });
});
