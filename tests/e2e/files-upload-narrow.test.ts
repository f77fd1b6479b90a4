/**
 * The upload controls in a narrow window (480 px, spec §2 "Under 512 px the breadcrumb …
 * layout change"), against the real server in headless Chromium: while files upload, the
 * breadcrumb stays on screen beside the progress bar, the time left and 'Cancel uploads'
 * (the controls took the whole row and squeezed it to nothing), and 'Cancel uploads' leaves
 * the keyboard focus on the New button. Needs the built front end (`npm run build`).
 * Screenshots go to tests/output/.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { launchBrowser, watchPage } from '../support/browser';
import type { PageProblems } from '../support/browser';
import { E2E_OUTPUT, signIn, startFilesServer } from '../support/filesServer';
import type { FilesServer } from '../support/filesServer';

const PASSWORD = 'upload-narrow-e2e-password';
const STEP_MS = 30_000;

describe('uploading in a narrow window', () => {
  let server: FilesServer;
  let browser: Browser;
  let page: Page;
  let problems: PageProblems;
  let scratch: string;
  /** Uploads held open, so the controls stay on screen while the test looks at them. */
  const held: Route[] = [];

  beforeAll(async () => {
    server = await startFilesServer({ name: 'upload-narrow', adminPassword: PASSWORD, config: { throttleDelayMs: 0 } });
    expect((await server.dav('MKCOL', '/Holiday photos')).status).toBe(201);
    scratch = mkdtempSync(path.join(tmpdir(), 'cumulus-upload-narrow-e2e-'));
    for (const name of ['one.txt', 'two.txt']) writeFileSync(path.join(scratch, name), `the content of ${name}\n`);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 480, height: 800 } });
    page.setDefaultTimeout(15_000);
    problems = watchPage(page);
    await signIn(page, server.url, PASSWORD);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('keeps the breadcrumb beside the upload controls, and the focus on New after Cancel uploads', async () => {
    await page.goto(`${server.url}/apps/files/files?dir=/Holiday photos`);
    const newButton = page.getByRole('button', { name: 'New', exact: true });
    await newButton.waitFor();
    await page.route('**/remote.php/dav/files/admin/Holiday%20photos/*', (route) => {
      if (route.request().method() === 'PUT') held.push(route);
      else void route.continue();
    });
    await newButton.click();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('menuitem', { name: 'Upload files' }).click()]);
    await chooser.setFiles([path.join(scratch, 'one.txt'), path.join(scratch, 'two.txt')]);
    await page.getByRole('progressbar', { name: 'Upload progress' }).waitFor();
    await page.getByRole('button', { name: 'Cancel uploads' }).waitFor();
    await page.screenshot({ path: path.join(E2E_OUTPUT, 'files-upload-narrow.png') });

    const crumb = page.getByRole('navigation', { name: 'Current directory path' }).getByRole('button', { name: 'Holiday photos' });
    const box = await crumb.boundingBox();
    // The current folder's crumb shows its name, not a sliver of it.
    expect(box?.width ?? 0).toBeGreaterThan(60);
    expect(await crumb.evaluate((element) => element.scrollWidth <= element.clientWidth + 1 || element.clientWidth > 60)).toBe(true);

    await page.getByRole('button', { name: 'Cancel uploads' }).click();
    await page.getByRole('progressbar', { name: 'Upload progress' }).waitFor({ state: 'detached' });
    expect(await newButton.evaluate((element) => element === document.activeElement)).toBe(true);
    for (const route of held.splice(0)) await route.abort().catch(() => undefined);
  }, STEP_MS);

  it('met no page errors', () => {
    expect(problems.pageErrors).toEqual([]);
  });
});
