/**
 * The viewer in headless Chromium against the real server, as a user meets it: a photo opened
 * from its row (the dialog named after it, "1 of 4", the openfile URL), zoom, the arrow keys
 * through a folder of mixed files in the list's order, Escape back to the list with the file's
 * row focused, a reload and Back; a Markdown file edited and saved with If-Match, then a
 * conflict with a change made elsewhere and "Keep both"; and the operator's switch
 * `plugins:disable viewer`: clicks fall back to a browser tab. One server, one browser.
 * Needs `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { startServer } from '../../../server/src/app';
import type { StartedServer } from '../../../server/src/app';
import { launchBrowser, watchPage } from '../../../tests/support/browser';
import type { PageProblems } from '../../../tests/support/browser';
import { E2E_DIST, E2E_OUTPUT, basicAuth, signIn } from '../../../tests/support/filesServer';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PASSWORD = 'viewer-e2e-password';
const AUTH = basicAuth('admin', PASSWORD);
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function cumulus(dataDir: string, ...args: string[]): Promise<number | null> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'server/bin/cumulus.js'), ...args], { cwd: ROOT, env: { ...process.env, CUMULUS_DATA_DIR: dataDir } });
    child.on('close', (code) => done(code));
  });
}

describe('the viewer in the browser', () => {
  let dataDir: string;
  let server: StartedServer;
  let port = 0;
  let browser: Browser;
  let page: Page;
  let problems: PageProblems;

  const start = async (): Promise<void> => {
    server = await startServer({ dataDir, port, adminPassword: PASSWORD, distDir: E2E_DIST });
    port = server.port;
  };
  const dav = (method: string, file: string, body?: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/remote.php/dav/files/admin${file.split('/').map(encodeURIComponent).join('/')}`, { method, headers: { authorization: AUTH, ...headers }, body: body === undefined || typeof body === 'string' ? body : new Uint8Array(body) });
  const row = (name: string): Locator => page.locator(`[role="row"][data-source$="/${encodeURIComponent(name)}"]`);
  const viewer = (): Locator => page.locator('.files-viewer');
  const openMixed = async () => {
    await page.goto(`${server.url}/apps/files/files?dir=/Mixed`);
    await row('a-photo.png').waitFor();
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cumulus-e2e-viewer-'));
    await start();
    expect((await dav('MKCOL', '/Mixed')).status).toBe(201);
    expect((await dav('PUT', '/Mixed/a-photo.png', PNG)).status).toBe(201);
    expect((await dav('PUT', '/Mixed/b-notes.txt', 'first line\nsecond line')).status).toBe(201);
    expect((await dav('PUT', '/Mixed/c-plan.md', '# Plan\n')).status).toBe(201);
    expect((await dav('PUT', '/Mixed/d-data.bin', new Uint8Array([0, 1, 2, 3]))).status).toBe(201);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.setDefaultTimeout(15_000);
    problems = watchPage(page);
    await signIn(page, server.url, PASSWORD);
    await openMixed();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens a photo from its row in a named dialog, zooms, steps with the keys and closes back to the row', async () => {
    await row('a-photo.png').locator('.files-name').click();
    const dialog = page.getByRole('dialog', { name: 'a-photo.png' });
    await dialog.waitFor();
    expect(new URL(page.url()).search).toContain('openfile=true');
    expect(new URL(page.url()).pathname).toMatch(/^\/apps\/files\/files\/\d+$/);
    await expect(dialog.locator('.files-viewer__position').textContent()).resolves.toBe('1 of 4');
    await dialog.locator('.viewer-image img').waitFor();
    await dialog.getByRole('button', { name: 'Zoom in' }).click();
    await expect(dialog.locator('.viewer-image').getAttribute('data-zoom')).resolves.toBe('1.25');
    await page.keyboard.press('+');
    await expect(dialog.locator('.viewer-image').getAttribute('data-zoom')).resolves.toBe('1.5625');
    await page.screenshot({ path: path.join(E2E_OUTPUT, 'viewer-image.png') });

    await page.keyboard.press('ArrowRight');
    const text = page.getByRole('dialog', { name: 'b-notes.txt' });
    await text.locator('.viewer-text__lines span', { hasText: 'second line' }).waitFor();
    await expect(text.locator('.files-viewer__position').textContent()).resolves.toBe('2 of 4');
    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: 'c-plan.md' }).waitFor();
    await page.keyboard.press('ArrowRight');
    const other = page.getByRole('dialog', { name: 'd-data.bin' });
    await other.getByText('There is no preview for this file.').waitFor();
    await expect(other.getByRole('link', { name: 'Download' }).count()).resolves.toBe(2);
    // Round again: after the last comes the first; Left goes back.
    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: 'a-photo.png' }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await other.waitFor();

    await page.keyboard.press('Escape');
    await viewer().waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).not.toContain('openfile');
    await page.waitForFunction(() => document.activeElement?.closest('[role="row"]')?.getAttribute('data-source')?.endsWith('/d-data.bin') === true);
  }, 60_000);

  it('reopens over its folder on a reload of the openfile URL, and Back closes it', async () => {
    await row('b-notes.txt').locator('.files-name').click();
    await page.getByRole('dialog', { name: 'b-notes.txt' }).waitFor();
    await page.reload();
    await page.getByRole('dialog', { name: 'b-notes.txt' }).locator('.viewer-text__lines span', { hasText: 'first line' }).waitFor();
    await row('a-photo.png').waitFor({ state: 'attached' });
    await page.goBack();
    await viewer().waitFor({ state: 'detached' });
    await row('a-photo.png').waitFor();
  }, 60_000);

  it('edits a Markdown file and saves it; a change made elsewhere meanwhile is a conflict, and Keep both saves beside', async () => {
    await openMixed();
    await row('c-plan.md').locator('.files-name').click();
    const dialog = page.getByRole('dialog', { name: 'c-plan.md' });
    await dialog.getByRole('button', { name: 'Edit' }).click();
    const editor = dialog.getByRole('textbox', { name: 'Edit c-plan.md' });
    await editor.fill('# Plan\n\nStep one\n');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await expect((await dav('GET', '/Mixed/c-plan.md')).text()).resolves.toBe('# Plan\n\nStep one\n');

    // Another tab (here: WebDAV) changes the file; this editor's save must not overwrite it.
    expect((await dav('PUT', '/Mixed/c-plan.md', '# Plan by someone else\n')).status).toBe(204);
    await editor.fill('# Plan\n\nStep two\n');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const conflict = dialog.getByRole('alert').filter({ hasText: 'This file was changed elsewhere since you opened it.' });
    await conflict.waitFor();
    await expect((await dav('GET', '/Mixed/c-plan.md')).text()).resolves.toBe('# Plan by someone else\n');
    await page.screenshot({ path: path.join(E2E_OUTPUT, 'viewer-conflict.png') });
    await conflict.getByRole('button', { name: 'Keep both' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Saved as c-plan (edited).md' }).waitFor();
    await expect((await dav('GET', '/Mixed/c-plan (edited).md')).text()).resolves.toBe('# Plan\n\nStep two\n');
    await expect((await dav('GET', '/Mixed/c-plan.md')).text()).resolves.toBe('# Plan by someone else\n');

    // Unsaved edits are not lost to Escape: the app asks first.
    await editor.fill('unsaved');
    await page.keyboard.press('Escape');
    const ask = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: 'Unsaved changes' }));
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(editor.inputValue()).resolves.toBe('unsaved');
    await page.keyboard.press('Escape');
    await ask.getByRole('button', { name: 'Leave without saving' }).click();
    await viewer().waitFor({ state: 'detached' });
  }, 60_000);

  it('plugins:disable viewer: a click hands the file to a browser tab, as before', async () => {
    expect(problems.pageErrors).toEqual([]);
    await server.close();
    expect(await cumulus(dataDir, 'plugins:disable', 'viewer')).toBe(0);
    await start();
    await openMixed();
    const popup = page.waitForEvent('popup');
    await row('b-notes.txt').locator('.files-name').click();
    const tab = await popup;
    await tab.waitForURL(/b-notes\.txt/);
    expect(tab.url()).toContain('/remote.php/dav/files/admin/Mixed/b-notes.txt');
    await tab.close();
    await expect(viewer().count()).resolves.toBe(0);
  }, 90_000);
});
