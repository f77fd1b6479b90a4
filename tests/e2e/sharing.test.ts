/**
 * Sharing in headless Chromium against the real server, as new users would meet it: a
 * read-only share seen (and refused a write) by its recipient, the Sharing tab creating a
 * link, and the plugin switched off. The public link page (password, listing, anonymous
 * upload, file drop, expiry) is in sharing-public-page.test.ts. Needs `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { basicAuth, signIn, startFilesServer } from '../support/filesServer';
import type { FilesServer } from '../support/filesServer';
import { SHARES_API, ocsShares } from '../support/ocsShares';

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

  it('the Sharing tab creates a link for a folder', async () => {
    const page = await fresh();
    await signIn(page, server.url, PASSWORD);
    await page.getByRole('row', { name: /Inbox/ }).waitFor();
    const fileid = await page.getByRole('row', { name: /Inbox/ }).getAttribute('data-fileid');
    await page.goto(`${server.url}/apps/files/files/${fileid}?dir=/`);
    const sidebar = page.getByRole('complementary');
    await sidebar.getByRole('tab', { name: 'Sharing' }).click();
    await sidebar.getByRole('button', { name: 'Create a new share link' }).click();
    const link = sidebar.getByRole('textbox', { name: 'Share link' });
    await link.waitFor();
    expect(await link.inputValue()).toMatch(/\/index\.php\/s\/[a-zA-Z2-9]{15}$/);
    await sidebar.getByRole('checkbox', { name: 'Allow upload' }).check();
    // The checkbox shows the answer of the update, so once it is checked again after the re-render the server has it.
    await sidebar.getByRole('checkbox', { name: 'Allow upload' }).and(sidebar.locator(':checked')).waitFor();
    await page.waitForFunction(() => !document.querySelector('.sharing-status')?.textContent);
    let shares: { permissions: number }[] = [];
    for (let tries = 0; tries < 50 && shares[0]?.permissions !== 31; tries += 1) {
      shares = (await ocs('GET', '/shares?path=/Inbox')) as unknown as { permissions: number }[];
      if (shares[0]?.permissions !== 31) await page.waitForTimeout(200);
    }
    expect(shares.map((share) => share.permissions)).toEqual([31]);
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
