/**
 * What the upload progress and the list's footer say, against the real
 * server in headless Chromium: the bar keeps the progress colour above 80 %
 * and at 100 % (the error colour only when a file failed); the counter
 * counts the batch's files from its start, while the conflict dialog waits,
 * in the singular for one; Pause stops the PUT under way (the bar shows what
 * the server holds) and Resume sends it again; the footer's total size
 * follows a filter, a delete, a restore and another client's PUT; at 400 and 1024 px
 * the upload controls keep one row with Reload; at 1280 px the trash's
 * Deleted date keeps one line. The PUTs are held by routes, so what is on
 * screen stays while the test looks. Needs the built front end
 * (`npm run build`). Screenshots go to tests/output/.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page, Route } from 'playwright-core';
import { launchBrowser, watchPage } from '../support/browser';
import type { PageProblems } from '../support/browser';
import { E2E_OUTPUT, signIn, startFilesServer } from '../support/filesServer';
import type { FilesServer } from '../support/filesServer';

const PASSWORD = 'upload-progress-e2e-password';
const STEP_MS = 30_000;

describe('upload progress, footer total and narrow layouts in the browser', () => {
  let server: FilesServer;
  let browser: Browser;
  let page: Page;
  let problems: PageProblems;
  let scratch: string;

  const dav = (method: string, target: string, body?: string) => server.dav(method, target, body);
  const exists = async (target: string) => (await dav('PROPFIND', target)).status === 207;
  const row = (name: string): Locator => page.locator(`[role="row"][data-source$="/${encodeURIComponent(name)}"]`);
  const toast = (text: string): Locator => page.locator('.files-toast', { hasText: text });
  const shot = (name: string) => page.screenshot({ path: path.join(E2E_OUTPUT, `files-upload-progress-${name}.png`) });
  const bar = () => page.getByRole('progressbar', { name: 'Upload progress' });
  const footerSize = () => page.locator('.files-row--foot .files-cell--size');
  const file = (name: string) => path.join(scratch, name);
  const goTo = async (dir: string) => {
    await page.goto(`${server.url}/apps/files/files?dir=${dir}`);
    await page.getByRole('button', { name: 'New', exact: true }).waitFor();
  };
  const pick = async (files: string[]) => {
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      (async () => {
        await page.getByRole('button', { name: 'New', exact: true }).click();
        await page.getByRole('menuitem', { name: 'Upload files' }).click();
      })(),
    ]);
    await chooser.setFiles(files);
  };
  /** Holds the PUTs into `folder` (answers `answer(name)` at once when it gives a status); returns the held routes. */
  const holdPuts = async (folder: string, answer: (name: string) => number | null = () => null) => {
    const held: Route[] = [];
    const pattern = `**/remote.php/dav/files/admin/${encodeURIComponent(folder)}/*`;
    await page.route(pattern, (route) => {
      if (route.request().method() !== 'PUT') return void route.continue();
      const status = answer(decodeURIComponent(route.request().url().split('/').pop() ?? ''));
      if (status === null) held.push(route);
      else void route.fulfill({ status, body: '' });
    });
    return {
      held,
      release: async () => {
        await page.unroute(pattern);
        for (const route of held.splice(0)) await route.continue().catch(() => undefined);
      },
      /** Lets the held PUT of `name` go. */
      releaseOne: async (name: string) => {
        const at = held.findIndex((route) => route.request().url().endsWith(`/${encodeURIComponent(name)}`));
        const [route] = held.splice(at, 1);
        await route?.continue();
      },
      drop: async () => {
        await page.unroute(pattern);
        for (const route of held.splice(0)) await route.abort().catch(() => undefined);
      },
    };
  };
  const percent = async () => Number(await bar().getAttribute('aria-valuenow'));
  const hasErrorColour = async () => ((await bar().getAttribute('class')) ?? '').includes('files-upload__bar--error');
  const counter = () => page.locator('.files-upload__toggle');

  beforeAll(async () => {
    server = await startFilesServer({ name: 'upload-progress', adminPassword: PASSWORD, config: { throttleDelayMs: 0 } });
    for (const folder of ['/Colour', '/Failing', '/Counted', '/Paused', '/Footer', '/Live', '/Narrow-400', '/Narrow-1024']) expect((await dav('MKCOL', folder)).status).toBe(201);
    expect((await dav('PUT', '/Counted/taken.txt', 'already here')).status).toBe(201);
    for (const [name, size] of [
      ['/Footer/a.txt', 20],
      ['/Footer/b.txt', 38],
      ['/Footer/c.bin', 3000],
      ['/Live/a.txt', 20],
      ['/Live/b.txt', 38],
      ['/gone.txt', 10],
    ] as const) {
      expect((await dav('PUT', name, 'x'.repeat(size))).status).toBe(201);
    }
    // An item of the trash, for its Deleted date.
    expect((await dav('DELETE', '/gone.txt')).status).toBe(204);
    scratch = mkdtempSync(path.join(tmpdir(), 'cumulus-upload-progress-e2e-'));
    for (const name of ['one.txt', 'two.txt', 'taken.txt', 'fresh.txt', 'alone.txt']) writeFileSync(file(name), `the content of ${name}\n`.repeat(20));
    // 90 % and 10 % of the bytes, and an empty file: the bar stands at 90 % and at 100 % while one is held.
    writeFileSync(file('most.bin'), Buffer.alloc(9000, 1));
    writeFileSync(file('rest.bin'), Buffer.alloc(1000, 2));
    writeFileSync(file('empty.bin'), Buffer.alloc(0));

    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.setDefaultTimeout(15_000);
    problems = watchPage(page);
    await signIn(page, server.url, PASSWORD);
    await row('Footer').waitFor();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('keeps the progress colour above 80 % and at 100 % of a healthy upload, then says it succeeded', async () => {
    await goTo('/Colour');
    const puts = await holdPuts('Colour');
    await pick([file('most.bin'), file('rest.bin'), file('empty.bin')]);
    for (let waited = 0; puts.held.length < 3 && waited < 10_000; waited += 100) await page.waitForTimeout(100);
    expect(puts.held).toHaveLength(3);
    // The 9000 of 10,000 bytes are up: 90 %, above the quota bar's warning line.
    await puts.releaseOne('most.bin');
    await page.waitForFunction(() => document.querySelector('[aria-label="Upload progress"]')?.getAttribute('aria-valuenow') === '90');
    await shot('healthy-90');
    expect(await hasErrorColour()).toBe(false);
    // All the bytes are up, the empty file waits for its answer: 100 %.
    await puts.releaseOne('rest.bin');
    await page.waitForFunction(() => document.querySelector('[aria-label="Upload progress"]')?.getAttribute('aria-valuenow') === '100');
    await shot('healthy-100');
    expect(await percent()).toBe(100);
    expect(await hasErrorColour()).toBe(false);
    await puts.release();
    await toast('Files uploaded successfully').waitFor();
    // While it stays on screen beside the success, the bar is not red.
    if ((await bar().count()) > 0) expect(await hasErrorColour()).toBe(false);
  }, STEP_MS);

  it('takes the error colour when a file failed', async () => {
    await goTo('/Failing');
    const puts = await holdPuts('Failing', (name) => (name === 'one.txt' ? 507 : null));
    await pick([file('one.txt'), file('two.txt')]);
    await page.locator('.files-upload__toggle', { hasText: '1 of 2 files' }).waitFor();
    expect(await hasErrorColour()).toBe(true);
    await puts.release();
    await toast('Not enough free space').waitFor();
  }, STEP_MS);

  it("counts the batch's files from its start: '0 of 2 files' while the conflict dialog waits, then '0 of 1 file' after a skip", async () => {
    await goTo('/Counted');
    const puts = await holdPuts('Counted');
    await pick([file('taken.txt'), file('fresh.txt')]);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Skip this file' }).waitFor();
    await bar().waitFor();
    await shot('conflict-counter');
    expect((await counter().textContent())?.trim()).toBe('0 of 2 files');
    await dialog.getByRole('button', { name: 'Skip this file' }).click();
    await page.locator('.files-upload__toggle', { hasText: '0 of 1 file' }).waitFor();
    expect((await counter().textContent())?.trim()).toBe('0 of 1 file');
    expect(await page.locator('[data-upload-announcement]').textContent()).toBe('0 of 1 file');
    await puts.release();
    await toast('Files uploaded successfully').waitFor();
    expect(await exists('/Counted/fresh.txt')).toBe(true);
  }, STEP_MS);

  it("pause stops the PUT under way: the bar and the counter show what the server holds, nothing arrives; Resume sends it again", async () => {
    await goTo('/Paused');
    const sent: string[] = [];
    const onRequest = (request: { method(): string; url(): string }) => {
      if (request.method() === 'PUT' && request.url().endsWith('/alone.txt')) sent.push(request.url());
    };
    page.on('request', onRequest);
    const puts = await holdPuts('Paused');
    await pick([file('alone.txt')]);
    for (let waited = 0; puts.held.length === 0 && waited < 10_000; waited += 100) await page.waitForTimeout(100);
    expect(puts.held).toHaveLength(1);
    await page.getByRole('button', { name: 'Pause uploads' }).click();
    await page.locator('.files-upload__time', { hasText: 'paused' }).waitFor();
    // Let whatever is still held go: a pause that let the PUT run on would now finish the file.
    await puts.release();
    await page.waitForTimeout(1500);
    await shot('paused');
    expect(await exists('/Paused/alone.txt')).toBe(false);
    expect(await percent()).toBe(0);
    expect((await counter().textContent())?.trim()).toBe('0 of 1 file');
    expect(await page.locator('.files-upload__time').textContent()).toBe('paused');
    expect(sent).toHaveLength(1);

    await page.getByRole('button', { name: 'Resume uploads' }).click();
    await toast('Files uploaded successfully').waitFor();
    page.off('request', onRequest);
    expect(sent).toHaveLength(2);
    expect(await (await dav('GET', '/Paused/alone.txt')).text()).toBe('the content of alone.txt\n'.repeat(20));
  }, STEP_MS);

  it("the footer's total size is the sum of the nodes shown: with a filter", async () => {
    await goTo('/Footer');
    await row('c.bin').waitFor();
    expect(await footerSize().textContent()).toBe('3 KB');
    await page.getByPlaceholder('Filter filenames…').fill('.txt');
    await row('c.bin').waitFor({ state: 'detached' });
    expect(await footerSize().textContent()).toBe('58 B');
    await page.getByPlaceholder('Filter filenames…').fill('');
    await row('c.bin').waitFor();
    expect(await footerSize().textContent()).toBe('3 KB');
  }, STEP_MS);

  it("the footer's total size follows a delete and a restore", async () => {
    await goTo('/Footer');
    await row('c.bin').getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
    await row('c.bin').waitFor({ state: 'detached' });
    await page.locator('.files-row--foot .files-cell--size', { hasText: '58 B' }).waitFor({ timeout: 5000 });

    await row('b.txt').getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
    await row('b.txt').waitFor({ state: 'detached' });
    await page.locator('.files-row--foot .files-cell--size', { hasText: '20 B' }).waitFor({ timeout: 5000 });

    await page.locator('[data-view-id="trashbin"]').getByRole('link').first().click();
    await page.getByRole('heading', { level: 1, name: 'Deleted files' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'b.txt' }).getByRole('button', { name: 'Restore' }).click();
    await toast('"Restore" action executed successfully').waitFor();
    await goTo('/Footer');
    await row('b.txt').waitFor();
    await page.locator('.files-row--foot .files-cell--size', { hasText: '58 B' }).waitFor({ timeout: 5000 });
    expect(await footerSize().textContent()).toBe('58 B');
  }, STEP_MS);

  it("the footer's total size follows another client's PUT arriving through the change feed", async () => {
    await goTo('/Live');
    await row('b.txt').waitFor();
    expect(await footerSize().textContent()).toBe('58 B');
    expect((await dav('PUT', '/Live/d.txt', 'y'.repeat(5000))).status).toBe(201);
    await row('d.txt').waitFor({ timeout: 10_000 });
    await page.locator('.files-row--foot .files-cell--size', { hasText: '5 KB' }).waitFor({ timeout: 5000 });
    expect(await footerSize().textContent()).toBe('5 KB');
  }, STEP_MS);

  it.each([400, 1024])('at %i px the upload controls keep one row beside New, and Reload stays on screen', async (width) => {
    await page.setViewportSize({ width, height: 800 });
    await goTo(`/Narrow-${width}`);
    const puts = await holdPuts(`Narrow-${width}`);
    await pick([file('one.txt'), file('two.txt')]);
    await bar().waitFor();
    await page.waitForTimeout(400);
    await shot(`narrow-${width}`);
    const reload = page.getByRole('button', { name: 'Reload content' });
    expect(await reload.isVisible()).toBe(true);
    const boxes = {
      new: await page.getByRole('button', { name: 'New', exact: true }).boundingBox(),
      bar: await bar().boundingBox(),
      counter: await counter().boundingBox(),
      pause: await page.getByRole('button', { name: 'Pause uploads' }).boundingBox(),
      cancel: await page.getByRole('button', { name: 'Cancel uploads' }).boundingBox(),
      reload: await reload.boundingBox(),
    };
    for (const [name, box] of Object.entries(boxes)) {
      expect([name, box === null]).toEqual([name, false]);
      const value = box as { x: number; y: number; width: number; height: number };
      // Inside the window, and centred on the New button's line.
      expect([name, value.x >= 0 && value.x + value.width <= width]).toEqual([name, true]);
      const middle = value.y + value.height / 2;
      const newMiddle = (boxes.new?.y ?? 0) + (boxes.new?.height ?? 0) / 2;
      expect([name, Math.abs(middle - newMiddle) <= 4]).toEqual([name, true]);
    }
    await page.getByRole('button', { name: 'Cancel uploads' }).click();
    await bar().waitFor({ state: 'detached' });
    await puts.drop();
    await page.setViewportSize({ width: 1400, height: 900 });
  }, STEP_MS);

  it("at 1280 px the trash's Deleted date keeps one line, as its neighbours", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.locator('[data-view-id="trashbin"]').getByRole('link').first().click();
    await page.getByRole('heading', { level: 1, name: 'Deleted files' }).waitFor();
    const trashRow = page.getByRole('row').filter({ hasText: 'gone.txt' });
    await trashRow.waitFor();
    await page.waitForTimeout(300);
    await shot('trash-1280');
    const heightOf = (id: string) => trashRow.locator(`.files-cell--column-${id} > *`).evaluate((element) => element.getBoundingClientRect().height);
    const lineHeight = await trashRow.locator('.files-cell--column-deleted > *').evaluate((element) => {
      const style = getComputedStyle(element);
      return style.lineHeight === 'normal' ? Number.parseFloat(style.fontSize) * 1.4 : Number.parseFloat(style.lineHeight);
    });
    const deleted = await heightOf('deleted');
    expect(deleted).toBeLessThanOrEqual(lineHeight + 1);
    expect(deleted).toBeLessThanOrEqual((await heightOf('deleted-by')) + 1);
    // Not cut either: the text fits its cell.
    const fits = await trashRow.locator('.files-cell--column-deleted > *').evaluate((element) => element.scrollWidth <= element.clientWidth);
    expect(fits).toBe(true);
    await page.setViewportSize({ width: 1400, height: 900 });
  }, STEP_MS);

  it('met no page errors', () => {
    expect(problems.pageErrors).toEqual([]);
  });
});
