/**
 * The app in the browser's language, against the real server in
 * headless Chromium: with `Accept-Language` nl, zh-CN, de and ar, the
 * sign-in page, the main screen, the New menu and the settings dialog show
 * the catalogues' words (read from the JSON files at test time, never
 * hard-coded here), `<html lang>` names the language, and Arabic mirrors the
 * layout (dir=rtl, the navigation on the right). Screenshots of the main
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

  it('a language chosen in the settings wins over Accept-Language, after the page reloads by itself', async () => {
    const t = catalogueTranslator('shell', 'de');
    const context = await browser.newContext({ locale: 'nl', extraHTTPHeaders: { 'Accept-Language': 'nl' }, viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/login`);
      await page.locator('#user').fill('admin');
      await page.locator('#password').fill(PASSWORD);
      await Promise.all([page.waitForURL(/\/apps\/files\//), page.locator('button[type=submit]').click()]);
      await page.getByRole('row', { name: /notes\.txt/ }).waitFor();
      const nl = catalogueTranslator('shell', 'nl');
      await page.getByRole('button', { name: nl('Files settings') }).click();
      const select = page.getByRole('dialog').getByRole('combobox');
      await Promise.all([page.waitForEvent('load'), select.selectOption('de')]);
      await page.getByRole('row', { name: /notes\.txt/ }).waitFor();
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('de');
      await expect(page.getByRole('button', { name: t('Files settings') }).isVisible()).resolves.toBe(true);
      // Back to the browser's language for the other tests.
      await page.getByRole('button', { name: t('Files settings') }).click();
      await Promise.all([page.waitForEvent('load'), page.getByRole('dialog').getByRole('combobox').selectOption('')]);
      await page.getByRole('row', { name: /notes\.txt/ }).waitFor();
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('nl');
    } finally {
      await context.close();
    }
  }, 90_000);
});
