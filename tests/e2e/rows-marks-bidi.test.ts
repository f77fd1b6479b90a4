/**
 * Row marks, right-to-left names and the Recent view's order, in
 * headless Chromium against the real server: every row's menu button lines up whether a
 * favourite star is shown or not and the first row's star is whole; the grid shows the
 * favourite and share marks on the preview's corner; in Arabic a file `.part` reads `.part`
 * in its row, the breadcrumbs, the rename field and the toast, the breadcrumb chevron and the
 * navigation's expand arrow point along the reading direction (checked on the painted
 * pixels); Recent's header marks the order its rows are in (newest first: descending, no
 * favourites ahead), also after sorting by another column and back; its Folder column and
 * the trash's Original location end in an ellipsis with the whole path as tooltip.
 * Screenshots in tests/output/rows-marks-*.png. Needs `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, watchPage } from '../support/browser';
import type { PageProblems } from '../support/browser';
import { E2E_OUTPUT, basicAuth, signIn, startFilesServer } from '../support/filesServer';
import type { FilesServer } from '../support/filesServer';
import { catalogueTranslator } from '../support/catalogues';
import { ocsShares } from '../support/ocsShares';

const PASSWORD = 'rows-marks-e2e-password';
const LONG_FOLDER = 'Projects/a folder name far too long for the column of folders';
const FAVORITE = '<d:propertyupdate xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:set><d:prop><oc:favorite>1</oc:favorite></d:prop></d:set></d:propertyupdate>';
const DAY = 24 * 60 * 60;

/** The row (list) or tile (grid) of `name` in the current folder. */
const rowOf = (page: Page, name: string): Locator => page.locator(`[role="row"][data-source$="/${encodeURIComponent(name)}"]`);
const tileOf = (page: Page, name: string): Locator => page.locator(`.files-grid-cell[data-source$="/${encodeURIComponent(name)}"]`);

/** The names of the list's rows, top to bottom. */
async function rowNames(page: Page): Promise<string[]> {
  return page.locator('[role="row"][data-source]').evaluateAll((rows) => rows.map((row) => decodeURIComponent(row.getAttribute('data-source')!.split('/').pop()!)));
}

/**
 * Where the first two characters of the text in `locator` are painted (Range.getClientRects
 * per character): `.part` read left to right has its dot left of its `p`; shown as `part.`
 * the dot is at the right end.
 */
async function dotLeftOfP(locator: Locator): Promise<{ text: string; dot: number; p: number }> {
  return locator.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    let text = '';
    const nodes: Text[] = [];
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      nodes.push(node as Text);
      text += (node as Text).data;
    }
    const xOf = (index: number): number => {
      let offset = index;
      for (const node of nodes) {
        if (offset < node.data.length) {
          const range = document.createRange();
          range.setStart(node, offset);
          range.setEnd(node, offset + 1);
          return range.getClientRects()[0]!.left;
        }
        offset -= node.data.length;
      }
      throw new Error(`no character ${index} in "${text}"`);
    };
    const start = text.indexOf('.part');
    return { text, dot: xOf(start), p: xOf(start + 1) };
  });
}

/**
 * Which way the chevron painted in `box` points, from the page's pixels: a chevron's open end
 * spans more rows than its tip. The screenshot is of the whole page, the chevron cut out of it
 * here: a screenshot of just its box painted a CSS-mirrored image mirrored while the page
 * showed it unmirrored.
 */
async function chevronPoints(page: Page, box: { x: number; y: number; width: number; height: number }): Promise<'left' | 'right'> {
  const clip = { x: 0, y: 0 };
  const png = await page.screenshot();
  const extents = await page.evaluate(
    async ({ data, cut }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = cut.width;
      canvas.height = cut.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, -cut.x, -cut.y);
      const { data: pixels, width, height } = context.getImageData(0, 0, cut.width, cut.height);
      const spanOf = (x0: number, x1: number): number => {
        let top = height;
        let bottom = -1;
        for (let y = 0; y < height; y += 1)
          for (let x = x0; x < x1; x += 1) {
            const i = (y * width + x) * 4;
            if (pixels[i]! + pixels[i + 1]! + pixels[i + 2]! < 450) {
              top = Math.min(top, y);
              bottom = Math.max(bottom, y);
            }
          }
        return bottom - top;
      };
      return { left: spanOf(0, Math.floor(width / 2)), right: spanOf(Math.ceil(width / 2), width) };
    },
    { data: png.toString('base64'), cut: { x: Math.round(box.x - clip.x), y: Math.round(box.y - clip.y), width: Math.round(box.width), height: Math.round(box.height) } },
  );
  expect(Math.abs(extents.left - extents.right)).toBeGreaterThan(2);
  return extents.left > extents.right ? 'right' : 'left';
}

/**
 * Which way the chevron image in `locator` points as the image itself draws it (onto a
 * canvas, without the page's CSS): an icon mirrored only by a CSS transform was computed
 * mirrored but not always painted so; drawn mirrored, no paint can show it the wrong way.
 */
async function imagePoints(locator: Locator): Promise<'left' | 'right'> {
  const extents = await locator.evaluate((element) => {
    const image = element as HTMLImageElement;
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0, image.width, image.height);
    const { data: pixels, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
    const spanOf = (x0: number, x1: number): number => {
      let top = height;
      let bottom = -1;
      for (let y = 0; y < height; y += 1)
        for (let x = x0; x < x1; x += 1) {
          const i = (y * width + x) * 4;
          if (pixels[i + 3]! > 128) {
            top = Math.min(top, y);
            bottom = Math.max(bottom, y);
          }
        }
      return bottom - top;
    };
    return { left: spanOf(0, Math.floor(width / 2)), right: spanOf(Math.ceil(width / 2), width) };
  });
  expect(Math.abs(extents.left - extents.right)).toBeGreaterThan(2);
  return extents.left > extents.right ? 'right' : 'left';
}

describe('row marks, right-to-left names and the Recent order in the browser', () => {
  let server: FilesServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  const now = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    server = await startFilesServer({ name: 'rows-marks', adminPassword: PASSWORD, config: { throttleDelayMs: 0 } });
    for (const folder of ['/Documents', '/Documents/.part', '/Projects', `/${LONG_FOLDER}`]) expect((await server.dav('MKCOL', folder)).status).toBe(201);
    const files: [string, number][] = [
      ['/.part', now - 2 * 60 * 60],
      ['/a-plain.txt', now - 60 * 60],
      ['/b-star.txt', now - 5 * DAY],
      ['/c-shared.txt', now - 2 * DAY],
      ['/Documents/inside.txt', now - 3 * DAY],
      [`/${LONG_FOLDER}/deep.txt`, now - 10 * 60],
      [`/${LONG_FOLDER}/gone.txt`, now - 4 * DAY],
    ];
    for (const [file, mtime] of files) expect((await server.dav('PUT', file, `content of ${file}`, { 'X-OC-Mtime': String(mtime) })).status).toBe(201);
    for (const favorite of ['/Documents', '/b-star.txt']) expect((await server.dav('PROPPATCH', favorite, FAVORITE)).status).toBe(207);
    await ocsShares(server, 'admin', PASSWORD)('POST', '/shares', { path: '/c-shared.txt', shareType: 3 });
    expect((await server.dav('DELETE', `/${LONG_FOLDER}/gone.txt`)).status).toBe(204);
    // Hidden files shown: `.part` is one.
    const shown = await fetch(`${server.url}/apps/files/api/v1/config/show_hidden`, {
      method: 'PUT',
      headers: { authorization: basicAuth('admin', PASSWORD), 'content-type': 'application/json', 'OCS-APIRequest': 'true' },
      body: JSON.stringify({ value: true }),
    });
    expect(shown.status).toBeLessThan(300);
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    problems = watchPage(page);
    await signIn(page, server.url, PASSWORD);
    await rowOf(page, 'b-star.txt').waitFor();
  }, 90_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  it("lines up every row's menu button, star or not, and shows the first row's star whole", async () => {
    for (const name of ['Documents', 'b-star.txt']) await rowOf(page, name).getByRole('img', { name: 'Favorite' }).waitFor();
    const rows = await page.locator('[role="row"][data-source]').evaluateAll((elements) =>
      elements.map((row) => {
        const menu = row.querySelector('button[aria-haspopup="menu"]')!.getBoundingClientRect();
        return { name: row.getAttribute('data-source')!.split('/').pop(), star: row.querySelector('[aria-label="Favorite"]') !== null, x: menu.x, width: menu.width };
      }),
    );
    expect(rows.filter((row) => row.star).map((row) => row.name)).toEqual(['Documents', 'b-star.txt']);
    expect(rows.filter((row) => !row.star).length).toBeGreaterThan(1);
    for (const row of rows) expect({ name: row.name, x: Math.round(row.x), width: row.width }).toEqual({ name: row.name, x: Math.round(rows[0]!.x), width: rows[0]!.width });

    // The first row (a favourite folder): its star lies inside the row, its cell and the list, and nothing covers it.
    expect(rows[0]).toMatchObject({ name: 'Documents', star: true });
    const first = rowOf(page, 'Documents');
    const mark = first.getByRole('img', { name: 'Favorite' });
    const star = await mark.boundingBox();
    const containers = [await first.boundingBox(), await mark.locator('xpath=ancestor::*[@role="gridcell"][1]').boundingBox(), await page.locator('.files-list').boundingBox()];
    expect(star).not.toBeNull();
    expect(star!.width).toBeGreaterThanOrEqual(18);
    for (const box of containers) {
      expect(box).not.toBeNull();
      expect(star!.x).toBeGreaterThanOrEqual(box!.x);
      expect(star!.y).toBeGreaterThanOrEqual(box!.y);
      expect(star!.x + star!.width).toBeLessThanOrEqual(box!.x + box!.width);
      expect(star!.y + star!.height).toBeLessThanOrEqual(box!.y + box!.height);
    }
    const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[aria-label="Favorite"]') !== null, { x: star!.x + star!.width / 2, y: star!.y + star!.height / 2 });
    expect(hit).toBe(true);
    await page.screenshot({ path: path.join(E2E_OUTPUT, 'rows-marks-list.png') });
  }, 60_000);

  it("shows the favourite and share marks in the grid, on the preview's corner", async () => {
    await page.getByRole('button', { name: 'Switch to grid view' }).click();
    try {
      await tileOf(page, 'b-star.txt').waitFor();
      const marks: [string, string, string][] = [
        ['b-star.txt', 'favorite', 'Favorite'],
        ['Documents', 'favorite', 'Favorite'],
        ['c-shared.txt', 'sharing-status', 'Shared by link'],
      ];
      for (const [name, indicator, label] of marks) {
        const mark = tileOf(page, name).locator(`[data-indicator="${indicator}"]`);
        await mark.waitFor();
        await expect(mark.getAttribute('aria-label')).resolves.toBe(label);
        const box = (await mark.boundingBox())!;
        const preview = (await tileOf(page, name).locator('.files-preview').boundingBox())!;
        // On the preview, in its upper half and its end half (the checkbox has the start corner).
        expect(box.x).toBeGreaterThanOrEqual(preview.x);
        expect(box.x + box.width).toBeLessThanOrEqual(preview.x + preview.width);
        expect(box.y).toBeGreaterThanOrEqual(preview.y);
        expect(box.x).toBeGreaterThan(preview.x + preview.width / 2);
        expect(box.y + box.height).toBeLessThan(preview.y + preview.height / 2);
        const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-indicator]')?.getAttribute('data-indicator'), { x: box.x + box.width / 2, y: box.y + box.height / 2 });
        expect(hit).toBe(indicator);
      }
      await expect(tileOf(page, 'a-plain.txt').locator('[data-indicator]').count()).resolves.toBe(0);
      await page.screenshot({ path: path.join(E2E_OUTPUT, 'rows-marks-grid.png') });
    } finally {
      // The grid is the user's setting: back to the list for the other tests.
      await page.getByRole('button', { name: 'Switch to list view' }).click();
      await rowOf(page, 'b-star.txt').waitFor();
    }
  }, 60_000);

  it("Recent: the header marks Modified descending and the rows are newest first, favourites not ahead; other columns and back agree", async () => {
    await page.goto(`${server.url}/apps/files/recent`);
    await rowOf(page, 'deep.txt').waitFor();
    const modified = page.getByRole('columnheader', { name: 'Modified' });
    const name = page.getByRole('columnheader', { name: 'Name' });
    const times = async (): Promise<number[]> => page.locator('[role="row"][data-source] time').evaluateAll((elements) => elements.map((element) => Date.parse(element.getAttribute('datetime')!)));
    const newestFirst = async () => {
      const shown = await times();
      expect(shown.length).toBeGreaterThanOrEqual(5);
      expect(shown).toEqual([...shown].sort((a, b) => b - a));
    };
    await expect(modified.getAttribute('aria-sort')).resolves.toBe('descending');
    await expect(modified.locator('.files-sort__mark--descending').count()).resolves.toBe(1);
    await newestFirst();
    const names = await rowNames(page);
    // The favourite, modified 5 days ago, is not put first: it comes after the newer files.
    expect(names.indexOf('b-star.txt')).toBeGreaterThan(names.indexOf('c-shared.txt'));
    expect(names.indexOf('b-star.txt')).toBeGreaterThan(names.indexOf('deep.txt'));
    await page.screenshot({ path: path.join(E2E_OUTPUT, 'rows-marks-recent.png') });

    // By name: ascending, and the user's favourites-first applies as in any view.
    await name.getByRole('button').click();
    await expect(name.getAttribute('aria-sort')).resolves.toBe('ascending');
    await expect(modified.getAttribute('aria-sort')).resolves.toBe('none');
    const byName = await rowNames(page);
    expect(byName[0]).toBe('b-star.txt');
    expect(byName.slice(1)).toEqual([...byName.slice(1)].sort((a, b) => a.localeCompare(b)));
    // Back to Modified: newest first again, marked descending; once more: oldest first, ascending.
    await modified.getByRole('button').click();
    await expect(modified.getAttribute('aria-sort')).resolves.toBe('descending');
    await newestFirst();
    await modified.getByRole('button').click();
    await expect(modified.getAttribute('aria-sort')).resolves.toBe('ascending');
    await expect(modified.locator('.files-sort__mark--ascending').count()).resolves.toBe(1);
    const ascending = await times();
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    await modified.getByRole('button').click();
    await expect(modified.getAttribute('aria-sort')).resolves.toBe('descending');
  }, 60_000);

  it("ends Recent's Folder column and the trash's Original location in an ellipsis at 1280 px, the whole path as tooltip", async () => {
    const clipped = async (cell: Locator, full: RegExp) => {
      await cell.waitFor();
      const shown = await cell.evaluate((element) => {
        const host = element.closest('.files-custom-cell')!;
        const style = getComputedStyle(host);
        return { textOverflow: style.textOverflow, whiteSpace: style.whiteSpace, overflows: host.scrollWidth > host.clientWidth, lines: new Set([...element.getClientRects()].map((rect) => Math.round(rect.top))).size, height: host.getBoundingClientRect().height, title: element.getAttribute('title') };
      });
      expect(shown).toEqual({ textOverflow: 'ellipsis', whiteSpace: 'nowrap', overflows: true, lines: 1, height: expect.any(Number), title: expect.stringMatching(full) });
      expect(shown.height).toBeLessThan(30);
    };
    await page.goto(`${server.url}/apps/files/recent`);
    await clipped(rowOf(page, 'deep.txt').locator('.recent-folder'), new RegExp(`^/${LONG_FOLDER}$`));
    await page.goto(`${server.url}/apps/files/trashbin`);
    await clipped(page.locator('[role="row"][data-source]', { hasText: 'gone' }).locator('.files-trash-cell').first(), new RegExp(`^/?${LONG_FOLDER}/gone\\.txt$`));
    await page.screenshot({ path: path.join(E2E_OUTPUT, 'rows-marks-trash.png') });
    expect(problems.pageErrors).toEqual([]);
  }, 60_000);

  describe('in Arabic', () => {
    let arabic: BrowserContext;
    let ar: Page;
    const row = (): Locator => rowOf(ar, '.part');

    beforeAll(async () => {
      arabic = await browser.newContext({ locale: 'ar', extraHTTPHeaders: { 'Accept-Language': 'ar' }, viewport: { width: 1280, height: 800 } });
      ar = await arabic.newPage();
      ar.setDefaultTimeout(15_000);
      await ar.goto(`${server.url}/login`);
      await ar.locator('#user').fill('admin');
      await ar.locator('#password').fill(PASSWORD);
      await Promise.all([ar.waitForURL(/\/apps\/files\//), ar.locator('button[type=submit]').click()]);
    }, 60_000);

    afterAll(async () => {
      await arabic?.close();
    });

    it("`.part` reads `.part` in its row; the navigation's expand arrow points to the left", async () => {
      await ar.goto(`${server.url}/apps/files/`);
      await expect(ar.locator('html').getAttribute('dir')).resolves.toBe('rtl');
      await row().waitFor();
      // The row's name, painted left to right: the dot before the p.
      const inRow = await dotLeftOfP(row().locator('.files-name'));
      expect(inRow.text).toBe('.part');
      expect(inRow.dot).toBeLessThan(inRow.p);
      await ar.screenshot({ path: path.join(E2E_OUTPUT, 'rows-marks-ar-list.png') });
      // The navigation's expand arrow (Favorites, collapsed) points to the left, where the list is.
      const expand = ar.locator('.files-nav__toggle img').first();
      await expect(chevronPoints(ar, (await expand.boundingBox())!)).resolves.toBe('left');
      await expect(imagePoints(expand)).resolves.toBe('left');
    }, 60_000);

    it('the breadcrumbs of Documents/.part: the name in order, the chevrons pointing left (the next crumb is on the left), the title isolated', async () => {
      await ar.goto(`${server.url}/apps/files/?dir=${encodeURIComponent('/Documents/.part')}`);
      const crumb = ar.locator('.files-breadcrumbs__button--current');
      await crumb.waitFor();
      await ar.screenshot({ path: path.join(E2E_OUTPUT, 'rows-marks-ar-breadcrumbs.png') });
      const inCrumb = await dotLeftOfP(crumb);
      expect(inCrumb.text).toBe('.part');
      expect(inCrumb.dot).toBeLessThan(inCrumb.p);
      const separators = ar.locator('.files-breadcrumbs__separator');
      await expect(separators.count()).resolves.toBe(2);
      for (const separator of await separators.all()) {
        await expect(chevronPoints(ar, (await separator.boundingBox())!)).resolves.toBe('left');
        await expect(imagePoints(separator)).resolves.toBe('left');
      }
      await expect(ar.title()).resolves.toContain('\u2068.part\u2069');
    }, 60_000);

    it('the rename field runs left to right, and the toast quotes both names isolated and in order', async () => {
      await ar.goto(`${server.url}/apps/files/`);
      await row().waitFor();
      await row().locator('button[aria-haspopup="menu"]').click();
      await ar.getByRole('menuitem', { name: catalogueTranslator('shell', 'ar')('Rename'), exact: true }).click();
      const field = row().locator('input.files-rename__input');
      await field.waitFor();
      await expect(field.inputValue()).resolves.toBe('.part');
      await ar.screenshot({ path: path.join(E2E_OUTPUT, 'rows-marks-ar-rename.png') });
      await expect(field.evaluate((input) => getComputedStyle(input).direction)).resolves.toBe('ltr');
      await field.fill('.part.old');
      await field.press('Enter');
      const toast = ar.locator('.files-toast');
      await toast.waitFor();
      await ar.screenshot({ path: path.join(E2E_OUTPUT, 'rows-marks-ar-toast.png') });
      const quoted = toast.locator('bdi');
      await expect(quoted.allTextContents()).resolves.toEqual(['.part', '.part.old']);
      const inToast = await dotLeftOfP(quoted.first());
      expect(inToast.dot).toBeLessThan(inToast.p);
    }, 60_000);
  });
});
