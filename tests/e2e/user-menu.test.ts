/**
 * The user menu and signing out, in headless Chromium against the real server, as a new
 * user meets them: the menu button in the navigation shows the user's initials and display
 * name and works as a WAI-ARIA menu button from the keyboard (Enter/ArrowDown open on the
 * first entry, ArrowUp on the last, arrows wrap, Escape closes back to the button), with no
 * serious axe finding; 'Settings' opens the Files settings dialog; 'Sign out' ends the
 * session on the server, clears the kept listings, sends every tab of the browser to the
 * sign-in page, and Back does not show the files again. Screenshot in
 * tests/output/user-menu-open.png. Needs `npm run build` first.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectNoSeriousViolations } from '../support/axe';
import { launchBrowser, watchPage } from '../support/browser';
import type { PageProblems } from '../support/browser';
import { E2E_OUTPUT, basicAuth, signIn, startFilesServer } from '../support/filesServer';
import type { FilesServer } from '../support/filesServer';
import { expectFocusedVisibly } from '../support/keyboardFocus';

const ADMIN_PASSWORD = 'user-menu-e2e-admin-password';
const USER = 'nina';
const PASSWORD = 'nina-user-menu-e2e-password';
const CACHE_DB = `cumulus-listings:${USER}`;
const STEP_MS = 60_000;

describe('the user menu and signing out', () => {
  let server: FilesServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;

  const row = (on: Page, name: string) => on.getByRole('row').filter({ hasText: name });
  const keptDatabases = (on: Page) => on.evaluate(async () => (await indexedDB.databases()).map((database) => database.name));

  beforeAll(async () => {
    server = await startFilesServer({ name: 'user-menu', adminPassword: ADMIN_PASSWORD });
    await server.server.built.accounts.users.create({ uid: USER, password: PASSWORD, displayName: 'Nina Nowak' });
    const dav = (method: string, file: string, body?: string) =>
      fetch(`${server.url}/remote.php/dav/files/${USER}${file}`, { method, headers: { authorization: basicAuth(USER, PASSWORD) }, body });
    expect((await dav('MKCOL', '/Plans')).status).toBe(201);
    expect((await dav('PUT', '/Plans/garden.txt', 'tulips')).status).toBe(201);
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    problems = watchPage(page);
    await signIn(page, server.url, PASSWORD, USER);
    await row(page, 'Plans').waitFor();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it(
    'is a menu button with the initials and display name, walked with the keyboard, without axe findings',
    async () => {
      const button = page.getByRole('button', { name: 'Nina Nowak' });
      await expect(button.getAttribute('aria-haspopup')).resolves.toBe('menu');
      await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
      await expect(button.locator('.files-user__avatar').textContent()).resolves.toBe('NN');
      const menu = page.getByRole('menu', { name: 'Nina Nowak' });
      const settings = menu.getByRole('menuitem', { name: 'Settings' });
      const signOut = menu.getByRole('menuitem', { name: 'Sign out' });

      await button.focus();
      await page.keyboard.press('Enter');
      await expectFocusedVisibly(page, settings, 'Enter opens the menu on its first entry');
      await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
      await expect(button.getAttribute('aria-controls')).resolves.toBe(await menu.getAttribute('id'));
      await page.keyboard.press('ArrowDown');
      await expectFocusedVisibly(page, signOut, 'ArrowDown to Sign out');
      await page.keyboard.press('ArrowDown');
      await expectFocusedVisibly(page, settings, 'ArrowDown wraps to Settings');
      await page.keyboard.press('End');
      await expectFocusedVisibly(page, signOut, 'End to Sign out');
      await page.screenshot({ path: path.join(E2E_OUTPUT, 'user-menu-open.png') });
      await expectNoSeriousViolations(page, 'the open user menu', { include: ['.files-nav'] });
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      await expectFocusedVisibly(page, button, 'Escape back to the menu button');
      await page.keyboard.press('ArrowUp');
      await expectFocusedVisibly(page, signOut, 'ArrowUp opens the menu on its last entry');
      // Tab closes the menu and goes on from the button.
      await page.keyboard.press('Tab');
      await menu.waitFor({ state: 'detached' });

      // 'Settings' opens the Files settings dialog; closing it gives the focus back to the button.
      await button.click();
      await settings.click();
      const dialog = page.getByRole('dialog', { name: 'Files settings' });
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expectFocusedVisibly(page, button, 'the settings dialog closed');
      expect(problems.pageErrors).toEqual([]);
    },
    STEP_MS,
  );

  it(
    'signs out everywhere in the browser: the session ends, the kept listings go, the other tab follows, Back shows no files',
    async () => {
      // Into a folder (a history entry of the app), and a second tab of the same browser.
      await row(page, 'Plans').getByRole('button', { name: 'Plans' }).first().click();
      await row(page, 'garden.txt').waitFor();
      const other = await context.newPage();
      const otherProblems = watchPage(other);
      await other.goto(`${server.url}/apps/files/files?dir=/`);
      await row(other, 'Plans').waitFor();
      await expect(keptDatabases(page)).resolves.toContain(CACHE_DB);
      const session = (await context.cookies()).find((cookie) => cookie.name === 'cumulus_session');
      expect(session).toBeDefined();

      await page.getByRole('button', { name: 'Nina Nowak' }).click();
      await Promise.all([page.waitForURL(/\/login\?loggedout$/), page.getByRole('menuitem', { name: 'Sign out' }).click()]);
      await page.getByText('You have been signed out.').waitFor();
      // The other tab lands on the sign-in page by itself.
      await other.waitForURL(/\/login/, { timeout: 5_000 });
      await other.getByLabel('Password').waitFor();
      // The session is over on the server, and nothing of the user's listings is left in the browser.
      // (The sign-in page's content security policy allows it no requests: asked from here, with the old cookie.)
      expect((await fetch(`${server.url}/apps/files/api/v1/stats`, { headers: { cookie: `cumulus_session=${session?.value ?? ''}` } })).status).toBe(401);
      await expect(context.cookies()).resolves.not.toContainEqual(expect.objectContaining({ name: 'cumulus_session' }));
      await expect(keptDatabases(page)).resolves.not.toContain(CACHE_DB);
      await expect(page.evaluate((name) => Object.keys(localStorage).filter((key) => key.startsWith(name)), CACHE_DB)).resolves.toEqual([]);

      // Back does not bring the files back: the server sends the sign-in page.
      await page.goBack();
      await page.waitForLoadState('load');
      await page.getByLabel('Password').waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
      await expect(page.locator('.files-app').count()).resolves.toBe(0);
      await expect(page.getByText('garden.txt').count()).resolves.toBe(0);
      expect(problems.pageErrors).toEqual([]);
      expect(otherProblems.pageErrors).toEqual([]);
    },
    STEP_MS,
  );
});
