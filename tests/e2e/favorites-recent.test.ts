/**
 * The Favorites and Recent plugins in headless Chromium against the real server, as a user
 * meets them: favorite a file from its row (the star shows) and find it in Favorites,
 * unfavorite it there, favorite a folder and open its child view, find a file uploaded over
 * WebDAV in Recent; then the operator's switch: `cumulus plugins:disable favorites`, a restart
 * and a reload take the view, the action, the star and the REPORT away while the rest works,
 * and `plugins:enable favorites` brings them back. Needs `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { favoritesReportBody } from '../../plugins/favorites/src/favoritesReport';
import { startServer } from '../../server/src/app';
import type { StartedServer } from '../../server/src/app';
import { launchBrowser, watchPage } from '../support/browser';
import type { PageProblems } from '../support/browser';
import { E2E_DIST, E2E_OUTPUT, basicAuth, signIn } from '../support/filesServer';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PASSWORD = 'favorites-e2e-password';
const AUTH = basicAuth('admin', PASSWORD);

/** Runs the `cumulus` command line on the test's data folder, as an operator would. */
function cumulus(dataDir: string, ...args: string[]): Promise<{ code: number | null; stdout: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'server/bin/cumulus.js'), ...args], { cwd: ROOT, env: { ...process.env, CUMULUS_DATA_DIR: dataDir } });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('close', (code) => done({ code, stdout }));
  });
}

describe('Favorites and Recent in the browser', () => {
  let dataDir: string;
  let server: StartedServer;
  let port = 0;
  let browser: Browser;
  let page: Page;
  let problems: PageProblems;

  const start = async (): Promise<void> => {
    server = await startServer({ dataDir, port, adminPassword: PASSWORD, distDir: E2E_DIST });
    port = server.port;
  };
  const dav = (method: string, file: string, body?: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/remote.php/dav/files/admin${file.split('/').map(encodeURIComponent).join('/')}`, { method, headers: { authorization: AUTH, ...headers }, body });
  const row = (name: string): Locator => page.locator(`[role="row"][data-source$="/${encodeURIComponent(name)}"]`);
  const star = (name: string): Locator => row(name).locator('[data-indicator="favorite"]');
  const view = (id: string): Locator => page.locator(`[data-view-id="${id}"]`);
  const openView = async (id: string) => view(id).locator('a').first().click();
  const runFromMenu = async (name: string, action: string) => {
    await row(name).getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: action, exact: true }).click();
  };
  const menuLabels = async (name: string): Promise<string[]> => {
    await row(name).getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem').first().waitFor();
    const labels = await page.getByRole('menuitem').allTextContents();
    await page.keyboard.press('Escape');
    return labels.map((label) => label.trim());
  };
  const restart = async (...command: string[]) => {
    await server.close();
    expect((await cumulus(dataDir, ...command)).code).toBe(0);
    await start();
    await page.goto(`${server.url}/apps/files/`);
    await row('notes.txt').waitFor();
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cumulus-e2e-favorites-'));
    await start();
    expect((await dav('MKCOL', '/Photos')).status).toBe(201);
    for (const file of ['/notes.txt', '/other.txt', '/Photos/beach.txt']) expect((await dav('PUT', file, `content of ${file}`)).status).toBe(201);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.setDefaultTimeout(15_000);
    problems = watchPage(page);
    await signIn(page, server.url, PASSWORD);
    await row('notes.txt').waitFor();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('favorites a file from its row: the star shows and the file is in Favorites', async () => {
    await expect(star('notes.txt').count()).resolves.toBe(0);
    await runFromMenu('notes.txt', 'Add to favorites');
    await star('notes.txt').waitFor();
    await openView('favorites');
    await page.waitForURL(/\/apps\/files\/favorites/);
    await row('notes.txt').waitFor();
    await expect(row('other.txt').count()).resolves.toBe(0);
    await star('notes.txt').waitFor();
    await page.screenshot({ path: path.join(E2E_OUTPUT, 'favorites-view.png') });
  }, 60_000);

  it('unfavorites it in Favorites: it leaves the list and the empty state says so; All files still lists it', async () => {
    await runFromMenu('notes.txt', 'Remove from favorites');
    await row('notes.txt').waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'No favorites yet' }).waitFor();
    const report = await dav('REPORT', '/', favoritesReportBody(['oc:fileid']));
    expect(await report.text()).not.toContain('notes.txt');
    await openView('files');
    await row('notes.txt').waitFor();
    await expect(star('notes.txt').count()).resolves.toBe(0);
  }, 60_000);

  it('favorites a folder and opens its child view under Favorites', async () => {
    await openView('files');
    await row('Photos').waitFor();
    await runFromMenu('Photos', 'Add to favorites');
    await star('Photos').waitFor();
    await view('favorites').getByRole('button', { name: 'Expand Favorites' }).click();
    const child = view('favorites').locator('[data-view-id^="favorite-"]', { hasText: 'Photos' });
    await child.waitFor();
    await child.locator('a').first().click();
    await row('beach.txt').waitFor();
    await page.screenshot({ path: path.join(E2E_OUTPUT, 'favorites-child-view.png') });
  }, 60_000);

  it('finds a file uploaded over WebDAV in Recent, newest first, with its folder', async () => {
    expect((await dav('PUT', '/Photos/fresh.txt', 'fresh')).status).toBe(201);
    expect((await dav('PUT', '/uploaded-old.txt', 'old', { 'X-OC-Mtime': '1500000000' })).status).toBe(201);
    await openView('recent');
    await page.waitForURL(/\/apps\/files\/recent/);
    await row('fresh.txt').waitFor();
    // Modified years ago, uploaded now: Recent shows it by its upload time.
    await row('uploaded-old.txt').waitFor();
    await expect(row('fresh.txt').getByText('Photos', { exact: true }).count()).resolves.toBe(1);
    await expect(row('Photos').count()).resolves.toBe(0);
    await page.screenshot({ path: path.join(E2E_OUTPUT, 'recent-view.png') });
  }, 60_000);

  it('plugins:disable favorites, restart, reload: no view, action, star or REPORT; the rest works', async () => {
    expect((await dav('PROPPATCH', '/notes.txt', '<d:propertyupdate xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:set><d:prop><oc:favorite>1</oc:favorite></d:prop></d:set></d:propertyupdate>')).status).toBe(207);
    await restart('plugins:disable', 'favorites');
    await view('recent').waitFor();
    await expect(view('favorites').count()).resolves.toBe(0);
    await expect(star('notes.txt').count()).resolves.toBe(0);
    const labels = await menuLabels('notes.txt');
    expect(labels).toContain('Rename');
    expect(labels.some((label) => /favorites/.test(label))).toBe(false);
    const report = await dav('REPORT', '/', favoritesReportBody(['oc:fileid']));
    expect(report.status).toBe(415);
    // The rest still works: Recent lists, a rename goes through.
    await openView('recent');
    await row('fresh.txt').waitFor();
    await page.screenshot({ path: path.join(E2E_OUTPUT, 'favorites-disabled.png') });
  }, 90_000);

  it('plugins:enable favorites, restart, reload: all of it is back', async () => {
    await restart('plugins:enable', 'favorites');
    await view('favorites').waitFor();
    await star('notes.txt').waitFor();
    expect((await dav('REPORT', '/', favoritesReportBody(['oc:fileid']))).status).toBe(207);
    expect(await menuLabels('other.txt')).toContain('Add to favorites');
    expect(problems.pageErrors).toEqual([]);
  }, 90_000);
});
