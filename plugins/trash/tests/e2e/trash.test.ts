/**
 * The trash plugin in headless Chromium against the real server, as a new user meets it:
 * delete a file and a folder from the list, find them in 'Deleted files' with where they
 * came from, restore one (same content back in its folder), delete one permanently, empty
 * the trash (through the app's confirmation dialog: Escape and 'Cancel' keep it); what a
 * share's recipient deleted shows in the owner's trash; then with the plugin disabled (and the server restarted) a delete is final,
 * says so ('Delete permanently', after a confirmation) and the view is gone. Needs the built front end (`npm run build`).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { startServer } from '../../../../server/src/app';
import type { StartedServer } from '../../../../server/src/app';
import { PluginStates } from '../../../../server/src/plugin-host';
import { areaKey } from '../../../../server/src/storage/model/areas';
import { launchBrowser, watchPage } from '../../../../tests/support/browser';
import type { PageProblems } from '../../../../tests/support/browser';
import { E2E_DIST, E2E_OUTPUT, basicAuth, signIn, startFilesServer } from '../../../../tests/support/filesServer';
import type { FilesServer } from '../../../../tests/support/filesServer';
import { storedFiles } from '../../../../tests/support/stored-files';
import { fetcher, listTrash } from '../../../../tests/support/trashbin';

const PASSWORD = 'trash-e2e-password';

describe('the trash in the browser', () => {
  let server: FilesServer;
  let restarted: StartedServer | undefined;
  let dataDir: string;
  let browser: Browser;
  let page: Page;
  let problems: PageProblems;
  const nativeDialogs: string[] = [];

  const dav = (method: string, file: string, body?: string) => server.dav(method, file, body);
  const row = (name: string): Locator => page.getByRole('row').filter({ hasText: name });
  const toast = (text: string): Locator => page.locator('.files-toast', { hasText: text });
  const shot = (name: string) => page.screenshot({ path: path.join(E2E_OUTPUT, `trash-${name}.png`) });
  const menuOf = async (name: string) => {
    await row(name).getByRole('button', { name: 'Actions' }).click();
    // The menu's code may still be on its way.
    await page.getByRole('menuitem').first().waitFor();
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
    await restarted?.close();
    // Also when the first server was closed for the restart: this stops the balancer's nginx and
    // second process in the scale-out mode (closing a server twice is harmless) and deletes the data.
    await server?.close();
  });

  it('deletes a folder and a file from the list into the trash', async () => {
    // A trash catches the delete: the menu says 'Delete', and no confirmation stands in the way.
    const offered = await (await menuOf('Album')).allTextContents();
    expect(offered).toContain('Delete');
    expect(offered).not.toContain('Delete permanently');
    await page.keyboard.press('Escape');
    await runFromMenu('Album', 'Delete');
    await toast('"Delete" action executed successfully').waitFor();
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
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
    expect(headers.join('|')).toContain('Deleted by');
    expect(headers.join('|')).toContain('Deleted');
    const names = await page.getByRole('row').allTextContents();
    const report = names.findIndex((text) => text.includes('report.txt'));
    const album = names.findIndex((text) => text.includes('Album'));
    expect(report).toBeGreaterThan(-1);
    expect(report).toBeLessThan(album);
    expect(await row('report.txt').textContent()).toContain('Docs');
    expect(await row('report.txt').textContent()).toContain('You');
    expect(await row('Album').textContent()).toContain('All files');
    await shot('list');
    // A trashed folder opens nothing, and no row offers move, copy or rename.
    const url = page.url();
    await row('Album').getByText('Album').first().click();
    await page.waitForTimeout(500);
    expect(page.url()).toBe(url);
    // Nor do the keys: Enter opens nothing, F2 renames nothing, Delete deletes nothing.
    for (const key of ['Enter', 'F2', 'Delete']) {
      await row('Album').focus();
      await page.keyboard.press(key);
    }
    await page.waitForTimeout(500);
    expect(page.url()).toBe(url);
    await expect(page.getByRole('textbox', { name: 'Filename' }).count()).resolves.toBe(0);
    expect((await listTrash(fetcher(server.url, basicAuth('admin', PASSWORD)), 'admin')).map((item) => item.filename).sort()).toEqual(['Album', 'report.txt']);
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

  it("shows what a share's recipient deleted in the owner's trash (and a copy in the recipient's), with the owner's location and who deleted it, and restores it for both", async () => {
    await server.server.built.accounts.users.create({ uid: 'bob', password: 'bob-e2e-password', displayName: 'Bob Recipient' });
    const bob = fetcher(server.url, basicAuth('bob', 'bob-e2e-password'));
    expect((await dav('MKCOL', '/Team')).status).toBe(201);
    expect((await dav('PUT', '/Team/plan.txt', 'the plan')).status).toBe(201);
    const shared = await fetch(`${server.url}/ocs/v2.php/apps/files_sharing/api/v1/shares?format=json`, {
      method: 'POST',
      headers: { authorization: basicAuth('admin', PASSWORD), 'ocs-apirequest': 'true', 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/Team', shareType: 0, shareWith: 'bob', permissions: 15 }),
    });
    expect(shared.status).toBe(200);
    expect((await bob('DELETE', '/remote.php/dav/files/bob/Team/plan.txt')).status).toBe(204);
    // The deleter keeps a copy in their own trash too (Trashbin::move2trash), at the path they saw it.
    expect(await listTrash(bob, 'bob')).toMatchObject([{ filename: 'plan.txt', location: 'Team/plan.txt', deletedBy: 'bob' }]);
    await page.getByRole('button', { name: 'Reload content' }).click();
    await row('plan.txt').waitFor();
    const cells = await row('plan.txt').textContent();
    expect(cells).toContain('Team');
    expect(cells).toContain('Bob Recipient');
    await shot('shared');
    // An earlier step's 'Restore' toast may still be up: this one is the next of them.
    const restored = toast('"Restore" action executed successfully');
    const before = await restored.count();
    await row('plan.txt').getByRole('button', { name: 'Restore' }).click();
    await restored.nth(before).waitFor();
    await row('plan.txt').waitFor({ state: 'detached' });
    expect(await (await dav('GET', '/Team/plan.txt')).text()).toBe('the plan');
    expect(await (await bob('GET', '/remote.php/dav/files/bob/Team/plan.txt')).text()).toBe('the plan');
  }, 60_000);

  it("asks in the app's dialog before emptying: Escape and 'Cancel' keep everything, the focus back on the button", async () => {
    expect((await dav('DELETE', '/first.txt')).status).toBe(204);
    expect((await dav('DELETE', '/second.txt')).status).toBe(204);
    await page.getByRole('button', { name: 'Reload content' }).click();
    await row('second.txt').waitFor();
    // Never the browser's own confirm.
    page.on('dialog', (dialog) => {
      nativeDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const opener = page.locator('button[data-action="empty-trash"]');
    const confirm = page.getByRole('dialog', { name: 'Confirm permanent deletion' });
    await opener.click();
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Are you sure you want to permanently delete all files and folders in the trash? This cannot be undone.');
    // Destructive: the focus starts on 'Cancel'.
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Cancel');
    await shot('confirm');
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await expect(opener.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    await opener.click();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect(opener.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    await row('first.txt').waitFor();
    await row('second.txt').waitFor();
    expect(await listTrash(fetcher(server.url, basicAuth('admin', PASSWORD)), 'admin')).toHaveLength(2);
    await expect(page.locator('.files-toast', { hasText: 'Empty deleted files' }).count()).resolves.toBe(0);
  }, 60_000);

  it("empties the trash when the dialog's 'Empty deleted files' is clicked and shows the view's empty state", async () => {
    await page.locator('button[data-action="empty-trash"]').click();
    await page.getByRole('dialog', { name: 'Confirm permanent deletion' }).getByRole('button', { name: 'Empty deleted files' }).click();
    await toast('"Empty deleted files" action executed successfully').waitFor();
    await page.getByRole('heading', { name: 'No deleted files' }).waitFor();
    expect(nativeDialogs).toEqual([]);
    await shot('empty');
    expect(await listTrash(fetcher(server.url, basicAuth('admin', PASSWORD)), 'admin')).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
  }, 60_000);

  it("with the plugin disabled: a delete is final, named 'Delete permanently' and confirmed first, and the view is gone", async () => {
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
    // No trash catches it: the action says so, and asks first (Cancel keeps the file).
    const names = await (await menuOf('last.txt')).allTextContents();
    expect(names).toContain('Delete permanently');
    expect(names).not.toContain('Delete');
    await page.getByRole('menuitem', { name: 'Delete permanently', exact: true }).click();
    const confirmation = page.getByRole('dialog', { name: 'Delete permanently' });
    await confirmation.getByText('"last.txt" will be deleted permanently: there is no trash to restore it from. This cannot be undone.').waitFor();
    await confirmation.getByRole('button', { name: 'Cancel' }).click();
    await confirmation.waitFor({ state: 'detached' });
    await row('last.txt').waitFor();
    expect((await fetch(`${restarted.url}/remote.php/dav/files/admin/last.txt`, { method: 'HEAD', headers: { authorization: basicAuth('admin', PASSWORD) } })).status).toBe(200);
    // The Delete key asks the same.
    await row('last.txt').focus();
    await page.keyboard.press('Delete');
    await confirmation.getByRole('button', { name: 'Delete permanently' }).click();
    await toast('"Delete permanently" action executed successfully').waitFor();
    await row('last.txt').waitFor({ state: 'detached' });
    const dav404 = await fetch(`${restarted.url}/remote.php/dav/trashbin/admin/trash/`, { method: 'PROPFIND', headers: { authorization: basicAuth('admin', PASSWORD), depth: '1' } });
    expect(dav404.status).toBe(404);
    // Nothing went where the trash is stored (its area on disk, or its rows and objects on S3).
    const stored = storedFiles(dataDir, restarted.built.files);
    try {
      expect(await stored.names(areaKey('admin', 'trash'), '/')).toEqual([]);
    } finally {
      stored.close();
    }
  }, 90_000);
});
