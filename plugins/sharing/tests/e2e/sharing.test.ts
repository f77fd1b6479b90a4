/**
 * Sharing in headless Chromium against the real server, as new users would meet it: a
 * read-only share seen (and refused a write) by its recipient, the Sharing tab creating a
 * link and setting each of its permission choices (then met by an anonymous visitor), the
 * View only / Can edit choice of a user share, a refused expiry date's reason and the
 * confirmations of saved options, and the plugin switched off. The public link page (password, listing, anonymous
 * upload, file drop, expiry) is in sharing-public-page.test.ts. Needs `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser } from '../../../../tests/support/browser';
import { basicAuth, signIn, startFilesServer } from '../../../../tests/support/filesServer';
import type { FilesServer } from '../../../../tests/support/filesServer';
import { SHARES_API, ocsShares } from '../../../../tests/support/ocsShares';

const PASSWORD = 'sharing-e2e-password';
const BOB_PASSWORD = 'sharing-e2e-bob-1';
const STEP_MS = 60_000;

describe('sharing in the browser', () => {
  let server: FilesServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const ocs = (method: string, path: string, body?: Record<string, unknown>) => ocsShares(server, 'admin', PASSWORD)(method, path, body);

  const fresh = async (): Promise<Page> => {
    const context = await browser.newContext({ acceptDownloads: true });
    contexts.push(context);
    return context.newPage();
  };

  beforeAll(async () => {
    server = await startFilesServer({ name: 'sharing', adminPassword: PASSWORD });
    await server.server.built.accounts.users.create({ uid: 'bob', password: BOB_PASSWORD, displayName: 'Bob' });
    for (const folder of ['/Photos', '/Inbox']) expect((await server.dav('MKCOL', folder)).status).toBe(201);
    expect((await server.dav('PUT', '/Photos/beach.txt', 'sand')).status).toBe(201);
    expect((await server.dav('PUT', '/Inbox/note.txt', 'a note')).status).toBe(201);
    await ocs('POST', '/shares', { path: '/Photos', shareType: 0, shareWith: 'bob', permissions: 1 });
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.close();
  });

  it('a read-only share shows for its recipient, with the granted permissions, and refuses a write', async () => {
    const page = await fresh();
    await signIn(page, server.url, BOB_PASSWORD, 'bob');
    await page.getByRole('row', { name: /Photos/ }).waitFor();
    const refused = await page.evaluate(async () => {
      const token = document.head.dataset['requesttoken'] ?? '';
      const response = await fetch('/remote.php/dav/files/bob/Photos/mine.txt', { method: 'PUT', body: 'x', headers: { requesttoken: token } });
      return response.status;
    });
    expect(refused).toBe(403);
    await page.getByRole('link', { name: 'Shared with you' }).click();
    await page.getByRole('row', { name: /Photos/ }).waitFor();
    expect((await server.dav('GET', '/Photos/mine.txt')).status).toBe(404);
  }, STEP_MS);

  /** The admin's page with the Sharing tab of `name` (a node at the root) open. */
  const sharingTabOf = async (name: string): Promise<{ page: Page; sidebar: Locator }> => {
    const page = await fresh();
    await signIn(page, server.url, PASSWORD);
    await page.getByRole('row', { name: new RegExp(name) }).waitFor();
    const fileid = await page.getByRole('row', { name: new RegExp(name) }).getAttribute('data-fileid');
    await page.goto(`${server.url}/apps/files/files/${fileid}?dir=/`);
    const sidebar = page.getByRole('complementary');
    await sidebar.getByRole('tab', { name: 'Sharing' }).click();
    return { page, sidebar };
  };

  /** The server's permissions of the shares of `path`, once they are `wanted` (or after 10 s). */
  const permissionsOf = async (page: Page, path: string, wanted: number[]): Promise<number[]> => {
    let shares: { permissions: number }[] = [];
    for (let tries = 0; tries < 50; tries += 1) {
      shares = (await ocs('GET', `/shares?path=${path}`)) as unknown as { permissions: number }[];
      if (JSON.stringify(shares.map((share) => share.permissions)) === JSON.stringify(wanted)) break;
      await page.waitForTimeout(200);
    }
    return shares.map((share) => share.permissions);
  };

  /** Waits until the select `choice` shows `label` (the tab shows the server's answer after a change). */
  const shows = (choice: Locator, label: string): Promise<void> => choice.locator('option:checked', { hasText: label }).waitFor({ state: 'attached' });

  it("the Sharing tab creates a link for a folder and offers Nextcloud's link choices, each of which a visitor then gets", async () => {
    const { page, sidebar } = await sharingTabOf('Inbox');
    await sidebar.getByRole('button', { name: 'Create a new share link' }).click();
    const link = sidebar.getByRole('textbox', { name: 'Share link' });
    await link.waitFor();
    const url = await link.inputValue();
    expect(url).toMatch(/\/index\.php\/s\/[a-zA-Z2-9]{15}$/);
    const choice = sidebar.locator('.sharing-link').getByRole('combobox', { name: 'Permissions' });
    await expect(choice.locator('option').allTextContents()).resolves.toEqual(['View only', 'Allow upload and editing', 'File drop (upload only)']);
    await expect(choice.locator('option:checked').textContent()).resolves.toBe('View only');
    expect(await permissionsOf(page, '/Inbox', [17])).toEqual([17]);
    // No checkbox promises upload while granting edit and delete.
    await expect(sidebar.getByRole('checkbox', { name: 'Allow upload' }).count()).resolves.toBe(0);
    const visitor = await fresh();
    const menuOf = async (name: string): Promise<string[]> => {
      await visitor.getByRole('row', { name: new RegExp(name) }).getByRole('button', { name: `Actions for ${name}` }).click();
      const menu = visitor.getByRole('menu');
      await menu.getByRole('menuitem').first().waitFor();
      const items = (await menu.getByRole('menuitem').allTextContents()).map((item) => item.trim());
      await visitor.keyboard.press('Escape');
      return items;
    };
    await visitor.goto(url);
    await visitor.getByRole('row', { name: /note\.txt/ }).waitFor();
    expect(await menuOf('note.txt')).toEqual(['Download']);
    await expect(visitor.getByRole('button', { name: 'New', exact: true }).count()).resolves.toBe(0);

    await choice.selectOption({ label: 'Allow upload and editing' });
    expect(await permissionsOf(page, '/Inbox', [31])).toEqual([31]);
    await shows(choice, 'Allow upload and editing');
    await visitor.reload();
    await visitor.getByRole('row', { name: /note\.txt/ }).waitFor();
    expect(await menuOf('note.txt')).toEqual(expect.arrayContaining(['Download', 'Rename', 'Delete']));
    await visitor.getByRole('button', { name: 'New', exact: true }).waitFor();

    await choice.selectOption({ label: 'File drop (upload only)' });
    expect(await permissionsOf(page, '/Inbox', [4])).toEqual([4]);
    await visitor.reload();
    await visitor.getByRole('heading', { level: 1, name: 'Upload files to Inbox' }).waitFor();
    await expect(visitor.getByRole('row', { name: /note\.txt/ }).count()).resolves.toBe(0);
    // The tab shows the stored choice again after a reload.
    await page.reload();
    await sidebar.getByRole('tab', { name: 'Sharing' }).click();
    await expect(sidebar.locator('.sharing-link').getByRole('combobox', { name: 'Permissions' }).locator('option:checked').textContent()).resolves.toBe('File drop (upload only)');
  }, STEP_MS);

  it("a user share is made View only or Can edit in one click, the fine-grained permissions under 'Options'", async () => {
    const { page, sidebar } = await sharingTabOf('Photos');
    const bob = sidebar.locator('.sharing-user', { hasText: 'Bob' });
    const choice = bob.getByRole('combobox', { name: 'Permissions' });
    await choice.waitFor();
    await expect(choice.locator('option').allTextContents()).resolves.toEqual(['View only', 'Can edit', 'Custom permissions']);
    await expect(choice.locator('option:checked').textContent()).resolves.toBe('View only');
    await choice.selectOption({ label: 'Can edit' });
    expect(await permissionsOf(page, '/Photos', [31])).toEqual([31]);
    await shows(choice, 'Can edit');
    await bob.getByRole('button', { name: 'Options' }).click();
    for (const name of ['Edit', 'Create', 'Delete', 'Reshare']) await expect(bob.getByRole('checkbox', { name }).isChecked()).resolves.toBe(true);
    await bob.getByRole('checkbox', { name: 'Delete' }).uncheck();
    expect(await permissionsOf(page, '/Photos', [23])).toEqual([23]);
    await shows(choice, 'Custom permissions');
    await choice.selectOption({ label: 'View only' });
    expect(await permissionsOf(page, '/Photos', [1])).toEqual([1]);
    await shows(choice, 'View only');
    await bob.getByRole('checkbox', { name: 'Edit', checked: false }).waitFor();
  }, STEP_MS);

  it("a past expiry date shows the server's reason and changes nothing; a saved password, expiry date or note is confirmed", async () => {
    expect((await server.dav('MKCOL', '/Dated')).status).toBe(201);
    await ocs('POST', '/shares', { path: '/Dated', shareType: 3 });
    const { sidebar } = await sharingTabOf('Dated');
    const row = sidebar.locator('.sharing-link');
    await row.getByRole('button', { name: 'Options' }).click();
    await row.getByLabel('Expiration date').fill('2001-02-03');
    await row.getByRole('alert').filter({ hasText: 'Expiration date is in the past' }).waitFor();
    await expect(row.getByLabel('Expiration date').inputValue()).resolves.toBe('');
    expect(((await ocs('GET', '/shares?path=/Dated')) as unknown as { expiration: string | null }[])[0]?.expiration).toBeNull();
    await row.getByLabel('Expiration date').fill('2099-02-03');
    await row.getByRole('status').filter({ hasText: 'Expiration date saved' }).waitFor();
    expect(((await ocs('GET', '/shares?path=/Dated')) as unknown as { expiration: string | null }[])[0]?.expiration).toBe('2099-02-03 00:00:00');
    await row.getByLabel('Password', { exact: true }).fill('a good long password');
    await row.getByRole('button', { name: 'Save password' }).click();
    await row.getByRole('status').filter({ hasText: 'Password saved' }).waitFor();
    await row.getByRole('button', { name: 'Remove password' }).waitFor();
    await row.getByRole('textbox', { name: 'Note to recipient' }).fill('See you');
    await row.getByRole('textbox', { name: 'Note to recipient' }).blur();
    await row.getByRole('status').filter({ hasText: 'Note saved' }).waitFor();
    expect(((await ocs('GET', '/shares?path=/Dated')) as unknown as { note: string }[])[0]?.note).toBe('See you');
  }, STEP_MS);

  it('with the plugin disabled, the tab, the views and the OCS routes are gone', async () => {
    await server.server.built.plugins.states.setEnabled('sharing', false);
    await server.server.built.plugins.host.deactivate('sharing');
    // The switch reaches this process now (others at their next start): talk to it directly, also in the scale-out mode.
    const direct = server.server.url;
    const page = await fresh();
    await signIn(page, direct, PASSWORD);
    await page.getByRole('row', { name: /Inbox/ }).waitFor();
    await expect(page.getByRole('link', { name: 'Shared with you' }).count()).resolves.toBe(0);
    const fileid = await page.getByRole('row', { name: /Inbox/ }).getAttribute('data-fileid');
    await page.goto(`${direct}/apps/files/files/${fileid}?dir=/`);
    await page.getByRole('complementary').getByRole('tab').first().waitFor();
    await expect(page.getByRole('complementary').getByRole('tab', { name: 'Sharing' }).count()).resolves.toBe(0);
    const response = await fetch(`${direct}${SHARES_API}/shares?format=json`, { headers: { authorization: basicAuth('admin', PASSWORD) } });
    expect(response.status).toBe(404);
  }, STEP_MS);
});
