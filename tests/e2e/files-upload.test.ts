/**
 * Uploading from the browser, against the real server in headless Chromium,
 * as a new user does it: create a folder from the New menu; upload several
 * files and a folder tree through the upload picker; a 300 MiB file in
 * chunks (progress and time left on screen, the server's copy with the same
 * SHA-1); cancel a large upload (nothing at the destination, the chunk
 * workspace gone); pause and resume of a large upload; a fast typist's first
 * 'New folder' while the dialog's code loads; a drop of files from the desktop; a reload in the middle
 * of an upload and 'Resume'; the upload controls in a 480 px window; an
 * upload into a full quota. Needs the built front end (`npm run build`).
 * Screenshots go to tests/output/.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { createReadStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page, Request, Route } from 'playwright-core';
import { launchBrowser, watchPage } from '../support/browser';
import type { PageProblems } from '../support/browser';
import { E2E_OUTPUT, basicAuth, signIn, startFilesServer } from '../support/filesServer';
import type { FilesServer } from '../support/filesServer';

const PASSWORD = 'upload-e2e-password';
const MiB = 1024 * 1024;
/** Time for one browser step (a few round trips and renders). */
const STEP_MS = 30_000;
/** Time for a step that moves hundreds of megabytes on a busy machine. */
const BIG_STEP_MS = 240_000;

/** Writes `size` bytes of varied content (so a wrong chunk order shows in the hash) in 1 MiB blocks. */
async function writeBigFile(file: string, size: number): Promise<void> {
  const handle = await open(file, 'w');
  const block = Buffer.alloc(MiB);
  for (let offset = 0; offset < size; offset += MiB) {
    block.fill(offset / MiB);
    block.writeUInt32BE(offset / MiB, 0);
    await handle.write(block, 0, Math.min(MiB, size - offset));
  }
  await handle.close();
}

async function sha1OfFile(file: string): Promise<string> {
  const hash = createHash('sha1');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

describe('uploads in the browser', () => {
  let server: FilesServer;
  let browser: Browser;
  let page: Page;
  let problems: PageProblems;
  let scratch: string;
  let bigFile: string;
  let bigSha1: string;

  const dav = (method: string, target: string, body?: string) => server.dav(method, target, body);
  const exists = async (target: string) => (await dav('PROPFIND', target)).status === 207;
  const row = (name: string): Locator => page.locator(`[role="row"][data-source$="/${encodeURIComponent(name)}"]`);
  const toast = (text: string): Locator => page.locator('.files-toast', { hasText: text });
  const shot = (name: string) => page.screenshot({ path: path.join(E2E_OUTPUT, `files-upload-${name}.png`) });
  const newMenu = async (entry: string) => {
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await page.getByRole('menuitem', { name: entry }).click();
  };
  /** Picks `files` through the New menu's `entry` ('Upload files' or 'Upload folders'). */
  const pick = async (entry: string, files: string | string[]) => {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), newMenu(entry)]);
    await chooser.setFiles(files);
  };
  /** The server's SHA-1 of a file (streamed from a GET as admin). */
  const serverSha1 = async (target: string) => {
    const response = await dav('GET', target);
    expect(response.status).toBe(200);
    const hash = createHash('sha1');
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) hash.update(chunk);
    return hash.digest('hex');
  };
  /** The admin's chunk workspaces (PROPFIND Depth 1 of the uploads area). */
  const workspaces = async (): Promise<string[]> => {
    const response = await fetch(`${server.url}/remote.php/dav/uploads/admin/`, {
      method: 'PROPFIND',
      headers: { authorization: basicAuth('admin', PASSWORD), depth: '1' },
    });
    const body = await response.text();
    return [...body.matchAll(/<d:href>([^<]*web-file-upload-[^<]*)<\/d:href>/g)].map((match) => match[1] ?? '');
  };
  /** The bytes of the chunks stored in the admin's chunk workspaces (PROPFIND Depth 1 of each). */
  const workspaceBytes = async (): Promise<number> => {
    let total = 0;
    for (const href of await workspaces()) {
      const response = await fetch(new URL(href, server.url), { method: 'PROPFIND', headers: { authorization: basicAuth('admin', PASSWORD), depth: '1' } });
      for (const match of (await response.text()).matchAll(/<d:getcontentlength>(\d+)<\/d:getcontentlength>/g)) total += Number(match[1]);
    }
    return total;
  };
  const goTo = async (dir: string) => {
    await page.goto(`${server.url}/apps/files/files?dir=${dir}`);
    await page.getByRole('button', { name: 'New', exact: true }).waitFor();
  };

  beforeAll(async () => {
    // 10 MiB chunks (the server's default is 100 MiB): the 300 MiB file goes in 30, enough to pause, cancel and resume between.
    server = await startFilesServer({ name: 'upload', adminPassword: PASSWORD, config: { throttleDelayMs: 0, maxChunkSize: 10 * MiB } });
    for (const folder of ['/Incoming', '/Big', '/Paused', '/Cancelled', '/Dropped', '/Resumed', '/Holiday photos']) expect((await dav('MKCOL', folder)).status).toBe(201);
    expect((await dav('PUT', '/readme.txt', 'hello')).status).toBe(201);
    scratch = mkdtempSync(path.join(tmpdir(), 'cumulus-upload-e2e-'));
    for (const name of ['one.txt', 'two.txt', 'three.md']) writeFileSync(path.join(scratch, name), `the content of ${name}\n`);
    for (const [file, content] of [
      ['tree/top.txt', 'top'],
      ['tree/sub/inner.txt', 'inner'],
      ['tree/sub/deeper/deep.txt', 'deep'],
    ] as const) {
      mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
      writeFileSync(path.join(scratch, file), content);
    }
    bigFile = path.join(scratch, 'big.bin');
    await writeBigFile(bigFile, 300 * MiB);
    bigSha1 = await sha1OfFile(bigFile);

    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.setDefaultTimeout(15_000);
    problems = watchPage(page);
    await signIn(page, server.url, PASSWORD);
    await row('readme.txt').waitFor();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('creates a folder from the New menu, refusing an empty name first', async () => {
    await newMenu('New folder');
    const dialog = page.getByRole('dialog', { name: 'Create new folder' });
    const field = dialog.getByRole('textbox', { name: 'Folder name' });
    expect(await field.inputValue()).toBe('New folder');
    await field.fill(' ');
    await dialog.getByText('Can not create empty directory').waitFor();
    expect(await dialog.getByRole('button', { name: 'Create' }).isDisabled()).toBe(true);
    await field.fill('Projects');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast('Created new folder "Projects"').waitFor();
    await row('Projects').waitFor();
    expect(await exists('/Projects')).toBe(true);
  }, STEP_MS);

  it("a fast typist's first 'New folder': while the dialog's code loads, Tab does not leave for the page; the dialog then takes the keys and gives the focus back to New", async () => {
    // A fresh page: the dialog's code has never been fetched. It is held until the test lets it go.
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const fresh = await context.newPage();
    fresh.setDefaultTimeout(15_000);
    const freshProblems = watchPage(fresh);
    await signIn(fresh, server.url, PASSWORD);
    await fresh.locator('[role="row"][data-source$="/readme.txt"]').waitFor();
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let dialogCodeRequested = false;
    await fresh.route('**/*.js', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      // The New-folder dialog's chunk (its field's class name is in no other code).
      if (body.includes('files-new-folder__input')) {
        dialogCodeRequested = true;
        await released;
      }
      await route.fulfill({ response, body });
    });
    await fresh.getByRole('button', { name: 'New', exact: true }).click();
    await fresh.getByRole('menuitem', { name: 'New folder' }).click();
    await fresh.keyboard.press('Tab');
    const focused = () => fresh.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');
    // The stand-in holds the focus; 'Reload content' behind it did not get it.
    expect(await focused()).toBe('Loading');
    // The code was asked for when the menu opened, before 'New folder' was chosen.
    expect(dialogCodeRequested).toBe(true);
    release();
    const dialog = fresh.getByRole('dialog', { name: 'Create new folder' });
    const field = dialog.getByRole('textbox', { name: 'Folder name' });
    await field.waitFor();
    await fresh.waitForFunction(() => document.activeElement?.classList.contains('files-new-folder__input') === true);
    await fresh.keyboard.type('Typed fast');
    expect(await field.inputValue()).toBe('Typed fast');
    await fresh.keyboard.press('Enter');
    await fresh.locator('.files-toast', { hasText: 'Created new folder "Typed fast"' }).waitFor();
    expect(await exists('/Typed fast')).toBe(true);
    expect(await fresh.getByRole('button', { name: 'New', exact: true }).evaluate((element) => element === document.activeElement)).toBe(true);
    expect(freshProblems.pageErrors).toEqual([]);
    await context.close();
  }, STEP_MS);

  it('uploads several files through the picker', async () => {
    await goTo('/Incoming');
    await pick('Upload files', ['one.txt', 'two.txt', 'three.md'].map((name) => path.join(scratch, name)));
    await toast('Files uploaded successfully').waitFor();
    for (const name of ['one.txt', 'two.txt', 'three.md']) {
      await row(name).waitFor();
      expect(await (await dav('GET', `/Incoming/${name}`)).text()).toBe(`the content of ${name}\n`);
    }
  }, STEP_MS);

  it('uploads a folder tree through the picker, folders created before their files', async () => {
    await goTo('/Incoming');
    await pick('Upload folders', path.join(scratch, 'tree'));
    await toast('Files uploaded successfully').waitFor();
    await row('tree').waitFor();
    expect(await (await dav('GET', '/Incoming/tree/top.txt')).text()).toBe('top');
    expect(await (await dav('GET', '/Incoming/tree/sub/inner.txt')).text()).toBe('inner');
    expect(await (await dav('GET', '/Incoming/tree/sub/deeper/deep.txt')).text()).toBe('deep');
  }, STEP_MS);

  it('uploads a 300 MiB file in chunks, showing progress and time left; the server copy has the same SHA-1', async () => {
    await goTo('/Big');
    const chunkPuts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/remote.php/dav/uploads/admin/')) chunkPuts.push(request.url());
    });
    await pick('Upload files', bigFile);
    const bar = page.getByRole('progressbar', { name: 'Upload progress' });
    await bar.waitFor();
    await page.locator('.files-upload__time').filter({ hasText: /left|estimating/ }).waitFor();
    await shot('progress');
    await toast('Files uploaded successfully').waitFor({ timeout: BIG_STEP_MS - 20_000 });
    await row('big.bin').waitFor();
    expect(chunkPuts.length).toBe(30);
    expect(await serverSha1('/Big/big.bin')).toBe(bigSha1);
    expect(await workspaces()).toEqual([]);
  }, BIG_STEP_MS);

  it("pauses a large upload ('Pause uploads': the chunks under way are aborted, the bytes stop growing) and resumes it ('Resume uploads', those chunks sent again): the server copy has the same SHA-1", async () => {
    await goTo('/Paused');
    const chunkPuts: string[] = [];
    const onRequest = (request: { method(): string; url(): string }) => {
      if (request.method() === 'PUT' && request.url().includes('/remote.php/dav/uploads/admin/')) chunkPuts.push(request.url());
    };
    page.on('request', onRequest);
    await pick('Upload files', bigFile);
    const pause = page.getByRole('button', { name: 'Pause uploads' });
    await pause.click();
    await page.locator('.files-upload__time', { hasText: 'paused' }).waitFor();
    const bar = page.getByRole('progressbar', { name: 'Upload progress' });
    // The chunks in flight are aborted (what the server stored of them settles); then nothing more goes up.
    let stored = -1;
    for (let attempt = 0; attempt < 120; attempt += 1) {
      const now = await workspaceBytes();
      if (now === stored) break;
      stored = now;
      await page.waitForTimeout(1000);
    }
    const sent = chunkPuts.length;
    const shown = await bar.getAttribute('aria-valuenow');
    await page.waitForTimeout(3000);
    expect(await workspaceBytes()).toBe(stored);
    expect(chunkPuts.length).toBe(sent);
    expect(await bar.getAttribute('aria-valuenow')).toBe(shown);
    expect(stored).toBeLessThan(300 * MiB);
    expect(await exists('/Paused/big.bin')).toBe(false);
    await shot('paused');

    const resume = page.getByRole('button', { name: 'Resume uploads' });
    await resume.focus();
    await page.keyboard.press('Enter');
    await toast('Files uploaded successfully').waitFor({ timeout: BIG_STEP_MS - 60_000 });
    page.off('request', onRequest);
    // Every chunk went, those the pause aborted twice.
    expect(new Set(chunkPuts).size).toBe(30);
    expect(chunkPuts.length).toBeGreaterThanOrEqual(30);
    expect(await serverSha1('/Paused/big.bin')).toBe(bigSha1);
    expect(await workspaces()).toEqual([]);
  }, BIG_STEP_MS);

  it('cancels a large upload: nothing at the destination, the chunk workspace gone', async () => {
    await goTo('/Cancelled');
    await pick('Upload files', bigFile);
    const bar = page.getByRole('progressbar', { name: 'Upload progress' });
    await bar.waitFor();
    await page.waitForFunction(() => Number(document.querySelector('[aria-label="Upload progress"]')?.getAttribute('aria-valuenow') ?? 0) >= 5, undefined, { timeout: 60_000 });
    await page.getByRole('button', { name: 'Cancel uploads' }).click();
    await toast('Upload was cancelled by user').waitFor();
    await bar.waitFor({ state: 'detached' });
    // The workspace's DELETE follows the abort.
    for (let attempt = 0; attempt < 50 && (await workspaces()).length > 0; attempt += 1) await page.waitForTimeout(200);
    expect(await workspaces()).toEqual([]);
    expect(await exists('/Cancelled/big.bin')).toBe(false);
  }, BIG_STEP_MS);

  it('uploads files dropped from the desktop onto the list, without listing the folder on screen again', async () => {
    await goTo('/Dropped');
    await row('drop-1.txt').waitFor({ state: 'detached' });
    // The folder's PROPFINDs from the drop on: its Depth (0 for the folder alone, 1 for a listing).
    const folderUrl = `${server.url}/remote.php/dav/files/admin/Dropped`;
    const propfinds: string[] = [];
    const onRequest = (request: Request): void => {
      if (request.method() === 'PROPFIND' && request.url().replace(/\/+$/, '') === folderUrl) propfinds.push(`Depth ${request.headers()['depth'] ?? '?'}`);
    };
    page.on('request', onRequest);
    await page.evaluate(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['dropped one'], 'drop-1.txt', { type: 'text/plain' }));
      transfer.items.add(new File(['dropped two'], 'drop-2.txt', { type: 'text/plain' }));
      const target = document.querySelector('main') as HTMLElement;
      for (const type of ['dragenter', 'dragover', 'drop']) target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
    });
    await toast('Files uploaded successfully').waitFor();
    await row('drop-1.txt').waitFor();
    expect(await (await dav('GET', '/Dropped/drop-1.txt')).text()).toBe('dropped one');
    expect(await (await dav('GET', '/Dropped/drop-2.txt')).text()).toBe('dropped two');
    await row('drop-2.txt').waitFor();
    // Past the refetch an upload into the folder on screen once asked for (300 ms after the last).
    await page.waitForTimeout(1500);
    page.off('request', onRequest);
    // The folder alone, read again to see it still exists and takes uploads; its contents come
    // from the store (the engine's conflict check), and the uploaded files through the change
    // feed: no listing. Once: the drop, the engine and the refetch after the batch each listed it.
    expect(propfinds).toEqual(['Depth 0']);
  }, STEP_MS);

  it("lists an upload a reload interrupted with 'Resume', which continues from the stored chunks", async () => {
    await goTo('/Resumed');
    await pick('Upload files', bigFile);
    await page.getByRole('progressbar', { name: 'Upload progress' }).waitFor();
    await page.waitForFunction(() => Number(document.querySelector('[aria-label="Upload progress"]')?.getAttribute('aria-valuenow') ?? 0) >= 30, undefined, { timeout: 120_000 });
    await page.reload();
    const resume = page.getByRole('button', { name: 'Resume upload of "big.bin"' });
    await resume.waitFor();
    await shot('resume');
    const chunkPuts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/remote.php/dav/uploads/admin/')) chunkPuts.push(request.url());
    });
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), resume.click()]);
    await chooser.setFiles(bigFile);
    await toast('Files uploaded successfully').waitFor({ timeout: BIG_STEP_MS - 60_000 });
    // Chunks already on the server were not sent again.
    expect(chunkPuts.length).toBeLessThan(30);
    expect(await serverSha1('/Resumed/big.bin')).toBe(bigSha1);
    expect(await page.getByRole('button', { name: 'Resume upload of "big.bin"' }).count()).toBe(0);
  }, BIG_STEP_MS);

  it('keeps the breadcrumb beside the upload controls in a narrow window, and the focus on New after Cancel uploads', async () => {
    await page.setViewportSize({ width: 480, height: 800 });
    await goTo('/Holiday photos');
    // The PUTs are held, so the controls stay on screen while the test looks at them.
    const held: Route[] = [];
    await page.route('**/remote.php/dav/files/admin/Holiday%20photos/*', (route) => {
      if (route.request().method() === 'PUT') held.push(route);
      else void route.continue();
    });
    await pick('Upload files', [path.join(scratch, 'one.txt'), path.join(scratch, 'two.txt')]);
    await page.getByRole('button', { name: 'Cancel uploads' }).waitFor();
    await shot('narrow');
    // At 480 px the controls took the whole row and squeezed the breadcrumb to a 20 px sliver.
    const crumb = page.getByRole('navigation', { name: 'Current directory path' }).getByRole('button', { name: 'Holiday photos' });
    expect((await crumb.boundingBox())?.width ?? 0).toBeGreaterThan(60);

    await page.getByRole('button', { name: 'Cancel uploads' }).click();
    await page.getByRole('progressbar', { name: 'Upload progress' }).waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'New', exact: true }).evaluate((element) => element === document.activeElement)).toBe(true);
    await page.unroute('**/remote.php/dav/files/admin/Holiday%20photos/*');
    for (const route of held) await route.abort().catch(() => undefined);
    await page.setViewportSize({ width: 1400, height: 900 });
  }, STEP_MS);

  it("disables the New button with the quota label when the quota is used up", async () => {
    const used = (await server.server.built.files.getUsage('admin')).used;
    await server.server.built.accounts.users.setQuota('admin', used);
    await goTo('/');
    // The folder's rows may show at once from the kept listing; its fresh folder node (with the quota) follows.
    await page.getByRole('button', { name: 'New', exact: true, disabled: true }).waitFor({ timeout: 10_000 });
    const button = page.getByRole('button', { name: 'New', exact: true });
    expect(await button.isDisabled()).toBe(true);
    expect(await button.getAttribute('title')).toBe('Your have used your space quota and cannot upload files anymore');
    await shot('quota');
  }, STEP_MS);

  it('met no page errors', () => {
    expect(problems.pageErrors).toEqual([]);
  });
});
