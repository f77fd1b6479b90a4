/**
 * The public link page as an anonymous visitor meets it, in headless Chromium against the real
 * server: the shell in public mode (product §1, §7) after the password step; a folder link's list
 * (browse, download with the bytes the owner stored, no private views, settings or quota), an
 * upload-enabled link's anonymous plain PUTs the owner then sees, a file drop's upload area
 * (no listing), a single-file link, hide download, an expired link's message, and the password
 * and not-found pages styled as the sign-in page (axe, Arabic).
 * Needs `npm run build` first.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Download, Locator, Page } from 'playwright-core';
import { expectNoSeriousViolations } from '../../../../tests/support/axe';
import { launchBrowser, watchPage } from '../../../../tests/support/browser';
import { catalogueTranslator } from '../../../../tests/support/catalogues';
import type { PageProblems } from '../../../../tests/support/browser';
import { E2E_OUTPUT, startFilesServer } from '../../../../tests/support/filesServer';
import { ocsShares } from '../../../../tests/support/ocsShares';
import type { FilesServer } from '../../../../tests/support/filesServer';

const PASSWORD = 'public-page-e2e-password';
const STEP_MS = 90_000;

describe('the public link page', () => {
  let server: FilesServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: PageProblems[] = [];

  const ocs = (method: string, target: string, body?: Record<string, unknown>) => ocsShares(server, 'admin', PASSWORD)(method, target, body);
  const link = async (body: Record<string, unknown>, update?: Record<string, unknown>): Promise<string> => {
    const { id, token } = (await ocs('POST', '/shares', { shareType: 3, ...body })) as { id: string; token: string };
    if (update) await ocs('PUT', `/shares/${id}`, update);
    return token;
  };
  /** A visitor's page in a context of its own (no cookies of anyone else). */
  const visitor = async (): Promise<Page> => {
    const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1100, height: 700 } });
    contexts.push(context);
    const page = await context.newPage();
    problems.push(watchPage(page));
    return page;
  };
  const row = (page: Page, name: string): Locator => page.locator(`[role="row"][data-source$="/${encodeURIComponent(name)}"]`);
  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(E2E_OUTPUT, `public-page-${name}.png`) });
  const bytesOf = async (download: Download): Promise<string> => readFile((await download.path()) ?? '', 'utf8');
  /** The items of a row's Actions menu, once it shows them (or says it has none). */
  const menuOf = async (page: Page, name: string): Promise<string[]> => {
    await row(page, name).getByRole('button', { name: `Actions for ${name}` }).click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem').or(menu.getByText('No actions available')).first().waitFor();
    const items = await menu.getByRole('menuitem').allTextContents();
    await page.keyboard.press('Escape');
    return items.map((item) => item.trim());
  };

  beforeAll(async () => {
    server = await startFilesServer({ name: 'public-page', adminPassword: PASSWORD });
    for (const folder of ['/Locked', '/Locked/Sub', '/Inbox', '/Drop', '/Old', '/Hidden']) expect((await server.dav('MKCOL', folder)).status).toBe(201);
    for (const [target, body] of [
      ['/Locked/plan.txt', 'the plan, in bytes: 42'],
      ['/Locked/Sub/deep.txt', 'deep down'],
      ['/Report.txt', 'the yearly report'],
      ['/Hidden/h.txt', 'hidden from downloads'],
    ]) {
      expect((await server.dav('PUT', target as string, body)).status).toBe(201);
    }
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.close();
  });

  it('a password link asks for the password, then lists the folder in the shell without private views, settings or quota; browses and downloads the bytes', async () => {
    const token = await link({ path: '/Locked', password: 'let me in' });
    const page = await visitor();
    // The link as the share API gives it out.
    await page.goto(`${server.url}/index.php/s/${token}`);
    await page.getByLabel('Password').fill('let me in');
    await page.getByRole('button', { name: 'Submit' }).click();
    await row(page, 'plan.txt').waitFor();
    await shot(page, 'folder');
    expect(await page.locator('.files-public__bar').textContent()).toContain('Shared by admin');
    // No navigation of private views, no settings, no quota, no New menu on a read-only link, no details.
    await expect(page.getByRole('navigation', { name: 'Files' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Files settings' }).count()).resolves.toBe(0);
    await expect(page.locator('.files-quota').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'New', exact: true }).count()).resolves.toBe(0);
    // A read-only link: download only (no details, rename, move or copy, delete, favorites).
    expect(await menuOf(page, 'plan.txt')).toEqual(['Download']);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await row(page, 'plan.txt').getByRole('button', { name: 'Actions' }).click();
        await page.getByRole('menuitem', { name: 'Download' }).click();
      })(),
    ]);
    expect(download.suggestedFilename()).toBe('plan.txt');
    expect(await bytesOf(download)).toBe('the plan, in bytes: 42');

    // Into a subfolder: the route below /s/{token} names it, and a reload keeps it.
    await row(page, 'Sub').getByRole('button', { name: 'Sub' }).first().click();
    await row(page, 'deep.txt').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/s/${token}/files`);
    expect(new URL(page.url()).searchParams.get('dir')).toBe('/Sub');
    await page.reload();
    await row(page, 'deep.txt').waitFor();
  }, STEP_MS);

  it('an upload-enabled link takes an anonymous upload in one plain PUT, which the list and the owner then show', async () => {
    const token = await link({ path: '/Inbox', publicUpload: 'true' });
    const page = await visitor();
    const writes: string[] = [];
    page.on('request', (request) => {
      if (!['GET', 'PROPFIND', 'HEAD', 'OPTIONS'].includes(request.method())) writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await page.goto(`${server.url}/s/${token}`);
    await page.getByText('No files in here').waitFor();
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      (async () => {
        await page.getByRole('button', { name: 'New', exact: true }).click();
        await page.getByRole('menuitem', { name: 'Upload files' }).click();
      })(),
    ]);
    await chooser.setFiles({ name: 'hello.txt', mimeType: 'text/plain', buffer: Buffer.from('from a visitor') });
    await row(page, 'hello.txt').waitFor();
    await shot(page, 'upload');
    expect(writes).toEqual([`PUT /public.php/dav/files/${token}/hello.txt`]);
    expect(await (await server.dav('GET', '/Inbox/hello.txt')).text()).toBe('from a visitor');
  }, STEP_MS);

  it('a file drop shows only an upload area: picked and dropped files go up, their results show, nothing is listed', async () => {
    const token = await link({ path: '/Drop', permissions: 4 });
    const page = await visitor();
    await page.goto(`${server.url}/s/${token}`);
    await page.getByRole('heading', { level: 1, name: 'Upload files to Drop' }).waitFor();
    await expect(page.locator('[role="row"]').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Reload content' }).count()).resolves.toBe(0);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Upload files' }).click()]);
    await chooser.setFiles([
      { name: 'dropped.txt', mimeType: 'text/plain', buffer: Buffer.from('anonymous') },
      { name: 'second.txt', mimeType: 'text/plain', buffer: Buffer.from('two') },
    ]);
    const results = page.getByRole('list', { name: 'Uploads' });
    await results.getByRole('listitem').filter({ hasText: 'dropped.txt' }).filter({ hasText: 'Uploaded' }).waitFor();
    await results.getByRole('listitem').filter({ hasText: 'second.txt' }).filter({ hasText: 'Uploaded' }).waitFor();
    // Files dropped on the area go up too.
    const transfer = await page.evaluateHandle(() => {
      const data = new DataTransfer();
      data.items.add(new File(['from the desktop'], 'dragged.txt', { type: 'text/plain' }));
      return data;
    });
    await page.locator('.files-public__droparea').dispatchEvent('dragover', { dataTransfer: transfer });
    await page.locator('.files-public__droparea').dispatchEvent('drop', { dataTransfer: transfer });
    await results.getByRole('listitem').filter({ hasText: 'dragged.txt' }).filter({ hasText: 'Uploaded' }).waitFor();
    // Every file of the visit stays listed.
    expect(await results.getByRole('listitem').allTextContents()).toEqual(['dropped.txtUploaded', 'second.txtUploaded', 'dragged.txtUploaded']);
    await shot(page, 'drop');
    expect(await (await server.dav('GET', '/Drop/dropped.txt')).text()).toBe('anonymous');
    expect(await (await server.dav('GET', '/Drop/dragged.txt')).text()).toBe('from the desktop');
    const listing = await page.evaluate(async (url) => (await fetch(url, { method: 'PROPFIND', headers: { Depth: '1', 'X-Requested-With': 'XMLHttpRequest' } })).status, `/public.php/dav/files/${token}/`);
    expect(listing).toBe(405);
  }, STEP_MS);

  it('a single-file link shows the file with a Download button that gives its bytes', async () => {
    const token = await link({ path: '/Report.txt' });
    const page = await visitor();
    await page.goto(`${server.url}/s/${token}`);
    await page.getByRole('heading', { level: 1, name: 'Report.txt' }).waitFor();
    await shot(page, 'file');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('Report.txt');
    expect(await bytesOf(download)).toBe('the yearly report');
  }, STEP_MS);

  it('hide download: a file link has no Download button, a folder link no download in its menus', async () => {
    const file = await link({ path: '/Report.txt' }, { hideDownload: 'true' });
    const page = await visitor();
    await page.goto(`${server.url}/s/${file}`);
    await page.getByRole('heading', { level: 1, name: 'Report.txt' }).waitFor();
    await expect(page.getByRole('link', { name: 'Download' }).count()).resolves.toBe(0);
    await shot(page, 'file-hidden');

    const folder = await link({ path: '/Hidden' }, { hideDownload: 'true' });
    await page.goto(`${server.url}/s/${folder}`);
    await row(page, 'h.txt').waitFor();
    expect(await menuOf(page, 'h.txt')).toEqual([]);
  }, STEP_MS);

  it("an expired link shows the not-found page's message", async () => {
    const { id, token } = (await ocs('POST', '/shares', { path: '/Old', shareType: 3, expireDate: '2099-01-01' })) as { id: string; token: string };
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await server.server.built.db.withTables<{ sharing_shares: { id: number; expiration: string } }>().updateTable('sharing_shares').set({ expiration: yesterday }).where('id', '=', Number(id)).execute();
    const page = await visitor();
    const response = await page.goto(`${server.url}/s/${token}`);
    expect(response?.status()).toBe(404);
    await page.getByText('This share does not exist or is no longer available.').waitFor();
  }, STEP_MS);

  it("the password and not-found pages look like the sign-in page, speak the visitor's language and pass axe", async () => {
    const token = await link({ path: '/Locked', password: 'let me in' });
    /** What makes the sign-in page's look: the body's colour, the card's, its corners and width. */
    const look = (page: Page) =>
      page.evaluate(() => {
        const main = document.querySelector('main');
        const card = main ? getComputedStyle(main) : null;
        return { body: getComputedStyle(document.body).backgroundColor, card: card?.backgroundColor, radius: card?.borderRadius, shadow: card?.boxShadow !== 'none', width: main?.getBoundingClientRect().width };
      });
    // bypassCSP: axe is a script, which these pages forbid.
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1100, height: 700 } });
    contexts.push(context);
    const page = await context.newPage();
    problems.push(watchPage(page));
    await page.goto(`${server.url}/login`);
    const signIn = await look(page);
    expect(signIn.body).toBe('rgb(0, 103, 158)');
    await page.goto(`${server.url}/s/${token}`);
    await page.getByRole('heading', { level: 1, name: 'This share is password-protected' }).waitFor();
    expect(await look(page)).toEqual(signIn);
    await expectNoSeriousViolations(page, 'the password page');
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('alert').filter({ hasText: 'The password is wrong. Try again.' }).waitFor();
    expect(await look(page)).toEqual(signIn);
    await expectNoSeriousViolations(page, 'the password page with its error');
    await shot(page, 'password');
    const missing = await page.goto(`${server.url}/s/aaaaaaaaaaaaaaa`);
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Share not found' }).waitFor();
    expect(await look(page)).toEqual(signIn);
    await expectNoSeriousViolations(page, 'the not-found page');
    await shot(page, 'not-found');

    // In Arabic: translated and right to left, the same card.
    const arabic = await browser.newContext({ bypassCSP: true, locale: 'ar', extraHTTPHeaders: { 'Accept-Language': 'ar' }, viewport: { width: 1100, height: 700 } });
    contexts.push(arabic);
    const ar = await arabic.newPage();
    const t = catalogueTranslator('server', 'ar');
    await ar.goto(`${server.url}/s/${token}`);
    await ar.getByRole('heading', { level: 1, name: t('This share is password-protected') }).waitFor();
    await expect(ar.locator('html').getAttribute('dir')).resolves.toBe('rtl');
    await ar.getByLabel(t('Password')).waitFor();
    expect(await look(ar)).toEqual(signIn);
    await expectNoSeriousViolations(ar, 'the password page in Arabic');
    await ar.goto(`${server.url}/s/aaaaaaaaaaaaaaa`);
    await ar.getByRole('heading', { level: 1, name: t('Share not found') }).waitFor();
    await ar.getByText(t('This share does not exist or is no longer available.')).waitFor();
  }, STEP_MS);

  it('raised no uncaught error in any page', () => {
    expect(problems.flatMap((page) => page.pageErrors)).toEqual([]);
  });
});
