/**
 * The Sharing tab's look, in headless Chromium against the real server: a section per kind
 * with each share as one row (avatar, name, copy button, '…' toggle) and no list bullets;
 * a share's options area closed until its toggle opens it; the sharee box's suggestions as a
 * dropdown under it, walked with the arrow keys; a visible focus; no serious axe finding;
 * the row mirrored in Arabic (right to left); nothing sticking out of a 300 px sidebar; with the options
 * open (content taller than the window) the tab bar keeps its height and the panel scrolls, in Arabic too.
 * Screenshots in tests/output/sharing-tab-{closed,open,user-open,sharees,rtl,narrow}.png. Needs `npm run build` first.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Locator, Page } from 'playwright-core';
import { expectNoSeriousViolations } from '../../../../tests/support/axe';
import { launchBrowser, watchPage } from '../../../../tests/support/browser';
import { catalogueTranslator } from '../../../../tests/support/catalogues';
import { E2E_OUTPUT, signIn, startFilesServer } from '../../../../tests/support/filesServer';
import type { FilesServer } from '../../../../tests/support/filesServer';
import { expectFocusedVisibly } from '../../../../tests/support/keyboardFocus';
import { ocsShares } from '../../../../tests/support/ocsShares';

const PASSWORD = 'share-layout-e2e-password';
const STEP_MS = 90_000;

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (found === null) throw new Error(`${String(locator)} is not shown`);
  return found;
}

/** The vertical middle of a box. */
const middle = (b: Box): number => b.y + b.height / 2;

describe('the Sharing tab in the browser', () => {
  let server: FilesServer;
  let browser: Browser;
  let fileid: string;

  beforeAll(async () => {
    server = await startFilesServer({ name: 'share-layout', adminPassword: PASSWORD });
    for (const uid of ['bob', 'carol', 'carl']) await server.server.built.accounts.users.create({ uid, password: `${uid}-share-layout-1`, displayName: uid[0]!.toUpperCase() + uid.slice(1) });
    expect((await server.dav('MKCOL', '/Project')).status).toBe(201);
    const ocs = ocsShares(server, 'admin', PASSWORD);
    await ocs('POST', '/shares', { path: '/Project', shareType: 3, note: 'For the review' });
    await ocs('POST', '/shares', { path: '/Project', shareType: 0, shareWith: 'bob', permissions: 1 });
    const listing = await server.dav('PROPFIND', '/Project', '<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><oc:fileid/></d:prop></d:propfind>', { Depth: '0' });
    fileid = /<oc:fileid>(\d+)<\/oc:fileid>/.exec(await listing.text())?.[1] ?? '';
    expect(fileid).not.toBe('');
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Opens Project's Sharing tab in `language` with the window `width` wide; the page, its sidebar and the translator. */
  async function openTab(language: 'en' | 'ar', width: number, height = 900): Promise<{ page: Page; sidebar: Locator; t: (key: string) => string; close: () => Promise<void> }> {
    const context = await browser.newContext({ locale: language, extraHTTPHeaders: { 'Accept-Language': language }, viewport: { width, height } });
    const page = await context.newPage();
    const problems = watchPage(page);
    const plugin = language === 'en' ? (key: string) => key : catalogueTranslator('sharing', language);
    if (language === 'en') await signIn(page, server.url, PASSWORD);
    else {
      // The sign-in page speaks the language too.
      const serverT = catalogueTranslator('server', language);
      await page.goto(`${server.url}/login`);
      await page.getByLabel(serverT('Login')).fill('admin');
      await page.getByLabel(serverT('Password')).fill(PASSWORD);
      await Promise.all([page.waitForURL(/\/apps\/files\//), page.getByRole('button', { name: serverT('Log in') }).click()]);
    }
    await page.goto(`${server.url}/apps/files/files/${fileid}?dir=/`);
    const sidebar = page.getByRole('complementary');
    await sidebar.getByRole('tab', { name: plugin('Sharing') }).click();
    await sidebar.locator('.sharing-link').waitFor();
    await sidebar.locator('.sharing-user').waitFor();
    return {
      page,
      sidebar,
      t: plugin,
      close: async () => {
        expect(problems.pageErrors).toEqual([]);
        await context.close();
      },
    };
  }

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(E2E_OUTPUT, `sharing-tab-${name}.png`) });

  it(
    'shows each share as one row without bullets, opens its options with the … toggle, and offers the sharees as a dropdown',
    async () => {
      const { page, sidebar, close } = await openTab('en', 1400);
      const link = sidebar.locator('.sharing-link');
      const user = sidebar.locator('.sharing-user', { hasText: 'Bob' });
      await expect(link.evaluate((item) => getComputedStyle(item).listStyleType)).resolves.toBe('none');

      // One row: avatar, name, link address, copy button and toggle side by side, centred on one line.
      const linkToggle = link.getByRole('button', { name: 'Options' });
      const copy = link.getByRole('button', { name: 'Copy link' });
      const row = await Promise.all([link.locator('.sharing-avatar'), copy, linkToggle].map(box));
      for (const part of row.slice(1)) expect(Math.abs(middle(part) - middle(row[0]!))).toBeLessThan(4);
      expect(row[0]!.x).toBeLessThan(row[1]!.x);
      expect(row[1]!.x).toBeLessThan(row[2]!.x);
      const address = await box(link.getByRole('textbox', { name: 'Share link' }));
      expect(address.x + address.width).toBeLessThanOrEqual(row[1]!.x);

      // Options closed at first; the toggle opens them and says so.
      await expect(linkToggle.getAttribute('aria-expanded')).resolves.toBe('false');
      await expect(link.getByRole('checkbox', { name: 'Hide download' }).isVisible()).resolves.toBe(false);
      await expect(user.getByRole('checkbox', { name: 'Reshare' }).isVisible()).resolves.toBe(false);
      await shot(page, 'closed');
      await linkToggle.click();
      await expect(linkToggle.getAttribute('aria-expanded')).resolves.toBe('true');
      await link.getByRole('checkbox', { name: 'Hide download' }).waitFor();
      await expect(link.getByRole('textbox', { name: 'Note to recipient' }).inputValue()).resolves.toBe('For the review');
      await link.getByLabel('Expiration date').waitFor();
      await link.getByRole('button', { name: 'Delete share link' }).waitFor();
      // A link without a password offers to set one, not to remove one.
      await link.getByRole('button', { name: 'Save password' }).waitFor();
      await expect(link.getByRole('button', { name: 'Remove password' }).isVisible()).resolves.toBe(false);
      await user.getByRole('button', { name: 'Options' }).click();
      for (const name of ['Read', 'Edit', 'Create', 'Delete', 'Reshare', 'Allow download']) await user.getByRole('checkbox', { name }).waitFor();
      await expect(user.locator('.sharing-avatar').textContent()).resolves.toBe('B');
      await shot(page, 'open');
      await user.getByRole('button', { name: 'Unshare' }).scrollIntoViewIfNeeded();
      await shot(page, 'user-open');

      // A keyboard user sees where the focus is, on the row's buttons as in the options.
      await copy.focus();
      await page.keyboard.press('Tab');
      await expectFocusedVisibly(page, linkToggle, 'Tab from "Copy link"');
      await page.keyboard.press('Tab');
      await expectFocusedVisibly(page, link.getByRole('checkbox', { name: 'Hide download' }), 'Tab into the options');

      // The sharee box: suggestions in a dropdown right under it, reached with ArrowDown, closed with Escape.
      const combobox = sidebar.getByRole('combobox', { name: 'Share with users' });
      await combobox.fill('car');
      const listbox = sidebar.getByRole('listbox', { name: 'Share with users' });
      await sidebar.getByRole('option', { name: 'Carol' }).waitFor();
      const input = await box(combobox);
      const dropdown = await box(listbox);
      expect(dropdown.y).toBeGreaterThanOrEqual(input.y + input.height);
      expect(dropdown.y).toBeLessThan(input.y + input.height + 12);
      expect(Math.abs(dropdown.width - input.width)).toBeLessThan(2);
      await expect(combobox.getAttribute('aria-expanded')).resolves.toBe('true');
      await combobox.press('ArrowDown');
      // (The suggestions' options, not those of the shares' permission selects.)
      await expectFocusedVisibly(page, listbox.getByRole('option').first(), 'ArrowDown into the suggestions');
      await shot(page, 'sharees');
      await expectNoSeriousViolations(page, 'the Sharing tab with its options and suggestions open', { include: ['.files-sidebar'] });
      await page.keyboard.press('Escape');
      await expect(listbox.isVisible()).resolves.toBe(false);
      await expect(combobox.getAttribute('aria-expanded')).resolves.toBe('false');
      await expectFocusedVisibly(page, combobox, 'Escape back to the sharee box');
      // Typing again shows them again; leaving the box closes them.
      await combobox.fill('carl');
      await sidebar.getByRole('option', { name: 'Carl' }).waitFor();
      await sidebar.locator('.sharing-section__title').first().click();
      await listbox.waitFor({ state: 'hidden' });
      await expect(combobox.getAttribute('aria-expanded')).resolves.toBe('false');
      await close();
    },
    STEP_MS,
  );

  it(
    'mirrors the rows in Arabic (right to left)',
    async () => {
      const { page, sidebar, t, close } = await openTab('ar', 1400);
      await expect(page.locator('html').getAttribute('dir')).resolves.toBe('rtl');
      const link = sidebar.locator('.sharing-link');
      const toggle = link.getByRole('button', { name: t('Options') });
      await toggle.click();
      const avatar = await box(link.locator('.sharing-avatar'));
      const copy = await box(link.getByRole('button', { name: t('Copy link') }));
      const switchBox = await box(toggle);
      // The avatar starts the row at the right edge; the buttons end it at the left.
      expect(avatar.x).toBeGreaterThan(copy.x);
      expect(copy.x).toBeGreaterThan(switchBox.x);
      // The options are indented from the right (inline start), under the name.
      const option = await box(link.getByRole('checkbox', { name: t('Hide download') }));
      expect(option.x + option.width).toBeLessThan(avatar.x + 8);
      // The address still reads left to right, its start (the scheme) in view.
      const address = link.getByRole('textbox', { name: t('Share link') });
      await expect(address.evaluate((input) => getComputedStyle(input).direction)).resolves.toBe('ltr');
      await expect(address.evaluate((input) => input.scrollLeft)).resolves.toBe(0);
      // Aligned at its own start (the left), so it is cut at its end, as a left-to-right text is, however wide the sidebar.
      await expect(address.evaluate((input) => getComputedStyle(input).textAlign)).resolves.toBe('left');
      // The permission choice and the options read right to left.
      await expect(link.getByRole('combobox', { name: t('Permissions') }).evaluate((select) => getComputedStyle(select).direction)).resolves.toBe('rtl');
      await expect(link.getByRole('combobox', { name: t('Permissions') }).locator('option:checked').textContent()).resolves.toBe(t('View only'));
      await shot(page, 'rtl');
      await close();
    },
    STEP_MS,
  );

  it(
    'keeps every control inside a 300 px sidebar',
    async () => {
      // 1100 px: the sidebar's clamp(300px, 27vw, 500px) gives its narrowest width.
      const { page, sidebar, close } = await openTab('en', 1100);
      const panel = sidebar.locator('.files-sidebar__panel');
      expect((await box(panel)).width).toBeLessThanOrEqual(302);
      for (const item of [sidebar.locator('.sharing-link'), sidebar.locator('.sharing-user')]) await item.getByRole('button', { name: 'Options' }).click();
      const edges = await box(panel);
      const outside = await panel.evaluate((element, edge) => {
        const controls = [...element.querySelectorAll<HTMLElement>('button, input, textarea, label, .sharing-avatar')].filter((control) => control.offsetParent !== null);
        return controls
          .filter((control) => {
            const rect = control.getBoundingClientRect();
            return rect.left < edge.x - 0.5 || rect.right > edge.x + edge.width + 0.5;
          })
          .map((control) => control.outerHTML.slice(0, 80));
      }, edges);
      expect(outside).toEqual([]);
      await expect(panel.evaluate((element) => element.scrollWidth <= element.clientWidth)).resolves.toBe(true);
      await shot(page, 'narrow');
      await close();
    },
    STEP_MS,
  );

  for (const language of ['en', 'ar'] as const) {
    it(
      `keeps the tab bar whole and scrolls the panel when the Sharing tab's content is long (${language})`,
      async () => {
        // A short window: the link's and the user share's options together are much taller than the sidebar.
        const { page, sidebar, t, close } = await openTab(language, 1400, 640);
        const shell = language === 'en' ? (key: string) => key : catalogueTranslator('shell', language);
        for (const item of [sidebar.locator('.sharing-link'), sidebar.locator('.sharing-user')]) await item.getByRole('button', { name: t('Options') }).click();
        const tablist = sidebar.getByRole('tablist');
        const tabs = await box(tablist);
        const tab = await box(sidebar.getByRole('tab', { name: t('Sharing') }));
        // The bar is as tall as its tabs (it collapsed to its 9 px of padding and border).
        expect(tabs.height).toBeGreaterThanOrEqual(tab.height);
        expect(tab.height).toBeGreaterThan(30);
        const panel = sidebar.getByRole('tabpanel');
        await expect(panel.evaluate((element) => element.scrollHeight > element.clientHeight + 50)).resolves.toBe(true);
        await expect(panel.evaluate((element) => getComputedStyle(element).overflowY)).resolves.toBe('auto');
        // The panel scrolls under the bar, which stays where it was.
        await sidebar.locator('.sharing-user').getByRole('button', { name: t('Unshare') }).scrollIntoViewIfNeeded();
        await expect(panel.evaluate((element) => element.scrollTop)).resolves.toBeGreaterThan(0);
        expect((await box(tablist)).y).toBe(tabs.y);
        await shot(page, `long-${language}`);
        // Details is still a click away.
        await sidebar.getByRole('tab', { name: shell('Details') }).click();
        await expect(sidebar.getByRole('tab', { name: shell('Details') }).getAttribute('aria-selected')).resolves.toBe('true');
        await close();
      },
      STEP_MS,
    );
  }
});
