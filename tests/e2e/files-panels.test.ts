/**
 * The panels of the Files screen against the real server in headless
 * Chromium: the details sidebar (from a row, by itself for a file id, its
 * tabs and details), the settings dialog (a toggle that survives a reload,
 * copying the WebDAV URL, the pages its links lead to) and the storage quota
 * in the navigation footer. Needs `npm run build` first (`npm run test:e2e`
 * does it); CUMULUS_E2E_DIST points at another build.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, watchPage } from '../support/browser';
import type { PageProblems } from '../support/browser';
import { basicAuth as basic, E2E_OUTPUT, signIn, startFilesServer } from '../support/filesServer';
import type { FilesServer } from '../support/filesServer';

const PASSWORD = 'panels-admin-password';
const MB = 1024 * 1024;

describe('sidebar, settings and quota in the browser', () => {
  let server: FilesServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;

  const dav = (method: string, target: string, body?: string | Uint8Array) => server.dav(method, `/${target}`, body);

  const shot = async (name: string, width: number) => {
    await page.setViewportSize({ width, height: 900 });
    // The list width is debounced by 100 ms (product §9): let the layout settle.
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(E2E_OUTPUT, `${name}-${width}x900.png`) });
  };

  beforeAll(async () => {
    server = await startFilesServer({ name: 'panels', adminPassword: PASSWORD, config: { throttleDelayMs: 0 } });
    await server.server.built.accounts.users.setQuota('admin', 10 * MB);
    for (const [method, target, body] of [
      ['MKCOL', 'Documents'],
      ['PUT', 'report.txt', new Uint8Array(MB).fill(0x72)],
      ['PUT', '.hidden-notes.txt', 'secret'],
    ] as const) {
      const response = await dav(method, target, body);
      expect(response.status).toBeLessThan(300);
    }
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page = await context.newPage();
    problems = watchPage(page);
    await signIn(page, server.url, PASSWORD);
    await page.getByRole('row', { name: /report\.txt/ }).waitFor();
  }, 40000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("shows the quota as '{used} of {quota} used' in the navigation footer", async () => {
    const quota = page.getByRole('navigation', { name: 'Files' }).getByRole('button', { name: /used$/ });
    await expect(quota.textContent()).resolves.toBe('1 MB of 10 MB used');
    await expect(page.getByRole('progressbar', { name: '1 MB of 10 MB used' }).getAttribute('aria-valuenow')).resolves.toBe('10');
  });

  it('opens the sidebar from a row, with its tabs and the details of the file, and closes it with Escape', async () => {
    const row = page.getByRole('row', { name: /report\.txt/ });
    const fileid = await row.getAttribute('data-fileid');
    await row.locator('.files-cell--size').click();
    const sidebar = page.getByRole('complementary', { name: 'Details of "report.txt"' });
    await sidebar.waitFor();
    // Details, Sharing from the sharing plugin (the file has share permission) and Versions from the versions plugin.
    await expect(sidebar.getByRole('tab').allTextContents()).resolves.toEqual(['Details', 'Sharing', 'Versions']);
    // The Sharing tab opens first where there is one, as in Nextcloud; Details is a click away.
    await expect(sidebar.getByRole('tab', { name: 'Sharing' }).getAttribute('aria-selected')).resolves.toBe('true');
    await sidebar.getByRole('tab', { name: 'Details' }).click();
    await expect(sidebar.getByRole('tab', { name: 'Details' }).getAttribute('aria-selected')).resolves.toBe('true');
    const details = await sidebar.getByRole('tabpanel').locator('dt, dd').allTextContents();
    const pairs = Object.fromEntries(details.flatMap((text, index) => (index % 2 === 0 ? [[text, details[index + 1]]] : [])));
    expect(pairs).toMatchObject({ 'File ID': fileid, Type: 'text/plain', Size: '1 MB', Path: '/report.txt', Owner: 'admin', Permissions: 'Read, Edit, Create, Delete, Share' });
    await expect(sidebar.locator('.files-sidebar__meta').textContent()).resolves.toMatch(/^1 MB · /);
    await shot('files-sidebar', 1400);
    await shot('files-sidebar', 480);
    await page.setViewportSize({ width: 1400, height: 900 });
    await sidebar.getByRole('heading', { name: 'report.txt' }).press('Escape');
    await sidebar.waitFor({ state: 'detached' });
  });

  it('favorites the file from the sidebar header, saved on the server', async () => {
    await page.getByRole('row', { name: /report\.txt/ }).locator('.files-cell--mtime').click();
    const star = page.getByRole('complementary').getByRole('button', { name: 'Favorite' });
    await star.click();
    await page.waitForFunction(() => document.querySelector('.files-sidebar button[aria-pressed="true"]') !== null);
    const propfind = await fetch(`${server.url}/remote.php/dav/files/admin/report.txt`, {
      method: 'PROPFIND',
      headers: { Authorization: basic('admin', PASSWORD), Depth: '0', 'Content-Type': 'application/xml' },
      body: '<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><oc:favorite/></d:prop></d:propfind>',
    });
    expect(await propfind.text()).toMatch(/<oc:favorite>1<\/oc:favorite>/);
    await page.getByRole('complementary').getByRole('button', { name: 'Close sidebar' }).click();
  });

  it('opens the sidebar by itself for the file id of the URL above 1024 px', async () => {
    const fileid = await page.getByRole('row', { name: /report\.txt/ }).getAttribute('data-fileid');
    await page.goto(`${server.url}/apps/files/files/${fileid}?dir=/`);
    await page.getByRole('complementary', { name: 'Details of "report.txt"' }).waitFor();
    // Navigation to another folder closes it.
    await page.getByRole('row', { name: /Documents/ }).locator('.files-name').click();
    await page.getByRole('complementary').waitFor({ state: 'detached' });
    await page.goto(`${server.url}/apps/files/files?dir=/`);
    await page.getByRole('row', { name: /report\.txt/ }).waitFor();
  });

  it('changes a setting in the dialog, which applies at once and survives a reload', async () => {
    await expect(page.getByRole('row', { name: /\.hidden-notes\.txt/ }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Files settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Files settings' });
    await dialog.getByRole('switch', { name: 'Show hidden files' }).check();
    await page.getByRole('row', { name: /\.hidden-notes\.txt/ }).waitFor();
    await shot('files-settings', 1400);
    await shot('files-settings', 480);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.reload();
    await page.getByRole('row', { name: /\.hidden-notes\.txt/ }).waitFor();
    await page.getByRole('button', { name: 'Files settings' }).click();
    await expect(page.getByRole('dialog').getByRole('switch', { name: 'Show hidden files' }).isChecked()).resolves.toBe(true);
  });

  it('copies the WebDAV URL with a toast, and its links lead to real pages', async () => {
    const dialog = page.getByRole('dialog', { name: 'Files settings' });
    const expected = `${server.url}/remote.php/dav/files/admin/`;
    await expect(dialog.getByRole('textbox', { name: 'WebDAV URL' }).inputValue()).resolves.toBe(expected);
    await dialog.getByRole('button', { name: 'Copy to clipboard' }).click();
    await page.getByText('WebDAV URL copied to clipboard').waitFor();
    await dialog.getByRole('button', { name: 'Copied' }).waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(expected);

    const help = await dialog.getByRole('link', { name: 'Use this address to access your Files via WebDAV' }).getAttribute('href');
    const security = await dialog.getByRole('link', { name: 'Create an app password for WebDAV clients' }).getAttribute('href');
    const other = await context.newPage();
    await other.goto(`${server.url}${help}`);
    await expect(other.locator('code').first().textContent()).resolves.toBe(expected);
    await other.goto(`${server.url}${security}`);
    await other.fill('#app-password-name', 'e2e client');
    await other.getByRole('button', { name: 'Create new app password' }).click();
    const appPassword = (await other.locator('#new-app-password').textContent()) ?? '';
    expect(appPassword.length).toBeGreaterThan(20);
    const listing = () => fetch(expected, { method: 'PROPFIND', headers: { Authorization: basic('admin', appPassword), Depth: '0' } });
    expect((await listing()).status).toBe(207);
    await other.getByRole('button', { name: 'Revoke e2e client' }).click();
    await other.getByText('The app password was revoked.').waitFor();
    expect((await listing()).status).toBe(401);
    await other.close();
    expect(problems.pageErrors).toEqual([]);
  });
});
