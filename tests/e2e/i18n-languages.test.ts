/**
 * The app in the browser's language, against the real server in
 * headless Chromium: with `Accept-Language` nl, zh-CN, de and ar, the
 * sign-in page, the main screen, the New menu and the settings dialog show
 * the catalogues' words (read from the JSON files at test time, never
 * hard-coded here), `<html lang>` names the language, and Arabic mirrors the
 * layout (dir=rtl, the navigation on the right); a language chosen in the settings applies in
 * place (no page load; plugins re-translate) and is kept for the next page load. Screenshots of the main
 * screen go to tests/output/i18n-<lang>.png. Needs `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, watchPage } from '../support/browser';
import { catalogueTranslator } from '../support/catalogues';
import { E2E_OUTPUT, startFilesServer } from '../support/filesServer';
import type { FilesServer } from '../support/filesServer';

const PASSWORD = 'i18n-admin-password';

describe('the app in the language of Accept-Language', () => {
  let server: FilesServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startFilesServer({ name: 'i18n', adminPassword: PASSWORD, config: { throttleDelayMs: 0 } });
    for (const [method, target] of [['MKCOL', '/Documents'], ['PUT', '/notes.txt']] as const) {
      expect((await server.dav(method, target, method === 'PUT' ? 'hello' : undefined)).status).toBeLessThan(300);
    }
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it.each(['nl', 'zh-CN', 'de', 'ar'])('%s: sign-in page, main screen, New menu and a dialog in that language', async (language) => {
    const t = catalogueTranslator('shell', language);
    const serverT = catalogueTranslator('server', language);
    const context = await browser.newContext({ locale: language, extraHTTPHeaders: { 'Accept-Language': language }, viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    const problems = watchPage(page);
    try {
      // The sign-in page, served in the language, labels from the server's catalogue.
      await page.goto(`${server.url}/login`);
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe(language);
      await page.getByLabel(serverT('Login')).fill('admin');
      await page.getByLabel(serverT('Password')).fill(PASSWORD);
      await Promise.all([page.waitForURL(/\/apps\/files\//), page.getByRole('button', { name: serverT('Log in') }).click()]);

      // The main screen.
      await page.getByRole('row', { name: /notes\.txt/ }).waitFor();
      const html = page.locator('html');
      await expect(html.getAttribute('lang')).resolves.toBe(language);
      await expect(html.getAttribute('dir')).resolves.toBe(language === 'ar' ? 'rtl' : 'ltr');
      const navigation = page.getByRole('navigation', { name: t('Files') });
      await expect(navigation.getByText(t('All files'), { exact: true }).first().isVisible()).resolves.toBe(true);
      await expect(navigation.getByRole('button', { name: t('Files settings') }).isVisible()).resolves.toBe(true);
      await page.screenshot({ path: path.join(E2E_OUTPUT, `i18n-${language}.png`) });

      // The New menu.
      await page.getByRole('button', { name: t('New'), exact: true }).click();
      const menu = page.getByRole('menu', { name: t('New') });
      await menu.waitFor();
      const items = await menu.getByRole('menuitem').allTextContents();
      expect(items.map((item) => item.trim())).toEqual(expect.arrayContaining([t('New folder'), t('Upload files')]));
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });

      // A dialog: the settings, with the Language choice.
      await navigation.getByRole('button', { name: t('Files settings') }).click();
      const dialog = page.getByRole('dialog', { name: t('Files settings') });
      await dialog.waitFor();
      await expect(dialog.getByRole('heading', { name: t('Language'), exact: true }).isVisible()).resolves.toBe(true);
      await expect(dialog.getByRole('button', { name: t('Close') }).isVisible()).resolves.toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      if (language === 'ar') {
        // Mirrored: the navigation sits at the right edge, the file list to its left.
        const nav = await navigation.boundingBox();
        const list = await page.getByRole('row', { name: /notes\.txt/ }).boundingBox();
        expect(nav).not.toBeNull();
        expect(list).not.toBeNull();
        // The navigation is in the right half, and the list ends where it begins.
        expect(nav!.x).toBeGreaterThan(1400 / 2);
        expect(list!.x + list!.width).toBeLessThanOrEqual(nav!.x + 1);
      }
      expect(problems.pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('switches the language in place from the settings: no page load, the dialog stays open, plugins re-translate, Arabic mirrors; the choice is kept', async () => {
    const nl = catalogueTranslator('shell', 'nl');
    const shell = { de: catalogueTranslator('shell', 'de'), ar: catalogueTranslator('shell', 'ar') };
    const trash = { nl: catalogueTranslator('trash', 'nl'), de: catalogueTranslator('trash', 'de'), ar: catalogueTranslator('trash', 'ar') };
    const favorites = { de: catalogueTranslator('favorites', 'de'), ar: catalogueTranslator('favorites', 'ar') };
    const context = await browser.newContext({ locale: 'nl', extraHTTPHeaders: { 'Accept-Language': 'nl' }, viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    const problems = watchPage(page);
    try {
      await page.goto(`${server.url}/login`);
      await page.locator('#user').fill('admin');
      await page.locator('#password').fill(PASSWORD);
      await Promise.all([page.waitForURL(/\/apps\/files\//), page.locator('button[type=submit]').click()]);
      await page.getByRole('row', { name: /notes\.txt/ }).waitFor();
      const trashView = page.locator('[data-view-id="trashbin"]');
      await expect(trashView.textContent()).resolves.toContain(trash.nl('Deleted files'));
      // Set on this document: a page load would lose it.
      await page.evaluate(() => Object.assign(window, { cumulusSamePage: true }));
      let loads = 0;
      page.on('load', () => (loads += 1));

      await page.getByRole('button', { name: nl('Files settings') }).click();
      const select = page.getByRole('dialog').getByRole('combobox');
      // Where a person's click or Tab leaves the focus.
      await select.focus();
      await select.selectOption('de');
      await page.getByRole('dialog', { name: shell.de('Files settings') }).waitFor();
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('de');
      await expect(page.locator('html').getAttribute('dir')).resolves.toBe('ltr');
      // The plugins' words changed too (they follow the shell's, once their catalogues are in): the trash's and the favorites' view names.
      await page.locator('[data-view-id="trashbin"]', { hasText: trash.de('Deleted files') }).waitFor({ timeout: 5_000 });
      await page.locator('[data-view-id="favorites"]', { hasText: favorites.de('Favorites') }).waitFor({ timeout: 5_000 });
      await page.getByRole('row', { name: /notes\.txt/ }).waitFor();
      // The choice is still in hand: the dialog open, the focus on the choice.
      await expect(select.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
      await expect(select.inputValue()).resolves.toBe('de');

      await select.selectOption('ar');
      await page.getByRole('dialog', { name: shell.ar('Files settings') }).waitFor();
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('ar');
      await expect(page.locator('html').getAttribute('dir')).resolves.toBe('rtl');
      await page.locator('[data-view-id="trashbin"]', { hasText: trash.ar('Deleted files') }).waitFor({ timeout: 5_000 });
      await page.locator('[data-view-id="favorites"]', { hasText: favorites.ar('Favorites') }).waitFor({ timeout: 5_000 });
      // Mirrored: the navigation is on the right.
      const nav = await page.locator('.files-nav').boundingBox();
      expect(nav?.x ?? 0).toBeGreaterThan(700);
      await page.screenshot({ path: path.join(E2E_OUTPUT, 'i18n-switched-ar.png') });
      expect(loads).toBe(0);
      await expect(page.evaluate(() => (window as unknown as { cumulusSamePage?: boolean }).cumulusSamePage)).resolves.toBe(true);

      // The server was told: a new page load comes in Arabic, though the browser asks for Dutch.
      await page.reload();
      await page.getByRole('row', { name: /notes\.txt/ }).waitFor();
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('ar');
      // Back to the browser's language for the other tests, in place as well.
      await page.getByRole('button', { name: shell.ar('Files settings') }).click();
      await page.getByRole('dialog').getByRole('combobox').selectOption('');
      await page.getByRole('dialog', { name: nl('Files settings') }).waitFor();
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('nl');
      await expect(page.locator('html').getAttribute('dir')).resolves.toBe('ltr');
      await page.locator('[data-view-id="trashbin"]', { hasText: trash.nl('Deleted files') }).waitFor({ timeout: 5_000 });
      expect(problems.pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
