/**
 * Sharing in headless Chromium against the real server, as new users would meet it: a
 * read-only share seen (and refused a write) by its recipient, the Sharing tab creating a
 * link, a password link opened in a fresh context, anonymous upload and a file drop, an
 * expired link, and the plugin switched off. Needs `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { basicAuth, signIn, startFilesServer } from '../support/filesServer';
import type { FilesServer } from '../support/filesServer';

const PASSWORD = 'sharing-e2e-password';
const BOB_PASSWORD = 'sharing-e2e-bob-1';
const STEP_MS = 60_000;
const API = '/ocs/v2.php/apps/files_sharing/api/v1';

describe('sharing in the browser', () => {
  let server: FilesServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const ocs = async (method: string, path: string, body?: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const response = await fetch(`${server.url}${API}${path}${path.includes('?') ? '&' : '?'}format=json`, {
      method,
      headers: { authorization: basicAuth('admin', PASSWORD), 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return ((await response.json()) as { ocs: { data: Record<string, unknown> } }).ocs.data;
  };

  const fresh = async (): Promise<Page> => {
    const context = await browser.newContext({ acceptDownloads: true });
    contexts.push(context);
    return context.newPage();
  };

  beforeAll(async () => {
    server = await startFilesServer({ name: 'sharing', adminPassword: PASSWORD });
    await server.server.built.accounts.users.create({ uid: 'bob', password: BOB_PASSWORD, displayName: 'Bob' });
    for (const folder of ['/Photos', '/Locked', '/Inbox', '/Drop', '/Old']) expect((await server.dav('MKCOL', folder)).status).toBe(201);
    expect((await server.dav('PUT', '/Photos/beach.txt', 'sand')).status).toBe(201);
    expect((await server.dav('PUT', '/Locked/plan.txt', 'the plan')).status).toBe(201);
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

  it('a password link asks for the password in a fresh context, then lists and downloads', async () => {
    const { token } = (await ocs('POST', '/shares', { path: '/Locked', shareType: 3, password: 'let me in' })) as { token: string };
    const page = await fresh();
    await page.goto(`${server.url}/s/${token}`);
    await page.getByLabel('Password').fill('let me in');
    await page.getByRole('button', { name: 'Submit' }).click();
    const file = page.getByRole('link', { name: 'plan.txt' });
    await file.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), file.click()]);
    expect(download.suggestedFilename()).toBe('plan.txt');
  }, STEP_MS);

  it('an upload-enabled link takes an anonymous upload the owner then sees; a file drop shows only an upload area', async () => {
    const { token } = (await ocs('POST', '/shares', { path: '/Drop', shareType: 3, permissions: 4 })) as { token: string };
    const page = await fresh();
    await page.goto(`${server.url}/s/${token}`);
    await expect(page.getByRole('list', { name: 'Files' }).count()).resolves.toBe(0);
    await page.getByLabel('Upload files').setInputFiles({ name: 'dropped.txt', mimeType: 'text/plain', buffer: Buffer.from('anonymous') });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('Uploaded dropped.txt').waitFor();
    expect(await (await server.dav('GET', '/Drop/dropped.txt')).text()).toBe('anonymous');

    const upload = (await ocs('POST', '/shares', { path: '/Inbox', shareType: 3, publicUpload: 'true' })) as { token: string };
    const visitor = await fresh();
    await visitor.goto(`${server.url}/s/${upload.token}`);
    await visitor.getByLabel('Upload files').setInputFiles({ name: 'hello.txt', mimeType: 'text/plain', buffer: Buffer.from('from a visitor') });
    await visitor.getByRole('button', { name: 'Upload', exact: true }).click();
    // The page lists the folder again with the new file.
    await visitor.getByRole('link', { name: 'hello.txt' }).waitFor();
    expect(await (await server.dav('GET', '/Inbox/hello.txt')).text()).toBe('from a visitor');
  }, STEP_MS);

  it('an expired link shows the not-found page', async () => {
    const { id, token } = (await ocs('POST', '/shares', { path: '/Old', shareType: 3, expireDate: '2099-01-01' })) as { id: string; token: string };
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await server.server.built.db.withTables<{ sharing_shares: { id: number; expiration: string } }>().updateTable('sharing_shares').set({ expiration: yesterday }).where('id', '=', Number(id)).execute();
    const page = await fresh();
    const response = await page.goto(`${server.url}/s/${token}`);
    expect(response?.status()).toBe(404);
    await page.getByText('This share does not exist or is no longer available.').waitFor();
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
    const response = await fetch(`${direct}${API}/shares?format=json`, { headers: { authorization: basicAuth('admin', PASSWORD) } });
    expect(response.status).toBe(404);
  }, STEP_MS);
});
