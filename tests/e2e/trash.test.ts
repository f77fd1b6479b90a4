/**
 * The trash plugin in headless Chromium against the real server, as a new user meets it:
 * delete a file and a folder from the list, find them in 'Deleted files' with where they
 * came from, restore one (same content back in its folder), delete one permanently, empty
 * the trash; then with the plugin disabled (and the server restarted) a delete is final and
 * the view is gone. Needs the built front end (`npm run build`).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { startServer } from '../../server/src/app';
import type { StartedServer } from '../../server/src/app';
import { PluginStates } from '../../server/src/plugin-host';
import { launchBrowser, watchPage } from '../support/browser';
import type { PageProblems } from '../support/browser';
import { E2E_DIST, E2E_OUTPUT, basicAuth, signIn, startFilesServer } from '../support/filesServer';
import type { FilesServer } from '../support/filesServer';
import { fetcher, listTrash } from '../support/trashbin';

const PASSWORD = 'trash-e2e-password';

describe('the trash in the browser', () => {
  let server: FilesServer;
  let restarted: StartedServer | undefined;
  let dataDir: string;
  let browser: Browser;
  let page: Page;
  let problems: PageProblems;

  const dav = (method: string, file: string, body?: string) => server.dav(method, file, body);
  const row = (name: string): Locator => page.getByRole('row').filter({ hasText: name });
  const toast = (text: string): Locator => page.locator('.files-toast', { hasText: text });
  const shot = (name: string) => page.screenshot({ path: path.join(E2E_OUTPUT, `trash-${name}.png`) });
  const menuOf = async (name: string) => {
    await row(name).getByRole('button', { name: 'Actions' }).click();
    return page.getByRole('menuitem');
  };
  const runFromMenu = async (name: string, action: string) => {
    await row(name).getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: action, exact: true }).click();
  };
  const openTrash = async () => {
    await page.locator('[data-view-id="trashbin"]').getByRole('link').first().click();
    await page.getByRole('heading', { level: 1, name: 'Deleted files' }).waitFor();
  };

  beforeAll(async () => {
    server = await startFilesServer({ name: 'trash', adminPassword: PASSWORD });
    dataDir = server.server.built.files.dataDir;
    expect((await dav('MKCOL', '/Docs')).status).toBe(201);
    expect((await dav('MKCOL', '/Album')).status).toBe(201);
    for (const [file, body] of [
      ['/Docs/report.txt', 'the quarterly report'],
      ['/Album/beach.txt', 'sand'],
      ['/first.txt', 'one'],
      ['/second.txt', 'two'],
    ] as const) {
      expect((await dav('PUT', file, body)).status).toBe(201);
    }
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.setDefaultTimeout(15_000);
    problems = watchPage(page);
    await signIn(page, server.url, PASSWORD);
    await row('Album').waitFor();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    if (restarted) {
      await restarted.close();
      rmSync(dataDir, { recursive: true, force: true });
    } else await server?.close();
  });

  it('deletes a folder and a file from the list into the trash', async () => {
    await runFromMenu('Album', 'Delete');
    await toast('"Delete" action executed successfully').waitFor();
    await row('Album').waitFor({ state: 'detached' });
    // A second later: the file is the newer item.
    await page.waitForTimeout(1100);
    await row('Docs').getByRole('button', { name: 'Docs' }).first().click();
    await row('report.txt').waitFor();
    await runFromMenu('report.txt', 'Delete');
    await row('report.txt').waitFor({ state: 'detached' });
    expect((await dav('PROPFIND', '/Docs/report.txt')).status).toBe(404);
  }, 60_000);

  it("lists them in 'Deleted files', newest first, with their original location, rows opening nothing", async () => {
    await openTrash();
    await row('report.txt').waitFor();
    const headers = await page.getByRole('columnheader').allTextContents();
    expect(headers.join('|')).toContain('Original location');
    expect(headers.join('|')).toContain('Deleted');
    const names = await page.getByRole('row').allTextContents();
    const report = names.findIndex((text) => text.includes('report.txt'));
    const album = names.findIndex((text) => text.includes('Album'));
    expect(report).toBeGreaterThan(-1);
    expect(report).toBeLessThan(album);
    expect(await row('report.txt').textContent()).toContain('Docs');
    expect(await row('Album').textContent()).toContain('All files');
    await shot('list');
    // A trashed folder opens nothing, and no row offers move, copy or rename.
    const url = page.url();
    await row('Album').getByText('Album').first().click();
    await page.waitForTimeout(500);
    expect(page.url()).toBe(url);
    // Restore sits in the row (inline, as on Nextcloud), Delete permanently in the menu.
    await row('Album').getByRole('button', { name: 'Restore' }).waitFor();
    const items = await (await menuOf('Album')).allTextContents();
    expect(items).toContain('Delete permanently');
    expect(items.some((item) => /Rename|Move or copy|^Delete$/.test(item))).toBe(false);
    await page.keyboard.press('Escape');
  }, 60_000);

  it('restores the file into its folder with the same content', async () => {
    await row('report.txt').getByRole('button', { name: 'Restore' }).click();
    await toast('"Restore" action executed successfully').waitFor();
    await row('report.txt').waitFor({ state: 'detached' });
    const back = await dav('GET', '/Docs/report.txt');
    expect(back.status).toBe(200);
    expect(await back.text()).toBe('the quarterly report');
  }, 60_000);

  it('deletes the folder permanently', async () => {
    await runFromMenu('Album', 'Delete permanently');
    await toast('"Delete permanently" action executed successfully').waitFor();
    await row('Album').waitFor({ state: 'detached' });
    expect(await listTrash(fetcher(server.url, basicAuth('admin', PASSWORD)), 'admin')).toEqual([]);
  }, 60_000);

  it("empties the trash after a confirmation and shows the view's empty state", async () => {
    expect((await dav('DELETE', '/first.txt')).status).toBe(204);
    expect((await dav('DELETE', '/second.txt')).status).toBe(204);
    await page.getByRole('button', { name: 'Reload content' }).click();
    await row('second.txt').waitFor();
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Empty deleted files' }).click();
    await toast('"Empty deleted files" action executed successfully').waitFor();
    expect(asked).toContain('permanently delete all files and folders in the trash');
    await page.getByRole('heading', { name: 'No deleted files' }).waitFor();
    await shot('empty');
    expect(await listTrash(fetcher(server.url, basicAuth('admin', PASSWORD)), 'admin')).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
  }, 60_000);

  it('with the plugin disabled: a delete is final and the view is gone', async () => {
    await new PluginStates(server.server.built.db).setEnabled('trash', false);
    await server.server.close();
    restarted = await startServer({ dataDir, port: 0, adminPassword: PASSWORD, distDir: E2E_DIST });
    expect((await fetch(`${restarted.url}/remote.php/dav/files/admin/last.txt`, { method: 'PUT', headers: { authorization: basicAuth('admin', PASSWORD) }, body: 'last' })).status).toBe(201);
    // A new page without the first server's session cookie (cookies do not tell ports apart).
    await page.close();
    page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(15_000);
    await signIn(page, restarted.url, PASSWORD);
    await row('last.txt').waitFor();
    await expect(page.locator('[data-view-id="trashbin"]').count()).resolves.toBe(0);
    await runFromMenu('last.txt', 'Delete');
    await toast('"Delete" action executed successfully').waitFor();
    const dav404 = await fetch(`${restarted.url}/remote.php/dav/trashbin/admin/trash/`, { method: 'PROPFIND', headers: { authorization: basicAuth('admin', PASSWORD), depth: '1' } });
    expect(dav404.status).toBe(404);
    expect(await readdir(path.join(dataDir, 'areas', 'trash', 'admin'))).toEqual([]);
  }, 90_000);
});
