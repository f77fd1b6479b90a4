/**
 * Thumbnails beyond the user's own files, in headless Chromium against the real server (issue
 * 24, item 14): a share's recipient opening the shared folder and an anonymous visitor of its
 * public link both see the images' thumbnails, and no preview request fails (the recipient's
 * list made one 404 per image before). Needs `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, watchPage } from '../support/browser';
import type { PageProblems } from '../support/browser';
import { E2E_OUTPUT, signIn, startFilesServer } from '../support/filesServer';
import type { FilesServer } from '../support/filesServer';
import { ocsShares } from '../support/ocsShares';

const PASSWORD = 'previews-e2e-password';
const BOB_PASSWORD = 'previews-e2e-bob-1';
const STEP_MS = 90_000;
const IMAGES = ['red.jpg', 'green.jpg', 'blue.jpg', 'alpha.png'];

describe('previews of shared files', () => {
  let server: FilesServer;
  let browser: Browser;
  let token = '';
  const contexts: BrowserContext[] = [];

  const ocs = (method: string, target: string, body?: Record<string, unknown>) => ocsShares(server, 'admin', PASSWORD)(method, target, body);

  /** A page in a context of its own, with what fails in it recorded. */
  const fresh = async (): Promise<{ page: Page; problems: PageProblems; failed: string[] }> => {
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    contexts.push(context);
    const page = await context.newPage();
    const failed: string[] = [];
    page.on('response', (response) => {
      if (/preview/.test(response.url()) && response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    return { page, problems: watchPage(page), failed };
  };
  const row = (page: Page, name: string): Locator => page.locator(`[role="row"][data-source$="/${encodeURIComponent(name)}"]`);

  /** Waits until every image row shows a loaded thumbnail; gives their URLs. */
  const thumbnails = async (page: Page): Promise<string[]> => {
    for (const name of IMAGES) await row(page, name).waitFor();
    await page.waitForFunction(
      (count) => [...document.querySelectorAll<HTMLImageElement>('img.files-preview')].filter((img) => img.complete && img.naturalWidth > 0).length >= count,
      IMAGES.length,
      { timeout: 20_000 },
    );
    return page.locator('img.files-preview').evaluateAll((images) => images.map((img) => (img as HTMLImageElement).src));
  };

  beforeAll(async () => {
    server = await startFilesServer({ name: 'previews', adminPassword: PASSWORD });
    await server.server.built.accounts.users.create({ uid: 'bob', password: BOB_PASSWORD, displayName: 'Bob' });
    expect((await server.dav('MKCOL', '/Album')).status).toBe(201);
    for (const [name, background] of [['red.jpg', '#cc0000'], ['green.jpg', '#00cc00'], ['blue.jpg', '#0000cc']] as const) {
      expect((await server.dav('PUT', `/Album/${name}`, await sharp({ create: { width: 120, height: 80, channels: 3, background } }).jpeg().toBuffer())).status).toBe(201);
    }
    const png = await sharp({ create: { width: 90, height: 90, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } }).png().toBuffer();
    expect((await server.dav('PUT', '/Album/alpha.png', png)).status).toBe(201);
    expect((await server.dav('PUT', '/Album/notes.txt', 'no thumbnail for text')).status).toBe(201);
    await ocs('POST', '/shares', { path: '/Album', shareType: 0, shareWith: 'bob', permissions: 1 });
    token = ((await ocs('POST', '/shares', { path: '/Album', shareType: 3 })) as { token: string }).token;
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.close();
  });

  it("the recipient's shared folder shows every image's thumbnail, with no failed preview request", async () => {
    const { page, problems, failed } = await fresh();
    await signIn(page, server.url, BOB_PASSWORD, 'bob');
    await row(page, 'Album').getByRole('button', { name: 'Album' }).first().click();
    const sources = await thumbnails(page);
    await page.screenshot({ path: path.join(E2E_OUTPUT, 'previews-recipient.png') });
    // Every file asks (the text file gets its MIME icon through mimeFallback, not a 404).
    expect(sources.filter((src) => src.includes('/core/preview?'))).toHaveLength(IMAGES.length + 1);
    expect(failed).toEqual([]);
    expect(problems.consoleErrors.filter((line) => /404|preview/i.test(line))).toEqual([]);
  }, STEP_MS);

  it("the public link's page shows them through the public preview, with no failed preview request", async () => {
    const { page, problems, failed } = await fresh();
    await page.goto(`${server.url}/s/${token}`);
    const sources = await thumbnails(page);
    await page.screenshot({ path: path.join(E2E_OUTPUT, 'previews-public.png') });
    expect(sources.filter((src) => src.includes(`/apps/files_sharing/publicpreview/${token}?file=`))).toHaveLength(IMAGES.length + 1);
    expect(failed).toEqual([]);
    expect(problems.consoleErrors.filter((line) => /404|preview/i.test(line))).toEqual([]);
  }, STEP_MS);
});
