/**
 * Old-style and permanent links to the Files screen, in
 * headless Chromium against the real server: each form is opened from a
 * fresh page load, as a bookmark or a link in a mail is, and must show the
 * folder it names with the named file selected and in view. Needs the built
 * front end (`npm run build`; CUMULUS_E2E_DIST points elsewhere).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, watchPage } from '../support/browser';
import { signIn, startFilesServer } from '../support/filesServer';
import type { FilesServer } from '../support/filesServer';

const PASSWORD = 'links-e2e-password';
/** Time for one link: a page load, a listing and a redirect or two on a busy machine. */
const STEP_MS = 30_000;
/** Enough files that the last ones are far below the first screen. */
const PHOTO_COUNT = 60;

/** What a page shows after following a link. */
interface Landing {
  /** The app path and query after every redirect, below the origin. */
  url: string;
  heading: string | null;
  /** data-fileid of the rows marked active (the selected file of the link). */
  active: string[];
  /** Whether the active row is inside the visible part of the list. */
  activeInView: boolean;
  /** The number of tabs the page opened (openfile opens the file in one). */
  opened: number;
  problems: string[];
}

describe('links to the Files screen in the browser', () => {
  let server: FilesServer;
  let browser: Browser;
  let context: BrowserContext;
  let photos: Map<string, number>;
  let photosFolder: number;
  let readme: number;

  const fileidOf = async (davPath: string): Promise<number> => {
    const response = await server.dav('PROPFIND', davPath, '<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><oc:fileid/></d:prop></d:propfind>', { Depth: '0' });
    const match = /<oc:fileid>(\d+)<\/oc:fileid>/.exec(await response.text());
    if (match === null) throw new Error(`no fileid for ${davPath}`);
    return Number(match[1]);
  };

  /** Opens `link` in a new tab of the signed-in browser, as a pasted bookmark, and reads where it landed. */
  const open = async (link: string, until: (page: Page) => Promise<unknown>): Promise<Landing> => {
    const page = await context.newPage();
    const watched = watchPage(page);
    let opened = 0;
    const onPopup = (popup: Page) => {
      opened += 1;
      void popup.close();
    };
    page.on('popup', onPopup);
    try {
      await page.goto(`${server.url}${link}`);
      await until(page);
      // The row is marked and scrolled to right after the listing shows.
      await page.waitForTimeout(300);
      const active = await page.locator('.files-row--active').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-fileid') ?? ''));
      const activeInView = await page.evaluate(() => {
        const row = document.querySelector('.files-row--active');
        const list = document.querySelector('.files-list');
        if (row === null || list === null) return false;
        const a = row.getBoundingClientRect();
        const b = list.getBoundingClientRect();
        return a.top >= b.top && a.bottom <= b.bottom;
      });
      const url = new URL(page.url());
      return {
        url: decodeURIComponent(url.pathname) + url.search,
        heading: await page.getByRole('heading', { level: 1 }).textContent(),
        active,
        activeInView,
        opened,
        problems: [...watched.pageErrors, ...watched.consoleErrors],
      };
    } finally {
      await page.close();
    }
  };
  const rowShown = (name: string) => (page: Page) => page.locator('[role="row"][data-source]').filter({ has: page.locator('.files-name', { hasText: name }) }).waitFor();

  beforeAll(async () => {
    server = await startFilesServer({ name: 'links', adminPassword: PASSWORD });
    for (const folder of ['/Photos', '/Photos/2024', '/Docs']) expect((await server.dav('MKCOL', folder)).status).toBe(201);
    for (let index = 0; index < PHOTO_COUNT; index += 1) {
      expect((await server.dav('PUT', `/Photos/photo-${String(index).padStart(3, '0')}.txt`, `photo ${index}`)).status).toBe(201);
    }
    expect((await server.dav('PUT', '/Docs/readme.txt', 'read me')).status).toBe(201);
    photos = new Map();
    for (const index of [0, 57]) {
      const name = `photo-${String(index).padStart(3, '0')}.txt`;
      photos.set(name, await fileidOf(`/Photos/${name}`));
    }
    photosFolder = await fileidOf('/Photos');
    readme = await fileidOf('/Docs/readme.txt');

    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1400, height: 800 } });
    const first = await context.newPage();
    await signIn(first, server.url, PASSWORD);
    await first.close();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it.each([
    ['/apps/files/?dir=/Photos', '/apps/files/files?dir=/Photos'],
    ['/apps/files?dir=/Photos', '/apps/files/files?dir=/Photos'],
    ['/index.php/apps/files/?dir=/Photos', '/apps/files/files?dir=/Photos'],
    ['/index.php/apps/files?dir=%2FPhotos', '/apps/files/files?dir=/Photos'],
    // Hurried: no leading slash, a trailing one.
    ['/apps/files/?dir=Photos/', '/apps/files/files?dir=Photos/'],
    ['/apps/files/files?dir=/Photos/', '/apps/files/files?dir=/Photos/'],
  ])('%s opens Photos', async (link, landed) => {
    const landing = await open(link, rowShown('photo-000.txt'));
    expect(landing).toMatchObject({ url: landed, heading: 'Photos - All files', active: [], problems: [] });
  }, STEP_MS);

  it('/f/{fileid} of a file far down its folder opens the folder with that file selected and in view, and opens the file', async () => {
    const id = photos.get('photo-057.txt') as number;
    const landing = await open(`/f/${id}`, rowShown('photo-057.txt'));
    expect(landing).toEqual({ url: `/apps/files/files/${id}?dir=/Photos&openfile=true`, heading: 'Photos - All files', active: [String(id)], activeInView: true, opened: 1, problems: [] });
  }, STEP_MS);

  it('/index.php/f/{fileid}?openfile=false selects the file without opening it; a folder opens as itself', async () => {
    const id = photos.get('photo-057.txt') as number;
    const selected = await open(`/index.php/f/${id}?openfile=false`, rowShown('photo-057.txt'));
    expect(selected).toMatchObject({ url: `/apps/files/files/${id}?dir=/Photos`, active: [String(id)], activeInView: true, opened: 0, problems: [] });
    const folder = await open(`/f/${photosFolder}`, rowShown('photo-000.txt'));
    expect(folder).toMatchObject({ url: `/apps/files/files/${photosFolder}?dir=/Photos`, heading: 'Photos - All files', opened: 0, problems: [] });
  }, STEP_MS);

  it.each([
    ['fileid with its folder', () => `/apps/files/?dir=/Photos&fileid=${photos.get('photo-057.txt')}`, () => `/apps/files/files/${photos.get('photo-057.txt')}?dir=/Photos`, 0],
    ['fileid and no folder', () => `/apps/files/?fileid=${photos.get('photo-057.txt')}`, () => `/apps/files/files/${photos.get('photo-057.txt')}?dir=/Photos`, 0],
    ['fileid in the wrong folder', () => `/index.php/apps/files/?dir=/Docs&fileid=${photos.get('photo-057.txt')}`, () => `/apps/files/files/${photos.get('photo-057.txt')}?dir=/Photos`, 0],
    ['the route fileid and no folder', () => `/apps/files/files/${photos.get('photo-057.txt')}`, () => `/apps/files/files/${photos.get('photo-057.txt')}?dir=/Photos`, 0],
    ['openfile holding the file id (before Nextcloud 28)', () => `/apps/files/?dir=/Photos&openfile=${photos.get('photo-057.txt')}`, () => `/apps/files/files/${photos.get('photo-057.txt')}?dir=/Photos&openfile=true`, 1],
  ])('Nextcloud\'s %s selects the file in Photos', async (_form, link, landed, opened) => {
    const landing = await open(link(), rowShown('photo-057.txt'));
    expect(landing).toEqual({ url: landed(), heading: 'Photos - All files', active: [String(photos.get('photo-057.txt'))], activeInView: true, opened, problems: [] });
  }, STEP_MS);

  it('a file in a sub-folder of the root opens there, and an id nobody has says File not found', async () => {
    const doc = await open(`/f/${readme}?openfile=false`, rowShown('readme.txt'));
    expect(doc).toMatchObject({ url: `/apps/files/files/${readme}?dir=/Docs`, heading: 'Docs - All files', active: [String(readme)] });
    const unknown = await open('/f/987654', (page) => page.getByRole('alert').filter({ hasText: 'File not found' }).waitFor());
    expect(unknown).toMatchObject({ url: '/apps/files/files/987654', heading: 'All files', active: [] });
  }, STEP_MS);
});
