/**
 * The New-folder dialog's look, in headless Chromium against the real server: its label
 * stands above the name field with a gap (it touched the field, side by side on one line),
 * the field as wide as the dialog's content, in English and mirrored in Arabic. Screenshots
 * in tests/output/new-folder-{en,ar}.png. Needs `npm run build` first.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { launchBrowser, watchPage } from '../support/browser';
import { catalogueTranslator } from '../support/catalogues';
import { E2E_OUTPUT, startFilesServer } from '../support/filesServer';
import type { FilesServer } from '../support/filesServer';

const PASSWORD = 'new-folder-layout-e2e-password';

describe('the New-folder dialog', () => {
  let server: FilesServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startFilesServer({ name: 'new-folder-layout', adminPassword: PASSWORD });
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const language of ['en', 'ar'] as const) {
    it(`puts its label above the field with a gap (${language})`, async () => {
      const t = language === 'en' ? (key: string) => key : catalogueTranslator('shell', language);
      const context = await browser.newContext({ locale: language, extraHTTPHeaders: { 'Accept-Language': language }, viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const problems = watchPage(page);
      // The page's language comes from Accept-Language; the sign-in form's fields are found by their names.
      await page.goto(`${server.url}/login`);
      await page.locator('input[name="user"]').fill('admin');
      await page.locator('input[name="password"]').fill(PASSWORD);
      await Promise.all([page.waitForURL(/\/apps\/files\//), page.locator('form button[type="submit"]').click()]);
      await page.getByRole('button', { name: t('New'), exact: true }).click();
      await page.getByRole('menuitem', { name: t('New folder') }).click();
      const dialog = page.getByRole('dialog', { name: t('Create new folder') });
      const field = dialog.getByRole('textbox', { name: t('Folder name') });
      await field.waitFor();
      const layout = await field.evaluate((input) => {
        const label = input.closest('label');
        const text = [...(label?.childNodes ?? [])].find((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
        if (label === null || text === undefined) throw new Error('the field has no label text');
        const range = document.createRange();
        range.selectNodeContents(text);
        const words = range.getBoundingClientRect();
        const box = input.getBoundingClientRect();
        const form = input.closest('form')?.getBoundingClientRect();
        return { textBottom: words.bottom, textStart: document.dir === 'rtl' ? words.right : words.left, fieldTop: box.top, fieldStart: document.dir === 'rtl' ? box.right : box.left, fieldWidth: box.width, formWidth: form?.width ?? 0 };
      });
      // Above the field, not beside it, with a visible gap, and starting where the field starts.
      expect(layout.fieldTop - layout.textBottom).toBeGreaterThanOrEqual(4);
      expect(layout.fieldTop - layout.textBottom).toBeLessThanOrEqual(16);
      expect(Math.abs(layout.textStart - layout.fieldStart)).toBeLessThan(2);
      expect(layout.fieldWidth).toBeGreaterThan(layout.formWidth - 2);
      await page.screenshot({ path: path.join(E2E_OUTPUT, `new-folder-${language}.png`) });
      await dialog.getByRole('button', { name: t('Cancel') }).click();
      expect(problems.pageErrors).toEqual([]);
      await context.close();
    }, 60_000);
  }
});
