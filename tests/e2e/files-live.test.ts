/**
 * Live updates on the Files screen, against the real server in headless Chromium: two
 * browsers (separate contexts, as two devices) on one folder: an upload, a rename, a move out
 * and a delete made in one show in the other within a second, with its selection and scroll
 * position kept; a change made over plain WebDAV (as rclone or a sync client makes it)
 * shows; the server stopped and started again on the same data: the page reconnects and the
 * changes made meanwhile show, without a reload. Two tabs of one browser share one
 * connection. Two server processes on one database: a change through one shows in a page
 * served by the other. Needs the built front end (`npm run build`).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { startServer } from '../../server/src/app';
import type { StartedServer } from '../../server/src/app';
import { launchBrowser, watchPage } from '../support/browser';
import type { PageProblems } from '../support/browser';
import { E2E_DIST, E2E_OUTPUT, basicAuth, signIn } from '../support/filesServer';

const PASSWORD = 'live-e2e-password';
/** A change must show in the other page within this (the promise). */
const LIVE_MS = 1000;
/** Time for one browser step on a busy machine. */
const STEP_MS = 30_000;
/** Files in the folder: enough to scroll. */
const FILLER = 40;

describe('live updates in the browser', () => {
  let dataDir: string;
  let server: StartedServer;
  let port: number;
  let browser: Browser;
  let contexts: BrowserContext[];
  let actor: Page;
  let watcher: Page;
  let problems: PageProblems;

  const start = async (): Promise<void> => {
    server = await startServer({ dataDir, port, adminPassword: PASSWORD, distDir: E2E_DIST, throttleDelayMs: 0, changeFeed: { pollIntervalMs: 100 } });
  };
  const dav = (method: string, target: string, body?: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/remote.php/dav/files/admin${target.split('/').map(encodeURIComponent).join('/')}`, {
      method,
      headers: { authorization: basicAuth('admin', PASSWORD), ...headers },
      body,
    });
  const row = (page: Page, name: string): Locator => page.locator(`[role="row"][data-source$="/${encodeURIComponent(name)}"]`);
  const toast = (page: Page, text: string): Locator => page.locator('.files-toast', { hasText: text });
  const runFromMenu = async (page: Page, name: string, action: string) => {
    await row(page, name).getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: action, exact: true }).click();
  };
  const scrollTop = (page: Page) => page.locator('.files-list').evaluate((list) => list.scrollTop);
  const selectedNames = (page: Page) =>
    page.locator('[role="row"][data-source] input[type="checkbox"]:checked').evaluateAll((boxes) =>
      boxes.map((box) => (box.closest('[role="row"]')?.querySelector('.files-name')?.textContent ?? '').trim()),
    );
  /** Waits for `check` in the watching page, and says how long it took from `since`. */
  const within = async (since: number, check: () => Promise<unknown>): Promise<number> => {
    await check();
    return Date.now() - since;
  };
  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(E2E_OUTPUT, `files-live-${name}.png`) });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cumulus-e2e-live-'));
    port = 0;
    await start();
    port = server.port;
    for (const folder of ['/Team', '/Team/Archive', '/Elsewhere']) expect((await dav('MKCOL', folder)).status).toBe(201);
    for (let i = 0; i < FILLER; i += 1) expect((await dav('PUT', `/Team/file-${String(i).padStart(3, '0')}.txt`, `file ${i}`)).status).toBe(201);
    for (const name of ['aa-rename-me.txt', 'aa-move-me.txt', 'aa-delete-me.txt']) expect((await dav('PUT', `/Team/${name}`, name)).status).toBe(201);

    browser = await launchBrowser();
    contexts = [await browser.newContext({ viewport: { width: 1400, height: 800 } }), await browser.newContext({ viewport: { width: 1400, height: 800 } })];
    actor = await contexts[0]!.newPage();
    watcher = await contexts[1]!.newPage();
    problems = watchPage(watcher);
    for (const page of [actor, watcher]) {
      await signIn(page, server.url, PASSWORD);
      await page.goto(`${server.url}/apps/files/files?dir=/Team`);
      await row(page, 'aa-rename-me.txt').waitFor();
    }
    // Wait until both pages hold a feed connection, and the one each page opened before its navigation to /Team
    // (after signing in) is closed: the server sees that close a moment later on a busy machine.
    const deadline = Date.now() + 10_000;
    while (server.built.changes.connectionCount() !== 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.built.changes.connectionCount()).toBe(2);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows an upload, a rename, a move out and a delete made in another browser within a second, keeping selection and scroll', async () => {
    // The watcher selects a file and scrolls down.
    await row(watcher, 'file-003.txt').getByRole('checkbox').check();
    await watcher.locator('.files-list').evaluate((list) => list.scrollTo({ top: 120 }));
    await watcher.waitForTimeout(200);
    const scrolled = await scrollTop(watcher);
    expect(scrolled).toBeGreaterThan(100);
    const lags: Record<string, number> = {};
    const listings: string[] = [];
    watcher.on('request', (request) => {
      if (request.method() === 'PROPFIND' && request.headers()['depth'] === '1') listings.push(request.url());
    });

    // Upload.
    const upload = path.join(dataDir, 'ab-uploaded.txt');
    writeFileSync(upload, 'uploaded from the other browser');
    const [chooser] = await Promise.all([
      actor.waitForEvent('filechooser'),
      (async () => {
        await actor.getByRole('button', { name: 'New', exact: true }).click();
        await actor.getByRole('menuitem', { name: 'Upload files' }).click();
      })(),
    ]);
    await chooser.setFiles(upload);
    await row(actor, 'ab-uploaded.txt').waitFor();
    let since = Date.now();
    lags.upload = await within(since, () => row(watcher, 'ab-uploaded.txt').waitFor({ state: 'attached', timeout: 5000 }));

    // The rows about to change are on the watcher's screen (a detached row must mean removed, not scrolled away).
    for (const name of ['aa-rename-me.txt', 'aa-move-me.txt', 'aa-delete-me.txt']) await row(watcher, name).waitFor({ state: 'attached' });

    // Rename.
    await runFromMenu(actor, 'aa-rename-me.txt', 'Rename');
    await row(actor, 'aa-rename-me.txt').getByRole('textbox', { name: 'Filename' }).fill('ac-renamed.txt');
    await row(actor, 'aa-rename-me.txt').getByRole('textbox', { name: 'Filename' }).press('Enter');
    await toast(actor, 'Renamed "aa-rename-me.txt" to "ac-renamed.txt"').waitFor();
    since = Date.now();
    lags.rename = await within(since, async () => {
      await row(watcher, 'ac-renamed.txt').waitFor({ state: 'attached', timeout: 5000 });
      await row(watcher, 'aa-rename-me.txt').waitFor({ state: 'detached', timeout: 5000 });
    });

    // Move out.
    await runFromMenu(actor, 'aa-move-me.txt', 'Move or copy');
    const picker = actor.getByRole('dialog', { name: 'Choose destination' });
    await picker.getByRole('button', { name: 'Archive' }).click();
    await picker.getByRole('button', { name: 'Move to Archive' }).click();
    await toast(actor, '"Move or copy" action executed successfully').waitFor();
    since = Date.now();
    lags.move = await within(since, () => row(watcher, 'aa-move-me.txt').waitFor({ state: 'detached', timeout: 5000 }));

    // Delete.
    await runFromMenu(actor, 'aa-delete-me.txt', 'Delete');
    await toast(actor, '"Delete" action executed successfully').waitFor();
    since = Date.now();
    lags.delete = await within(since, () => row(watcher, 'aa-delete-me.txt').waitFor({ state: 'detached', timeout: 5000 }));

    await shot(watcher, 'after-changes');
    for (const [change, lag] of Object.entries(lags)) expect([change, lag <= LIVE_MS]).toEqual([change, true]);
    expect(await selectedNames(watcher)).toEqual(['file-003.txt']);
    expect(Math.abs((await scrollTop(watcher)) - scrolled)).toBeLessThan(2);
    // Updated in place, never re-listed.
    expect(listings).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
  }, STEP_MS);

  it('shows a change made over plain WebDAV, as rclone or a sync client makes it', async () => {
    const since = Date.now();
    expect((await dav('PUT', '/Team/aa-from-webdav.txt', 'put by a WebDAV client')).status).toBe(201);
    const lag = await within(since, () => row(watcher, 'aa-from-webdav.txt').waitFor({ state: 'attached', timeout: 5000 }));
    expect(lag).toBeLessThan(LIVE_MS * 2);
    expect((await dav('MOVE', '/Team/aa-from-webdav.txt', undefined, { Destination: `${server.url}/remote.php/dav/files/admin/Team/aa-moved-by-webdav.txt` })).status).toBe(201);
    await row(watcher, 'aa-moved-by-webdav.txt').waitFor({ state: 'attached', timeout: 5000 });
    await row(watcher, 'aa-from-webdav.txt').waitFor({ state: 'detached', timeout: 5000 });
  }, STEP_MS);

  it('shows a burst of changes row by row, without listing the folder again', async () => {
    // Whether three or more changes arrive together (and are read with one SEARCH by file id, see
    // liveUpdates.test.ts) depends on how fast the server takes the PUTs; in place they come either way.
    const listings: string[] = [];
    const onRequest = (request: { method(): string; url(): string; headers(): Record<string, string> }) => {
      if (request.method() === 'PROPFIND' && request.headers()['depth'] === '1') listings.push(request.url());
    };
    watcher.on('request', onRequest);
    const names = Array.from({ length: 12 }, (_, i) => `aa-burst-${String(i).padStart(2, '0')}.txt`);
    try {
      await Promise.all(names.map(async (name) => expect((await dav('PUT', `/Team/${name}`, name)).status).toBe(201)));
      for (const name of names) await row(watcher, name).waitFor({ state: 'attached', timeout: 10_000 });
      expect(listings).toEqual([]);
    } finally {
      // The later steps expect the folder as it was.
      watcher.off('request', onRequest);
      for (const name of names) await dav('DELETE', `/Team/${name}`);
    }
    for (const name of names) await row(watcher, name).waitFor({ state: 'detached', timeout: 10_000 });
  }, STEP_MS);

  it('reconnects after the server stopped and started again, and shows what changed meanwhile without a reload', async () => {
    const marker = await watcher.evaluate(() => {
      (window as unknown as { liveMarker: string }).liveMarker = 'same page';
      return 'same page';
    });
    await row(watcher, 'file-001.txt').waitFor({ state: 'attached' });
    await server.close();
    await start();
    expect(server.port).toBe(port);
    // Made while the page is still disconnected (it retries every 2 s).
    expect((await dav('PUT', '/Team/aa-while-away.txt', 'made while the page was away')).status).toBe(201);
    expect((await dav('DELETE', '/Team/file-001.txt')).status).toBe(204);
    await row(watcher, 'aa-while-away.txt').waitFor({ state: 'attached', timeout: 15_000 });
    await row(watcher, 'file-001.txt').waitFor({ state: 'detached', timeout: 5000 });
    expect(await watcher.evaluate(() => (window as unknown as { liveMarker?: string }).liveMarker)).toBe(marker);
    expect(await selectedNames(watcher)).toEqual(['file-003.txt']);
  }, STEP_MS);

  it('shares one feed connection between two tabs of one browser', async () => {
    const before = server.built.changes.connectionCount();
    const second = await contexts[1]!.newPage();
    await second.goto(`${server.url}/apps/files/files?dir=/Team`);
    await row(second, 'aa-while-away.txt').waitFor();
    expect((await dav('PUT', '/Team/aa-seen-by-both-tabs.txt', 'x')).status).toBe(201);
    await row(second, 'aa-seen-by-both-tabs.txt').waitFor({ state: 'attached', timeout: 5000 });
    await row(watcher, 'aa-seen-by-both-tabs.txt').waitFor({ state: 'attached', timeout: 5000 });
    expect(server.built.changes.connectionCount()).toBe(before);
    // The leader's tab closes: the other takes the connection over, and nothing is lost.
    await watcher.close();
    expect((await dav('PUT', '/Team/aa-after-leader-left.txt', 'x')).status).toBe(201);
    await row(second, 'aa-after-leader-left.txt').waitFor({ state: 'attached', timeout: 10_000 });
  }, STEP_MS);

  it('shows in a page served by one server process a change made through another sharing the database (scale-out)', async () => {
    const other = await startServer({ dataDir, port: 0, adminPassword: PASSWORD, distDir: E2E_DIST, throttleDelayMs: 0, changeFeed: { pollIntervalMs: 100 } });
    try {
      // The session lives in the shared database, and cookies do not depend on the port.
      const page = await contexts[1]!.newPage();
      await page.goto(`${other.url}/apps/files/files?dir=/Team`);
      await row(page, 'aa-after-leader-left.txt').waitFor();
      const since = Date.now();
      expect((await dav('PUT', '/Team/aa-through-the-first-process.txt', 'x')).status).toBe(201);
      await row(page, 'aa-through-the-first-process.txt').waitFor({ state: 'attached', timeout: 5000 });
      expect(Date.now() - since).toBeLessThan(LIVE_MS * 2);
      await page.close();
    } finally {
      await other.close();
    }
  }, STEP_MS);
});
