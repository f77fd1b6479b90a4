/**
 * The browser console stays clean of requests that succeeded: no `net::ERR_ABORTED` (a
 * `requestfailed` event) for a request the server answered, over the usual work of a new user:
 * create a folder, rename, move, copy, favourite, upload, navigate, delete. A request cancelled
 * while still in flight is a genuine cancellation and allowed: one that got no response, or one
 * a newer request for the same replaced (a folder listed again while its listing still arrived). The same fresh server shows no example plugin (Hello). Needs the built
 * front end (`npm run build`).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { launchBrowser, watchPage } from '../support/browser';
import type { PageProblems } from '../support/browser';
import { signIn, startFilesServer } from '../support/filesServer';
import type { FilesServer } from '../support/filesServer';

const PASSWORD = 'console-aborts-e2e-password';

describe('requests that succeeded are never reported as failed', () => {
  let server: FilesServer;
  let browser: Browser;
  let page: Page;
  let problems: PageProblems;
  /** Every request in the order it started; those the server answered (with their status); those then reported failed. */
  const started: Request[] = [];
  const answered = new Map<Request, number>();
  const failedAfterAnswer: string[] = [];

  const row = (name: string): Locator => page.locator(`[role="row"][data-source$="/${encodeURIComponent(name)}"]`);
  const toast = (text: string): Locator => page.locator('.files-toast', { hasText: text });
  const runFromMenu = async (name: string, action: string): Promise<void> => {
    await row(name).getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: action, exact: true }).click();
  };

  beforeAll(async () => {
    server = await startFilesServer({ name: 'console-aborts', adminPassword: PASSWORD });
    expect((await server.dav('MKCOL', '/Docs')).status).toBe(201);
    for (const name of ['/notes.txt', '/move-me.txt', '/copy-me.txt', '/delete-me.txt']) expect((await server.dav('PUT', name, `content of ${name}`)).status).toBe(201);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.setDefaultTimeout(15_000);
    problems = watchPage(page);
    page.on('request', (request) => started.push(request));
    page.on('response', (response) => answered.set(response.request(), response.status()));
    page.on('requestfailed', (request) => {
      const status = answered.get(request);
      if (status === undefined) return;
      // Replaced by a newer request for the same (a listing of the folder asked again while this one still arrived): a genuine cancellation.
      const replaced = started.slice(started.indexOf(request) + 1).some((later) => later.method() === request.method() && later.url() === request.url());
      if (!replaced) failedAfterAnswer.push(`${request.method()} ${new URL(request.url()).pathname} (${status}): ${request.failure()?.errorText ?? ''}`);
    });
    await signIn(page, server.url, PASSWORD);
    await row('notes.txt').waitFor();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a fresh server shows no example plugin: no Hello view, no "Say hello" action', async () => {
    await expect(page.locator('[data-view-id="hello"]').count()).resolves.toBe(0);
    await row('notes.txt').getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem').first().waitFor();
    await expect(page.getByRole('menuitem', { name: 'Say hello' }).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
  });

  it('creates a folder, renames, moves, copies, favourites, uploads, navigates and deletes without an answered request reported failed', async () => {
    // New folder (MKCOL).
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await page.getByRole('menuitem', { name: 'New folder' }).click();
    await page.getByRole('dialog').getByRole('textbox').fill('Made');
    await page.keyboard.press('Enter');
    await row('Made').waitFor();
    // Rename (MOVE).
    await runFromMenu('notes.txt', 'Rename');
    const field = row('notes.txt').getByRole('textbox', { name: 'Filename' });
    await field.fill('renamed.txt');
    await field.press('Enter');
    await row('renamed.txt').waitFor();
    // Move and copy into Docs (MOVE, COPY) through the picker.
    for (const [name, verb] of [['move-me.txt', 'Move'], ['copy-me.txt', 'Copy']] as const) {
      await runFromMenu(name, 'Move or copy');
      const picker = page.getByRole('dialog', { name: 'Choose destination' });
      await picker.getByRole('button', { name: 'Docs' }).click();
      await picker.getByRole('button', { name: `${verb} to Docs` }).click();
      await picker.waitFor({ state: 'detached' });
    }
    await row('move-me.txt').waitFor({ state: 'detached' });
    // Favourite (PROPPATCH).
    await runFromMenu('renamed.txt', 'Add to favorites');
    await toast('Added "renamed.txt" to favorites').waitFor().catch(() => undefined);
    // Upload (PUT).
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      (async () => {
        await page.getByRole('button', { name: 'New', exact: true }).click();
        await page.getByRole('menuitem', { name: 'Upload files' }).click();
      })(),
    ]);
    await chooser.setFiles({ name: 'uploaded.txt', mimeType: 'text/plain', buffer: Buffer.from('uploaded') });
    await row('uploaded.txt').waitFor();
    // Delete.
    await runFromMenu('delete-me.txt', 'Delete');
    const confirm = page.getByRole('dialog');
    if (await confirm.count()) await confirm.getByRole('button', { name: /Delete/ }).last().click();
    await row('delete-me.txt').waitFor({ state: 'detached' });
    // Navigate into Docs and back (PROPFIND listings, the change feed).
    await row('Docs').locator('.files-name').click();
    await row('copy-me.txt').waitFor();
    await page.goBack();
    await row('renamed.txt').waitFor();
    // Let the last answers settle (a cancelled one is reported after its response).
    await page.waitForTimeout(1500);
    expect((await server.dav('PROPFIND', '/Docs/copy-me.txt')).status).toBe(207);
    // Folder listings included: a compact listing (brotli, chunked, read with a stream reader)
    // once was reported aborted at times, because it was sent with Cache-Control: no-store.
    expect(failedAfterAnswer).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
  }, 120_000);
});
