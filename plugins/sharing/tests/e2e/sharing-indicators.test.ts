/**
 * The sharing plugin's marks in the file list, as users meet them in headless Chromium
 * against the real server: the share button of the breadcrumb bar ('Share', 'Shared',
 * 'Shared by link', product §2) opening the Sharing tab, where the owner shares a folder by
 * link and another with a user (download not allowed); the row indicators that follow;
 * the recipient's 'Shared with you by …' marks, the sharing views opened into folders with
 * working breadcrumbs, and no Download where the share forbids it (product §6).
 * Needs `npm run build` first.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, watchPage } from '../../../../tests/support/browser';
import type { PageProblems } from '../../../../tests/support/browser';
import { E2E_OUTPUT, signIn, startFilesServer } from '../../../../tests/support/filesServer';
import type { FilesServer } from '../../../../tests/support/filesServer';

const PASSWORD = 'share-marks-e2e-password';
const BOB_PASSWORD = 'share-marks-e2e-bob-1';
const STEP_MS = 90_000;

describe('share button, row indicators and sharing views in the browser', () => {
  let server: FilesServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const open = async (user: 'admin' | 'bob'): Promise<{ page: Page; problems: PageProblems }> => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    const page = await context.newPage();
    const problems = watchPage(page);
    await signIn(page, server.url, user === 'admin' ? PASSWORD : BOB_PASSWORD, user);
    return { page, problems };
  };
  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(E2E_OUTPUT, `sharing-indicators-${name}.png`) });
  const row = (page: Page, name: string): Locator => page.locator('[role="row"]').filter({ has: page.locator('.files-name', { hasText: new RegExp(`^${name}$`) }) });
  const header = (page: Page): Locator => page.locator('.files-header');
  const crumbs = (page: Page): Locator => page.getByRole('navigation', { name: 'Current directory path' });

  beforeAll(async () => {
    server = await startFilesServer({ name: 'share-marks', adminPassword: PASSWORD });
    await server.server.built.accounts.users.create({ uid: 'bob', password: BOB_PASSWORD, displayName: 'Bob' });
    for (const folder of ['/Project', '/Project/Specs', '/Secret']) expect((await server.dav('MKCOL', folder)).status).toBe(201);
    expect((await server.dav('PUT', '/Project/readme.txt', 'read me')).status).toBe(201);
    expect((await server.dav('PUT', '/Project/Specs/spec.txt', 'the spec')).status).toBe(201);
    expect((await server.dav('PUT', '/Secret/report.txt', 'numbers')).status).toBe(201);
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.close();
  });

  it("the owner shares from the breadcrumb's share button and the Sharing tab; the button and the rows follow with the spec's labels", async () => {
    const { page, problems } = await open('admin');
    await row(page, 'Project').waitFor();
    // No shares yet: no indicator on the row, and no share button on the root (which cannot be shared).
    await expect(row(page, 'Project').locator('.files-node-indicator').count()).resolves.toBe(0);
    await expect(header(page).locator('[data-breadcrumb-action]').count()).resolves.toBe(0);

    await row(page, 'Project').locator('.files-name').click();
    await row(page, 'readme.txt').waitFor();
    const shareButton = header(page).locator('[data-breadcrumb-action="sharing-share"]');
    await expect(shareButton.getAttribute('aria-label')).resolves.toBe('Share');
    await shot(page, 'owner-share-button');
    await header(page).getByRole('button', { name: 'Share', exact: true }).click();

    const sidebar = page.getByRole('complementary');
    await expect(sidebar.getByRole('tab', { name: 'Sharing' }).getAttribute('aria-selected')).resolves.toBe('true');
    await sidebar.getByRole('button', { name: 'Create a new share link' }).click();
    await sidebar.getByRole('textbox', { name: 'Share link' }).waitFor();
    // The tab reports the new share types: the button says so and the folder on screen is listed again,
    // which shows the tab afresh; its search field is used once that has loaded.
    await header(page).getByRole('button', { name: 'Shared by link', exact: true }).waitFor();
    await header(page).locator('.files-spinner').waitFor({ state: 'detached' });
    await sidebar.getByRole('textbox', { name: 'Share link' }).waitFor();
    const combobox = sidebar.getByRole('combobox', { name: 'Share with users' });
    await combobox.fill('bo');
    await sidebar.getByRole('option', { name: 'Bob' }).click();
    await sidebar.locator('.sharing-user', { hasText: 'Bob' }).waitFor();
    await expect(header(page).getByRole('button', { name: 'Shared by link', exact: true }).getAttribute('title')).resolves.toBe('Shared by link');
    await shot(page, 'owner-shared-by-link');

    await crumbs(page).getByRole('button', { name: 'All files' }).click();
    await row(page, 'Secret').waitFor();
    await row(page, 'Project').getByRole('button', { name: 'Shared by link', exact: true }).waitFor();

    // Secret: shared with Bob only, without download, from the row's details (size opens the Sharing tab).
    await row(page, 'Secret').locator('.files-cell--size button[title="Open details of Secret"]').click();
    const secretDetails = page.getByRole('complementary', { name: 'Details of "Secret"' });
    await expect(secretDetails.getByRole('tab', { name: 'Sharing' }).getAttribute('aria-selected')).resolves.toBe('true');
    await secretDetails.getByRole('combobox', { name: 'Share with users' }).fill('bo');
    await secretDetails.getByRole('option', { name: 'Bob' }).click();
    // The row says 'Shared' once the tab reported the change (and showed itself afresh).
    await row(page, 'Secret').getByRole('button', { name: 'Shared', exact: true }).waitFor();
    const allowDownload = secretDetails.getByRole('checkbox', { name: 'Allow download' });
    await allowDownload.waitFor();
    await expect(allowDownload.isChecked()).resolves.toBe(true);
    await allowDownload.uncheck();
    await secretDetails.getByRole('checkbox', { name: 'Allow download' }).and(secretDetails.locator(':not(:checked)')).waitFor();
    const indicator = row(page, 'Secret').getByRole('button', { name: 'Shared', exact: true });
    await indicator.waitFor();
    await expect(indicator.getAttribute('title')).resolves.toBe('Shared');
    await shot(page, 'owner-rows');

    // The indicator opens the Sharing tab of its node.
    await row(page, 'Project').getByRole('button', { name: 'Shared by link', exact: true }).click();
    const projectDetails = page.getByRole('complementary', { name: 'Details of "Project"' });
    await projectDetails.waitFor();
    await expect(projectDetails.getByRole('tab', { name: 'Sharing' }).getAttribute('aria-selected')).resolves.toBe('true');
    await projectDetails.getByRole('textbox', { name: 'Share link' }).waitFor();
    expect(problems.pageErrors).toEqual([]);
  }, STEP_MS);

  it("the owner's 'Shared with others' and 'Shared by link' views open the shared folder with breadcrumbs", async () => {
    const { page, problems } = await open('admin');
    await page.getByRole('link', { name: 'Shared with others' }).click();
    await row(page, 'Secret').waitFor();
    await row(page, 'Project').waitFor();
    await page.getByRole('link', { name: 'Shared by link' }).click();
    await row(page, 'Project').waitFor();
    await expect(row(page, 'Secret').count()).resolves.toBe(0);
    await row(page, 'Project').locator('.files-name').click();
    await row(page, 'Specs').waitFor();
    expect(new URL(page.url()).searchParams.get('dir')).toBe('/Project');
    expect(page.url()).toContain('/apps/files/sharinglinks');
    await expect(crumbs(page).getByRole('button').allTextContents()).resolves.toEqual(['Shared by link', 'Project']);
    await shot(page, 'owner-links-view-folder');
    await crumbs(page).getByRole('button', { name: 'Shared by link' }).click();
    await row(page, 'Specs').waitFor({ state: 'detached' });
    await row(page, 'Project').waitFor();

    // Below 512 px there is no share button (product §2 width thresholds).
    await page.goto(`${server.url}/apps/files/files?dir=/Project`);
    await header(page).getByRole('button', { name: 'Shared by link', exact: true }).waitFor();
    await page.setViewportSize({ width: 480, height: 800 });
    await header(page).locator('[data-breadcrumb-action]').waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await header(page).getByRole('button', { name: 'Shared by link', exact: true }).waitFor();
    expect(problems.pageErrors).toEqual([]);
  }, STEP_MS);

  it("the recipient sees 'Shared with you by …', goes into the shared folders from 'Shared with you', and has no Download where the share forbids it", async () => {
    const { page, problems } = await open('bob');
    await row(page, 'Project').waitFor();
    const received = row(page, 'Project').locator('.files-node-indicator');
    await expect(received.getAttribute('aria-label')).resolves.toMatch(/^Shared with you by .+/);
    await shot(page, 'recipient-files');

    await page.getByRole('link', { name: 'Shared with you' }).click();
    await row(page, 'Secret').waitFor();
    await row(page, 'Project').locator('.files-name').click();
    await row(page, 'Specs').waitFor();
    await row(page, 'readme.txt').waitFor();
    expect(page.url()).toContain('/apps/files/sharingin');
    await row(page, 'Specs').locator('.files-name').click();
    await row(page, 'spec.txt').waitFor();
    await expect(crumbs(page).getByRole('button').allTextContents()).resolves.toEqual(['Shared with you', 'Project', 'Specs']);
    await shot(page, 'recipient-shared-folder');
    await crumbs(page).getByRole('button', { name: 'Project' }).click();
    await row(page, 'readme.txt').waitFor();
    // Downloads allowed in Project: the menu has Download.
    await row(page, 'readme.txt').getByRole('button', { name: 'Actions for readme.txt' }).click();
    await page.getByRole('menu', { name: 'Actions for readme.txt' }).getByRole('menuitem', { name: 'Download' }).waitFor();
    await page.keyboard.press('Escape');

    await crumbs(page).getByRole('button', { name: 'Shared with you' }).click();
    await row(page, 'Secret').locator('.files-name').click();
    await row(page, 'report.txt').waitFor();
    await row(page, 'report.txt').getByRole('button', { name: 'Actions for report.txt' }).click();
    const menu = page.getByRole('menu', { name: 'Actions for report.txt' });
    await menu.getByRole('menuitem').first().waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).not.toContain('Download');
    await shot(page, 'recipient-no-download');
    await page.keyboard.press('Escape');
    // The server refuses the download too.
    const status = await page.evaluate(async () => (await fetch('/remote.php/dav/files/bob/Secret/report.txt')).status);
    expect(status).toBe(403);
    expect(problems.pageErrors).toEqual([]);
  }, STEP_MS);
});
