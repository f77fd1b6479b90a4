/**
 * No control's text is clipped in a long language: the main
 * screen, the New menu, the settings dialog, the sidebar and the keyboard
 * shortcuts, rendered in headless Chromium in the pseudo-locale en-XA (every
 * text 40 % longer and accented, `[!! Ŧĥé fîļé ļîšţ ~~~~ !!]`) and, once its
 * catalogue is merged, in German. A control whose text overflows a box that
 * hides overflow fails, unless it deliberately ellipsizes a name (a file,
 * folder or upload name) and carries the full text in a title or aria-label.
 * Needs `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, watchPage } from '../support/browser';
import { hasCatalogue } from '../support/catalogues';
import { E2E_OUTPUT, startFilesServer } from '../support/filesServer';
import type { FilesServer } from '../support/filesServer';

const PASSWORD = 'clipping-admin-password';

/** Elements that ellipsize names on purpose (the name is the user's, its length anything). */
const NAME_ELLIPSIS = ['.files-name__text', '.files-grid-cell__name', '.files-upload__name', '.files-breadcrumbs__button > span', '.files-nav__link .name', '.files-picker__name'];

/** A clipped text found on the page. */
interface Clipped {
  text: string;
  where: string;
  named: boolean;
}

/**
 * Every visible element of a control (buttons, links, labels, menu items,
 * tabs, options, headers and headings) whose content is wider than its box
 * while the box hides overflow; `named` tells whether it is a deliberate
 * name ellipsis with the full text in a title or aria-label close above it.
 */
function findClipped(page: Page): Promise<Clipped[]> {
  return page.evaluate((nameSelectors) => {
    const controls = document.querySelectorAll(
      'button, a, label, summary, [role=button], [role=menuitem], [role=tab], [role=option], [role=columnheader], th, h1, h2, h3, h4, [role=heading], legend',
    );
    const found: { text: string; where: string; named: boolean }[] = [];
    const seen = new Set<Element>();
    for (const control of controls) {
      for (const element of [control, ...control.querySelectorAll('*')]) {
        if (seen.has(element) || !(element instanceof HTMLElement)) continue;
        seen.add(element);
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || element.getClientRects().length === 0) continue;
        const hides = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
        if (!hides || element.scrollWidth <= element.clientWidth + 1) continue;
        // Visually hidden text for screen readers is clipped on purpose.
        if (element.clientWidth <= 1) continue;
        const text = (element.textContent ?? '').trim();
        if (text === '') continue;
        const isName = nameSelectors.some((selector) => element.matches(selector));
        let labelled = false;
        for (let at: HTMLElement | null = element, depth = 0; at !== null && depth < 4; at = at.parentElement, depth += 1) {
          const label = `${at.getAttribute('title') ?? ''} ${at.getAttribute('aria-label') ?? ''}`;
          if (label.includes(text)) labelled = true;
        }
        found.push({ text, where: `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`, named: isName && labelled });
      }
    }
    return found;
  }, NAME_ELLIPSIS);
}

describe('no clipped control text in a long language', () => {
  let server: FilesServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startFilesServer({ name: 'clipping', adminPassword: PASSWORD, config: { throttleDelayMs: 0 } });
    for (const [method, target, body] of [
      ['MKCOL', '/Documents'],
      ['MKCOL', '/A folder with a rather long name that has to be shortened in the list'],
      ['PUT', '/notes.txt', 'hello'],
      ['PUT', '/quarterly report of the regional office, final version (reviewed).pdf', 'x'],
    ] as const) {
      expect((await server.dav(method, target, body)).status).toBeLessThan(300);
    }
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Opens the app in a language: the pseudo-locale by rewriting the page's <html lang>, German by Accept-Language. */
  async function openIn(language: 'en-XA' | 'de', width: number): Promise<Page> {
    const context = await browser.newContext({ locale: language === 'de' ? 'de' : 'en', viewport: { width, height: 900 } });
    const page = await context.newPage();
    if (language === 'en-XA') {
      await page.route(/\/apps\/files\/(?!plugins\/)[^.]*$/, async (route) => {
        if (route.request().resourceType() !== 'document') return route.continue();
        const response = await route.fetch();
        const body = (await response.text()).replace(/<html[^>]*>/, '<html lang="en-XA" dir="ltr">');
        return route.fulfill({ response, body });
      });
    }
    await page.goto(`${server.url}/login`);
    await page.locator('#user').fill('admin');
    await page.locator('#password').fill(PASSWORD);
    await Promise.all([page.waitForURL(/\/apps\/files\//), page.locator('button[type=submit]').click()]);
    // The sign-in's redirect bypasses page.route: open the app again, so the rewrite applies.
    if (language === 'en-XA') await page.goto(`${server.url}/apps/files/`);
    await page.locator('[role=row][data-fileid]').first().waitFor();
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe(language);
    return page;
  }

  /** Each screen in turn, its clipped texts collected with where they were. */
  async function clippedOnEveryScreen(page: Page, name: string): Promise<string[]> {
    const failures: string[] = [];
    const check = async (screen: string) => {
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(E2E_OUTPUT, `clipping-${name}-${screen}.png`) });
      for (const clipped of await findClipped(page)) if (!clipped.named) failures.push(`${screen}: ${clipped.where} "${clipped.text}"`);
    };
    await check('main');
    await page.locator('.files-new > button').click();
    await page.getByRole('menu').first().waitFor();
    await check('new-menu');
    await page.keyboard.press('Escape');
    await page.locator('.files-nav__settings').click();
    await page.getByRole('dialog').waitFor();
    await check('settings');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    // The details hotkey 'd' on the row: narrow screens hide the size column that opens them by click.
    await page.locator('[role=row][data-fileid]').filter({ hasText: 'notes.txt' }).locator('.files-name').focus();
    await page.keyboard.press('d');
    await page.getByRole('complementary').waitFor();
    await check('sidebar');
    await page.keyboard.press('Escape');
    await page.locator('[role=row][data-fileid]').filter({ hasText: 'notes.txt' }).locator('.files-name').focus();
    await page.keyboard.press('?');
    await page.getByRole('dialog').waitFor();
    await check('shortcuts');
    await page.keyboard.press('Escape');
    return failures;
  }

  it.each([1400, 1024])('pseudo-locale en-XA at %ipx: every control shows its whole text', async (width) => {
    const page = await openIn('en-XA', width);
    const problems = watchPage(page);
    try {
      // The pseudo-locale really is on: a control's text is stretched.
      await expect(page.locator('.files-nav__settings').textContent()).resolves.toMatch(/^\[!! .* !!\]$/);
      expect(await clippedOnEveryScreen(page, `en-XA-${width}`)).toEqual([]);
      expect(problems.pageErrors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 90_000);

  // German is the longest of the shipped languages; its catalogue comes from the translators' branch.
  (hasCatalogue('shell', 'de') ? it : it.skip)('German at 1400px: every control shows its whole text', async () => {
    const page = await openIn('de', 1400);
    try {
      expect(await clippedOnEveryScreen(page, 'de-1400')).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 90_000);
});
