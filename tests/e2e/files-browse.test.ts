/**
 * The Files screen's core flows against the real server in headless
 * Chromium, as a new user meets them: sign in through the /login form, browse
 * into folders and back by breadcrumb, sort by each column, filter, switch to
 * the grid (kept after a reload), the empty folder, a folder that does not
 * exist, and a file id that is not in the list. Needs `npm run build` first
 * (`npm test` does it); `CUMULUS_E2E_DIST` points at another build.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { launchBrowser, watchPage } from '../support/browser';
import type { PageProblems } from '../support/browser';
import { E2E_OUTPUT, startFilesServer } from '../support/filesServer';
import type { FilesServer } from '../support/filesServer';

const ADMIN_PASSWORD = 'admin-password';
const DAY = 24 * 3600;

// Each step drives a real browser against a real server.
jest.setTimeout(30_000);

/** A gradient picture, so previews show something real. */
function picture(width: number, height: number, from: [number, number, number], to: [number, number, number]): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const mix = (x / width + y / height) / 2;
      for (let channel = 0; channel < 3; channel += 1) pixels[(y * width + x) * 3 + channel] = Math.round(from[channel]! + (to[channel]! - from[channel]!) * mix);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
}

/** The root's files as seeded: name, bytes, age in days. */
interface SeededFile {
  name: string;
  body: Buffer;
  ageDays: number;
}

describe('browsing files in the browser', () => {
  let server: FilesServer;
  let browser: Browser;
  let page: Page;
  let problems: PageProblems;
  let rootFiles: SeededFile[];

  /** WebDAV as admin, with Basic auth, for seeding. */
  const dav = async (method: string, davPath: string, body?: Buffer, headers: Record<string, string> = {}) => {
    const response = await server.dav(method, davPath, body, headers);
    if (response.status >= 300) throw new Error(`${method} ${davPath} answered ${response.status}`);
  };
  const put = (davPath: string, body: Buffer, ageDays: number) => dav('PUT', davPath, body, { 'X-OC-Mtime': String(Math.floor(Date.now() / 1000 - ageDays * DAY)) });

  /** The names of the listed nodes of `type`, in display order. */
  const listed = (type?: 'file' | 'folder') =>
    page.locator(type === undefined ? '[data-source]' : `[data-source][data-type="${type}"]`).evaluateAll((nodes) =>
      nodes.map((node) => (node.querySelector('.files-name, .files-grid-cell__name')?.textContent ?? '').trim()),
    );
  const row = (name: string) => page.locator('[role="row"][data-source]').filter({ has: page.locator('.files-name', { hasText: name }) });
  const dirOf = () => new URL(page.url()).searchParams.get('dir');
  const breadcrumbs = () => page.getByRole('navigation', { name: 'Current directory path' });

  beforeAll(async () => {
    server = await startFilesServer({ name: 'browse', adminPassword: ADMIN_PASSWORD, config: { throttleDelayMs: 0 } });

    for (const folder of ['/Documents', '/Photos', '/Projects', '/Projects/Website', '/Music', '/Archive', '/.config']) await dav('MKCOL', folder);
    rootFiles = [
      { name: 'Readme.md', body: Buffer.from('# Welcome to Cumulus\n\nYour files, your server.\n'), ageDays: 0.1 },
      { name: 'Budget 2024.ods', body: Buffer.alloc(48_213, 7), ageDays: 40 },
      { name: 'Holiday plan.pdf', body: Buffer.alloc(352_000, 1), ageDays: 3 },
      { name: 'Sunset.jpg', body: await picture(480, 320, [255, 140, 60], [90, 40, 140]), ageDays: 10 },
    ];
    for (const file of rootFiles) await put(`/${file.name}`, file.body, file.ageDays);
    await put('/.hidden-notes', Buffer.from('secret'), 1);
    await put('/Documents/Report 2024.pdf', Buffer.alloc(1_250_000, 2), 12);
    await put('/Documents/Meeting notes.md', Buffer.from('- agenda\n'), 2);
    await put('/Photos/Lake.jpg', await picture(640, 427, [40, 120, 200], [20, 200, 160]), 60);
    await put('/Projects/Website/index.html', Buffer.from('<!doctype html><title>Hi</title>'), 5);
    await put('/Music/Playlist.m3u', Buffer.from('#EXTM3U\n'), 90);

    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    problems = watchPage(page);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('signs in through the /login form and lands on All files, with heading, title and the seeded rows', async () => {
    await page.goto(`${server.url}/apps/files/`);
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByLabel('Login').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await row('Readme.md').waitFor();
    expect(new URL(page.url()).pathname).toBe('/apps/files/files');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('All files');
    await expect(page.title()).resolves.toBe('All files - Cumulus Files');
    // Folders first, then files, naturally by name; the dot file stays hidden (show_hidden off).
    await expect(listed()).resolves.toEqual(['Archive', 'Documents', 'Music', 'Photos', 'Projects', 'Budget 2024.ods', 'Holiday plan.pdf', 'Readme.md', 'Sunset.jpg']);
    await page.getByText('4 files and 5 folders').waitFor();
    // No share button without a sharing app; the New button is there and usable: uploads and 'New folder' are built in (product §2).
    await expect(page.getByRole('button', { name: /^Share/ }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'New', exact: true }).isDisabled()).resolves.toBe(false);
    // Let the previews arrive before the picture is taken.
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(E2E_OUTPUT, 'files-list-1400.png') });
  });

  it('browses into folders and back by breadcrumb; the current crumb reloads', async () => {
    await row('Projects').locator('.files-name').click();
    await row('Website').waitFor();
    expect(dirOf()).toBe('/Projects');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Projects - All files');
    await row('Website').locator('.files-name').click();
    await row('index.html').waitFor();
    expect(dirOf()).toBe('/Projects/Website');
    await expect(breadcrumbs().getByRole('button').allTextContents()).resolves.toEqual(['All files', 'Projects', 'Website']);

    const reload = page.waitForRequest((request) => request.method() === 'PROPFIND' && /\/Projects\/Website\/?$/.test(request.url()));
    await breadcrumbs().getByRole('button', { name: 'Website' }).click();
    await reload;
    expect(dirOf()).toBe('/Projects/Website');

    await breadcrumbs().getByRole('button', { name: 'Projects' }).click();
    await row('Website').waitFor();
    expect(dirOf()).toBe('/Projects');
    await breadcrumbs().getByRole('button', { name: 'All files' }).click();
    await row('Readme.md').waitFor();
    expect(dirOf()).toBe('/');
  });

  it('sorts by name, size and modified time, each toggling on a second click; folders stay first', async () => {
    const byName = rootFiles.map((file) => file.name).sort((a, b) => a.localeCompare(b));
    const bySize = [...rootFiles].sort((a, b) => a.body.length - b.body.length).map((file) => file.name);
    const newestFirst = [...rootFiles].sort((a, b) => a.ageDays - b.ageDays).map((file) => file.name);
    const sortBy = async (label: string, expected: string[], ariaSort: string) => {
      await page.getByRole('button', { name: label, exact: true }).click();
      for (let attempt = 0; attempt < 50 && JSON.stringify(await listed('file')) !== JSON.stringify(expected); attempt += 1) await page.waitForTimeout(50);
      await expect(listed('file')).resolves.toEqual(expected);
      await expect(page.getByRole('columnheader', { name: label }).getAttribute('aria-sort')).resolves.toBe(ariaSort);
    };
    await expect(listed('file')).resolves.toEqual(byName);
    await sortBy('Name', [...byName].reverse(), 'descending');
    await expect(listed('folder')).resolves.toEqual(['Projects', 'Photos', 'Music', 'Documents', 'Archive']);
    await sortBy('Size', bySize, 'ascending');
    await sortBy('Size', [...bySize].reverse(), 'descending');
    // Modified first shows the newest first, as Nextcloud does; the header says what the rows show: descending.
    await sortBy('Modified', newestFirst, 'descending');
    await sortBy('Modified', [...newestFirst].reverse(), 'ascending');
    await sortBy('Name', byName, 'ascending');
  });

  it("filters with 'Filter filenames…' and shows the query as a removable chip", async () => {
    await page.getByPlaceholder('Filter filenames…').fill('plan');
    for (let attempt = 0; attempt < 60 && (await listed()).length !== 1; attempt += 1) await page.waitForTimeout(50);
    await expect(listed()).resolves.toEqual(['Holiday plan.pdf']);
    const chips = page.getByRole('list', { name: 'Active filters' });
    await expect(chips.textContent()).resolves.toContain('plan');
    await chips.getByRole('button', { name: 'Remove filter "plan"' }).click();
    await row('Readme.md').waitFor();
    await expect(page.getByPlaceholder('Filter filenames…').inputValue()).resolves.toBe('');
    await expect(listed()).resolves.toHaveLength(9);
  });

  it('switches to the grid, which stays after a reload (grid_view), and back to the list', async () => {
    const saved = page.waitForResponse((response) => response.url().endsWith('/apps/files/api/v1/config/grid_view') && response.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Switch to grid view' }).click();
    expect((await saved).status()).toBe(200);
    await page.locator('.files-list[data-layout="grid"]').waitFor();
    await page.reload();
    await page.locator('.files-list[data-layout="grid"]').waitFor();
    await expect(page.getByRole('button', { name: 'Switch to list view' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(E2E_OUTPUT, 'files-grid-1400.png') });

    // Narrow: the grid stays, the toggle goes (below 512 px), the navigation hides behind its toggle.
    await page.setViewportSize({ width: 480, height: 900 });
    // Widths are followed with a 100 ms debounce (product §9).
    await page.getByRole('button', { name: 'Switch to list view' }).waitFor({ state: 'detached' });
    await expect(page.getByRole('navigation', { name: 'Files' }).isVisible()).resolves.toBe(false);
    await expect(page.locator('.files-list').getAttribute('data-layout')).resolves.toBe('grid');
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(E2E_OUTPUT, 'files-grid-480.png') });

    await page.setViewportSize({ width: 1400, height: 900 });
    await page.getByRole('button', { name: 'Switch to list view' }).click();
    await page.locator('.files-list[data-layout="list"]').waitFor();
  });

  it('opens the navigation from its toggle on a narrow screen and closes it with Escape', async () => {
    await page.setViewportSize({ width: 480, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(E2E_OUTPUT, 'files-list-480.png') });
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const overlay = page.getByRole('dialog', { name: 'Files' });
    await overlay.waitFor();
    await expect(overlay.getByPlaceholder('Filter filenames…').evaluate((input) => input === document.activeElement)).resolves.toBe(true);
    await page.screenshot({ path: path.join(E2E_OUTPUT, 'files-navigation-480.png') });
    await page.keyboard.press('Escape');
    await overlay.waitFor({ state: 'hidden' });
    await expect(page.getByRole('button', { name: 'Open navigation' }).evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    await page.setViewportSize({ width: 1400, height: 900 });
  });

  it("shows the empty state of an empty folder, and 'Go back' returns to its parent", async () => {
    await page.goto(`${server.url}/apps/files/files?dir=/Archive`);
    await page.getByRole('heading', { name: 'No files in here' }).waitFor();
    await page.getByText('Upload some content or sync with your devices!').waitFor();
    await page.getByRole('button', { name: 'Go back' }).click();
    await row('Readme.md').waitFor();
    expect(dirOf()).toBe('/');
  });

  it("says 'Folder not found' with Retry for a folder that does not exist, and Retry asks again", async () => {
    await page.goto(`${server.url}/apps/files/files?dir=/No such folder`);
    await page.getByRole('heading', { name: 'Folder not found' }).waitFor();
    const again = page.waitForResponse((response) => response.request().method() === 'PROPFIND' && response.status() === 404);
    await page.getByRole('button', { name: 'Retry' }).click();
    await again;
    await page.getByRole('heading', { name: 'Folder not found' }).waitFor();
  });

  it("says 'File not found' for a file id that is not in the folder", async () => {
    await page.goto(`${server.url}/apps/files/files/999999?dir=/`);
    await page.getByRole('alert').filter({ hasText: 'File not found' }).waitFor();
    await row('Readme.md').waitFor();
  });

  it('had no page errors and no console errors but the expected missing folder', () => {
    expect(problems.pageErrors).toEqual([]);
    // The one expected failure: the PROPFIND of the folder that does not exist (twice, with Retry).
    expect(problems.consoleErrors.filter((text) => !text.includes('404'))).toEqual([]);
  });
});
