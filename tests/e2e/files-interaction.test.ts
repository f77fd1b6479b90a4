/**
 * Selecting, the keyboard and drag and drop on the Files screen, against the
 * real server in headless Chromium, as a user does them: sign in, select a
 * range with shift-click (the batch bar appears), move through the list with
 * the arrows, select with Space, open a folder with Enter and come back with
 * alt+Up, read the '?' shortcuts help, and drag a file onto a folder, then
 * another with Ctrl held, checking the server through WebDAV. Needs the
 * built front end (`npm run build`; CUMULUS_E2E_DIST points elsewhere).
 * Screenshots go to tests/output/.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, watchPage } from '../support/browser';
import type { PageProblems } from '../support/browser';
import { E2E_OUTPUT, signIn, startFilesServer } from '../support/filesServer';
import type { FilesServer } from '../support/filesServer';

const PASSWORD = 'interaction-e2e-password';
/** Time for one browser step (a few round trips and renders). */
const STEP_MS = 20_000;

describe('selection, keyboard and drag and drop in the browser', () => {
  let server: FilesServer;
  let browser: Browser;
  let page: Page;
  let problems: PageProblems;

  const dav = (method: string, file: string, body?: string) => server.dav(method, file, body);
  const exists = async (file: string) => (await dav('PROPFIND', file)).status === 207;
  const row = (name: string): Locator => page.locator(`[role="row"][data-source$="/${encodeURIComponent(name)}"]`);
  const checkbox = (name: string): Locator => page.getByRole('checkbox', { name: `Toggle selection for file "${name}"` });
  const selectedNames = () => page.locator('[role="row"][aria-selected="true"] .files-name').allTextContents();
  const focusedName = () => page.evaluate(() => document.activeElement?.querySelector('.files-name')?.textContent ?? null);
  const toast = (text: string): Locator => page.locator('.files-toast', { hasText: text });
  const shot = (name: string) => page.screenshot({ path: path.join(E2E_OUTPUT, `files-interaction-${name}.png`) });

  beforeAll(async () => {
    server = await startFilesServer({ name: 'interaction', adminPassword: PASSWORD });
    for (const folder of ['/Inbox', '/Target']) expect((await dav('MKCOL', folder)).status).toBe(201);
    const files = ['alpha.txt', 'beta.txt', 'delta.txt', 'drag-copy.txt', 'drag-move.txt', 'gamma.txt', 'zz-hotkeys.txt', 'Inbox/inside.txt'];
    for (const file of files) expect((await dav('PUT', `/${file}`, `content of ${file}`)).status).toBe(201);

    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    problems = watchPage(page);
    await signIn(page, server.url, PASSWORD);
    await row('alpha.txt').waitFor();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('selects a range with shift-click, shows the batch bar, and clears with Escape', async () => {
    await checkbox('alpha.txt').click();
    await checkbox('delta.txt').click({ modifiers: ['Shift'] });
    // Folders first, then files in natural order: alpha, beta, delta.
    expect(await selectedNames()).toEqual(['alpha.txt', 'beta.txt', 'delta.txt']);
    const bar = page.getByRole('toolbar', { name: 'Batch actions' });
    await bar.getByText('3 selected').waitFor();
    expect(await page.getByRole('checkbox', { name: 'Toggle selection for all files and folders' }).getAttribute('aria-checked')).toBe('mixed');
    await shot('range-selected');
    await checkbox('delta.txt').press('Escape');
    await bar.waitFor({ state: 'detached' });
    expect(await selectedNames()).toEqual([]);
  }, STEP_MS);

  it('moves with the arrows, selects with Space, opens with Enter and goes back with alt+Up', async () => {
    // Keys pressed anywhere but in a field reach the list; the active row is the last one touched (delta.txt).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('ArrowDown');
    expect(await focusedName()).toBe('drag-copy.txt');
    await page.keyboard.press('Home');
    expect(await focusedName()).toBe('Inbox');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await focusedName()).toBe('alpha.txt');
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+Space');
    expect(await selectedNames()).toEqual(['alpha.txt', 'beta.txt']);
    await shot('keyboard');
    await page.keyboard.press('Escape');
    expect(await selectedNames()).toEqual([]);
    await page.keyboard.press('Control+a');
    expect((await selectedNames()).length).toBe(9);
    await page.keyboard.press('Escape');
    for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowUp');
    expect(await focusedName()).toBe('Inbox');
    await page.keyboard.press('Enter');
    await row('inside.txt').waitFor();
    expect(new URL(page.url()).searchParams.get('dir')).toBe('/Inbox');
    await page.keyboard.press('Alt+ArrowUp');
    await row('alpha.txt').waitFor();
    expect(new URL(page.url()).searchParams.get('dir')).toBe('/');
  }, STEP_MS);

  it("runs the file actions' hotkeys on the active row: D details, F2 rename, Delete", async () => {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('End');
    expect(await focusedName()).toBe('zz-hotkeys.txt');
    await page.keyboard.press('d');
    const sidebar = page.getByRole('complementary', { name: 'Details of "zz-hotkeys.txt"' });
    await sidebar.waitFor();
    await sidebar.getByRole('button', { name: 'Close sidebar' }).click();
    await sidebar.waitFor({ state: 'detached' });
    await row('zz-hotkeys.txt').focus();
    await page.keyboard.press('F2');
    const field = row('zz-hotkeys.txt').getByRole('textbox', { name: 'Filename' });
    await field.waitFor();
    // Keys typed in the field are not shortcuts: Space and V go into the name.
    await field.fill('zz-hotkeys');
    await field.pressSequentially(' renamed v.txt');
    expect(await page.locator('.files-list').getAttribute('data-layout')).toBe('list');
    await field.press('Enter');
    await row('zz-hotkeys renamed v.txt').waitFor();
    expect(await exists('/zz-hotkeys renamed v.txt')).toBe(true);
    await row('zz-hotkeys renamed v.txt').focus();
    await page.keyboard.press('Delete');
    await row('zz-hotkeys renamed v.txt').waitFor({ state: 'detached' });
    expect(await exists('/zz-hotkeys renamed v.txt')).toBe(false);
  }, STEP_MS);

  it("lists the shortcuts with '?', including the file actions' hotkeys, in a dialog that Escape closes", async () => {
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    for (const keys of ['Ctrl+A', 'Alt+↑', 'F2', 'Delete', 'D']) await dialog.locator('kbd', { hasText: new RegExp(`^${keys.replace('+', '\\+')}$`) }).waitFor();
    await shot('shortcuts');
    // The list does not react behind the dialog: V would switch to the grid.
    await page.keyboard.press('v');
    expect(await page.locator('.files-list').getAttribute('data-layout')).toBe('list');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }, STEP_MS);

  it('moves a file dragged onto a folder, and copies one dragged with Ctrl held', async () => {
    const target = row('Target');
    // By hand, to see the drop target highlighted while hovering.
    await row('drag-move.txt').locator('.files-name').hover();
    await page.mouse.down();
    const box = await target.boundingBox();
    if (box === null) throw new Error('No Target row');
    await page.mouse.move(box.x + box.width / 3, box.y + box.height / 2, { steps: 8 });
    // Headless Chromium sends dragover only when the mouse moves: one more move over the folder.
    await page.mouse.move(box.x + box.width / 3 + 4, box.y + box.height / 2);
    await page.waitForSelector('[role="row"].files-row--drop-target');
    await shot('drag-over-folder');
    await page.mouse.up();
    await toast('Files moved successfully').waitFor();
    await row('drag-move.txt').waitFor({ state: 'detached' });
    expect(await exists('/Target/drag-move.txt')).toBe(true);
    expect(await exists('/drag-move.txt')).toBe(false);

    await page.keyboard.down('Control');
    await row('drag-copy.txt').locator('.files-name').dragTo(target.locator('.files-name'));
    await page.keyboard.up('Control');
    await toast('Files copied successfully').waitFor();
    expect(await exists('/Target/drag-copy.txt')).toBe(true);
    expect(await exists('/drag-copy.txt')).toBe(true);
  }, STEP_MS);

  it('drags the selection as a whole and refuses a drop onto a file', async () => {
    await checkbox('beta.txt').click();
    await checkbox('gamma.txt').click();
    await row('gamma.txt').locator('.files-name').dragTo(row('alpha.txt').locator('.files-name'));
    // A file is no drop target: nothing moved, the selection stays.
    expect(await selectedNames()).toEqual(['beta.txt', 'gamma.txt']);
    await row('gamma.txt').locator('.files-name').dragTo(row('Inbox').locator('.files-name'));
    await toast('Files moved successfully').nth(0).waitFor();
    await row('gamma.txt').waitFor({ state: 'detached' });
    expect(await exists('/Inbox/beta.txt')).toBe(true);
    expect(await exists('/Inbox/gamma.txt')).toBe(true);
    expect(await exists('/alpha.txt')).toBe(true);
    expect(await selectedNames()).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
  }, STEP_MS);
});
