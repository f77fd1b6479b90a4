/**
 * Folder and selection downloads in headless Chromium against the real server: a folder from
 * its row's actions and from the details sidebar, a mixed selection of files and folders from
 * the batch actions, and 'Download all' on a public folder link (axe clean). Each is the
 * browser's own download of a plain link to the server's zip; every file inside is checked
 * against what was uploaded. Needs the built front end (`npm run build`).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Download, Locator, Page } from 'playwright-core';
import { expectNoSeriousViolations } from '../support/axe';
import { launchBrowser, watchPage } from '../support/browser';
import type { PageProblems } from '../support/browser';
import type { FilesServer } from '../support/filesServer';
import { E2E_OUTPUT, signIn, startFilesServer } from '../support/filesServer';
import { ocsShares } from '../support/ocsShares';

const PASSWORD = 'downloads-e2e-password';
const STEP_MS = 30_000;
const run = promisify(execFile);

const FILES: Record<string, string> = {
  '/Photos/a.txt': 'alpha',
  '/Photos/sub/b.txt': 'beta, one folder down',
  '/Photos/Ünïcødé.txt': 'a name beyond ASCII',
  '/loose.txt': 'a file at the root',
};
const FOLDERS = ['/Photos', '/Photos/sub', '/Photos/empty'];

function sha1(text: string | Buffer): string {
  return createHash('sha1').update(text).digest('hex');
}

describe('downloads of folders and selections', () => {
  let server: FilesServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  let work = '';

  const row = (target: Page, name: string): Locator => target.locator(`[role="row"][data-source$="/${encodeURIComponent(name)}"]`);
  /** The files inside a downloaded zip (checked by unzip -t), by path, as SHA-1s; folders null. */
  const contentsOf = async (download: Download): Promise<Record<string, string | null>> => {
    const dir = await mkdtemp(path.join(work, 'zip-'));
    const file = path.join(dir, 'download.zip');
    await download.saveAs(file);
    expect((await run('unzip', ['-t', file])).stdout).toContain('No errors detected');
    await run('unzip', ['-q', file, '-d', path.join(dir, 'out')]);
    const out: Record<string, string | null> = {};
    const walk = async (relative: string): Promise<void> => {
      for (const entry of await readdir(path.join(dir, 'out', relative), { withFileTypes: true })) {
        const child = `${relative}/${entry.name}`;
        if (entry.isDirectory()) {
          out[child] = null;
          await walk(child);
        } else out[child] = sha1(await readFile(path.join(dir, 'out', child)));
      }
    };
    await walk('');
    return out;
  };
  /** What a zip of `/Photos` holds once extracted: its entries are named as the source paths. */
  const photos = (): Record<string, string | null> => {
    const out: Record<string, string | null> = {};
    for (const folder of FOLDERS) out[folder] = null;
    for (const [file, body] of Object.entries(FILES)) if (file.startsWith('/Photos/')) out[file] = sha1(body);
    return out;
  };

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'cumulus-downloads-e2e-'));
    server = await startFilesServer({ name: 'downloads', adminPassword: PASSWORD });
    for (const folder of FOLDERS) expect((await server.dav('MKCOL', folder)).status).toBe(201);
    for (const [file, body] of Object.entries(FILES)) expect((await server.dav('PUT', file, body)).status).toBe(201);
    browser = await launchBrowser();
    context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1400, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
    problems = watchPage(page);
    await signIn(page, server.url, PASSWORD);
    await row(page, 'Photos').waitFor();
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
    await rm(work, { recursive: true, force: true });
  });

  it("downloads a folder from its row's actions as Photos.zip with every file inside", async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await row(page, 'Photos').getByRole('button', { name: 'Actions' }).click();
        await page.getByRole('menuitem', { name: 'Download', exact: true }).click();
      })(),
    ]);
    expect(download.suggestedFilename()).toBe('Photos.zip');
    expect(download.url()).toMatch(/\/remote\.php\/dav\/files\/admin\/Photos\?accept=zip$/);
    expect(await contentsOf(download)).toEqual(photos());
  }, STEP_MS);

  it('downloads a folder from the details sidebar', async () => {
    await row(page, 'Photos').getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Details', exact: true }).click();
    const sidebar = page.getByRole('complementary', { name: 'Details of "Photos"' });
    const [download] = await Promise.all([page.waitForEvent('download'), sidebar.getByRole('link', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('Photos.zip');
    expect(await contentsOf(download)).toEqual(photos());
    await sidebar.getByRole('button', { name: 'Close sidebar' }).click();
  }, STEP_MS);

  it('downloads a mixed selection (a folder and a file) from the batch actions as download.zip', async () => {
    await row(page, 'Photos').getByRole('checkbox').click();
    await row(page, 'loose.txt').getByRole('checkbox').click();
    const bar = page.getByRole('toolbar', { name: 'Batch actions' });
    await bar.getByText('2 selected').waitFor();
    await page.screenshot({ path: path.join(E2E_OUTPUT, 'downloads-batch-bar.png') });
    const [download] = await Promise.all([page.waitForEvent('download'), bar.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('download.zip');
    expect(await contentsOf(download)).toEqual({ ...photos(), '/loose.txt': sha1(FILES['/loose.txt'] as string) });
    expect(problems.pageErrors).toEqual([]);
  }, STEP_MS);

  it("a public folder link has 'Download all' (the whole folder as a zip), axe clean; a link that hides downloads has none", async () => {
    const ocs = ocsShares(server, 'admin', PASSWORD);
    const { token } = (await ocs('POST', '/shares', { shareType: 3, path: '/Photos' })) as { token: string };
    const visitorContext = await browser.newContext({ acceptDownloads: true, bypassCSP: true, viewport: { width: 1100, height: 700 } });
    try {
      const visitor = await visitorContext.newPage();
      const visitorProblems = watchPage(visitor);
      await visitor.goto(`${server.url}/s/${token}`);
      await row(visitor, 'a.txt').waitFor();
      const all = visitor.getByRole('link', { name: 'Download all' });
      await visitor.screenshot({ path: path.join(E2E_OUTPUT, 'downloads-public-download-all.png') });
      await expectNoSeriousViolations(visitor, 'a public folder link with Download all');
      const [download] = await Promise.all([visitor.waitForEvent('download'), all.click()]);
      expect(download.suggestedFilename()).toBe('Photos.zip');
      expect(await contentsOf(download)).toEqual(photos());
      // A selection on the public page: the batch bar's Download.
      await row(visitor, 'a.txt').getByRole('checkbox').click();
      await row(visitor, 'sub').getByRole('checkbox').click();
      const bar = visitor.getByRole('toolbar', { name: 'Batch actions' });
      const [selection] = await Promise.all([visitor.waitForEvent('download'), bar.getByRole('button', { name: 'Download' }).click()]);
      expect(await contentsOf(selection)).toEqual({ '/a.txt': sha1('alpha'), '/sub': null, '/sub/b.txt': sha1(FILES['/Photos/sub/b.txt'] as string) });
      expect(visitorProblems.pageErrors).toEqual([]);

      const hidden = (await ocs('POST', '/shares', { shareType: 3, path: '/Photos' })) as { id: string; token: string };
      await ocs('PUT', `/shares/${hidden.id}`, { hideDownload: 'true' });
      await visitor.goto(`${server.url}/s/${hidden.token}`);
      await row(visitor, 'a.txt').waitFor();
      expect(await visitor.getByRole('link', { name: 'Download all' }).count()).toBe(0);
    } finally {
      await visitorContext.close();
    }
  }, 60_000);
});
