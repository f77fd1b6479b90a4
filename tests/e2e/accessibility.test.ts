/**
 * Accessibility of the app in headless Chromium against the real server
 * : keyboard-only walkthroughs with a visible focus at every step
 * (open a folder, select a range, a batch action, rename, the sidebar and its
 * tabs, an upload through the New menu, a conflict, a share link); every
 * dialog keeps the focus inside and gives it back to its opener; the names
 * and live regions a screen reader announces; and axe-core (WCAG 2.0/2.1 A
 * and AA) on every screen and dialog, failing on any serious or critical
 * violation. One browser, one server, one sign-in. Needs the built front end
 * (`npm run build`). Screenshots go to tests/output/.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page, Route } from 'playwright-core';
import { expectNoSeriousViolations } from '../support/axe';
import { launchBrowser, watchPage } from '../support/browser';
import type { PageProblems } from '../support/browser';
import { E2E_OUTPUT, basicAuth, signIn, startFilesServer } from '../support/filesServer';
import type { FilesServer } from '../support/filesServer';
import { expectFocusIndicated, expectFocusTrapped, expectFocusedVisibly, hasFocus, tabTo } from '../support/keyboardFocus';

const PASSWORD = 'a11y-e2e-password';
const STEP_MS = 30_000;
const SHARES_API = '/ocs/v2.php/apps/files_sharing/api/v1/shares';

describe('accessibility in the browser', () => {
  let server: FilesServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;

  const dav = (method: string, file: string, body?: string) => server.dav(method, file, body);
  const exists = async (file: string) => (await dav('PROPFIND', file)).status === 207;
  const row = (name: string): Locator => page.locator(`[role="row"][data-source$="/${encodeURIComponent(name)}"]`);
  const toast = (text: string): Locator => page.locator('.files-toast', { hasText: text });
  const shot = (name: string) => page.screenshot({ path: path.join(E2E_OUTPUT, `accessibility-${name}.png`) });
  const newButton = () => page.getByRole('button', { name: 'New', exact: true });
  const sidebar = () => page.getByRole('complementary');
  /** Opens the Files view at `dir` with no element focused, as after a fresh load. */
  const openFiles = async (dir = '/') => {
    await page.goto(`${server.url}/apps/files/files?dir=${encodeURIComponent(dir)}`);
    await newButton().waitFor();
    await page.locator('[role="row"][data-source]').first().waitFor();
  };
  /** Presses `key`, then checks the focus is on `expected` with a visible indicator. */
  const press = async (key: string, expected: Locator, step: string) => {
    await page.keyboard.press(key);
    await expected.waitFor();
    await page.waitForFunction(() => document.activeElement !== document.body, undefined, { timeout: 5_000 }).catch(() => undefined);
    await expectFocusedVisibly(page, expected, step);
  };
  /**
   * Home, then ArrowDown until the row of `name` has the focus (favorites sort first, so the
   * order changes during the tests), the focus visible on a row at every step.
   */
  const walkRows = async (name: string) => {
    await page.keyboard.press('Home');
    for (let presses = 0; presses < 20 && !(await hasFocus(row(name))); presses++) {
      await expectFocusIndicated(page, `on the way to ${name}`);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('row');
      await page.keyboard.press('ArrowDown');
    }
    await expectFocusedVisibly(page, row(name), `ArrowDown to ${name}`);
  };
  /** Presses ArrowDown in an open menu until `item` has the focus, checking the focus is visible on it. */
  const arrowTo = async (item: Locator, step: string) => {
    for (let presses = 0; presses < 12 && !(await hasFocus(item)); presses++) await page.keyboard.press('ArrowDown');
    await expectFocusedVisibly(page, item, step);
  };
  /** Creates a link share of `file` as admin over OCS; its token. */
  const createLinkShare = async (file: string, extra: Record<string, unknown> = {}): Promise<string> => {
    const response = await fetch(`${server.url}${SHARES_API}?format=json`, {
      method: 'POST',
      headers: { authorization: basicAuth('admin', PASSWORD), 'content-type': 'application/json', 'OCS-APIRequest': 'true' },
      body: JSON.stringify({ path: file, shareType: 3, ...extra }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { ocs: { data: { token: string } } }).ocs.data.token;
  };
  const linkShares = async (file: string): Promise<unknown[]> => {
    const response = await fetch(`${server.url}${SHARES_API}?format=json&path=${encodeURIComponent(file)}`, { headers: { authorization: basicAuth('admin', PASSWORD), 'OCS-APIRequest': 'true' } });
    return ((await response.json()) as { ocs: { data: { share_type: number }[] } }).ocs.data.filter((share) => share.share_type === 3);
  };
  /** A fresh context without a session; `bypassCSP` lets axe in where the server pages allow no script. */
  const anonymousPage = async (): Promise<Page> => (await browser.newContext({ bypassCSP: true })).newPage();

  beforeAll(async () => {
    server = await startFilesServer({ name: 'a11y', adminPassword: PASSWORD });
    for (const folder of ['/Archive', '/Docs']) expect((await dav('MKCOL', folder)).status).toBe(201);
    for (const file of ['alpha.txt', 'beta.txt', 'delta.txt', 'gamma.txt', 'omega.txt', 'Docs/inside.txt', 'Archive/alpha.txt', 'old-notes.txt']) {
      expect((await dav('PUT', `/${file}`, `content of ${file}`)).status).toBe(201);
    }
    // Something in Deleted files.
    expect((await dav('DELETE', '/old-notes.txt')).status).toBe(204);
    browser = await launchBrowser();
    // Axe is injected as a script: the shell's CSP must let it in.
    context = await browser.newContext({ viewport: { width: 1400, height: 900 }, bypassCSP: true });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
    problems = watchPage(page);
    // A standing listener keeps playwright's file chooser interception on: waitForEvent alone
    // turns it on asynchronously, and a key press can open the chooser before that.
    page.on('filechooser', () => undefined);
    await signIn(page, server.url, PASSWORD);
    await row('alpha.txt').waitFor();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the checks themselves fail where they should: a nameless button, grey-on-grey text, a focus without an indicator', async () => {
    const probe = await context.newPage();
    await probe.setContent(
      '<html lang="en"><head><title>probe</title></head><body><main><button id="nameless"></button><p style="color:#aaa;background:#bbb">faint</p>' +
        '<button id="plain" style="outline:none">plain</button></main></body></html>',
    );
    await expect(expectNoSeriousViolations(probe, 'the probe')).rejects.toThrow(/button-name \(critical\)[\s\S]*#nameless[\s\S]*color-contrast \(serious\)/);
    await probe.keyboard.press('Tab');
    await probe.keyboard.press('Tab');
    await expect(expectFocusIndicated(probe, 'the probe')).rejects.toThrow(/#?plain.*shows no focus indicator/);
    await probe.close();
  }, STEP_MS);

  describe('keyboard-only walkthrough, the focus visible at every step', () => {
    it('opens a folder with Enter and comes back with Alt+Up', async () => {
      await openFiles();
      await walkRows('Docs');
      await page.keyboard.press('Enter');
      await row('inside.txt').waitFor();
      expect(new URL(page.url()).searchParams.get('dir')).toBe('/Docs');
      await press('Home', row('inside.txt'), 'Home inside Docs');
      await page.keyboard.press('Alt+ArrowUp');
      await row('alpha.txt').waitFor();
      expect(new URL(page.url()).searchParams.get('dir')).toBe('/');
      await expectFocusIndicated(page, 'back in the parent folder');
    }, STEP_MS);

    it('selects a range with Space and Shift+Space, then runs a batch action from its toolbar', async () => {
      await walkRows('alpha.txt');
      await press('Space', row('alpha.txt'), 'Space selects alpha.txt');
      await press('ArrowDown', row('beta.txt'), 'ArrowDown to beta.txt');
      await press('ArrowDown', row('delta.txt'), 'ArrowDown to delta.txt');
      await press('Shift+Space', row('delta.txt'), 'Shift+Space selects the range');
      const selected = await page.locator('[role="row"][aria-selected="true"] .files-name').allTextContents();
      expect(selected).toEqual(['alpha.txt', 'beta.txt', 'delta.txt']);
      const bar = page.getByRole('toolbar', { name: 'Batch actions' });
      await bar.getByText('3 selected').waitFor();
      // 'Add to favorites' shows in the bar, or in its 'Actions' menu when the bar is full.
      const inline = bar.getByRole('button', { name: 'Add to favorites' });
      if ((await inline.count()) > 0) {
        await tabTo(page, inline, 'Shift+Tab to the batch bar', { backwards: true });
      } else {
        await tabTo(page, bar.getByRole('button', { name: 'Actions', exact: true }), 'Shift+Tab to the batch bar', { backwards: true });
        await page.keyboard.press('Enter');
        await arrowTo(page.getByRole('menuitem', { name: 'Add to favorites', exact: true }), 'ArrowDown to Add to favorites');
      }
      await page.keyboard.press('Enter');
      await toast('"Add to favorites" batch action executed successfully').waitFor();
      // The selection clears after a batch action and the bar goes: the focus goes on to the active row.
      await bar.waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'row');
      await expectFocusIndicated(page, 'after the batch action');
    }, STEP_MS);

    it('renames with F2, typing the name and Enter', async () => {
      await press('End', row('omega.txt'), 'End');
      await page.keyboard.press('F2');
      const field = row('omega.txt').getByRole('textbox', { name: 'Filename' });
      await field.waitFor();
      await expectFocusedVisibly(page, field, 'F2 opens the rename field');
      await page.keyboard.press('Control+a');
      await page.keyboard.type('zeta.txt');
      await page.keyboard.press('Enter');
      await row('zeta.txt').waitFor();
      expect(await exists('/zeta.txt')).toBe(true);
      await expectFocusIndicated(page, 'after the rename');
    }, STEP_MS);

    it('opens the sidebar with D, switches its tabs with the arrows, and Escape gives the focus back to the row', async () => {
      await walkRows('alpha.txt');
      await page.keyboard.press('d');
      const heading = sidebar().getByRole('heading', { name: 'alpha.txt' });
      await heading.waitFor();
      await expectFocusedVisibly(page, heading, 'D opens the sidebar on its heading');
      const tabs = sidebar().getByRole('tab');
      const names = await tabs.allTextContents();
      expect(names.length).toBeGreaterThan(1);
      await tabTo(page, sidebar().getByRole('tab', { selected: true }), 'Tab to the sidebar tabs');
      for (let index = 1; index <= names.length; index++) {
        const next = sidebar().getByRole('tab', { name: names[index % names.length], exact: true });
        await press('ArrowRight', next, `ArrowRight to the ${names[index % names.length]} tab`);
        expect(await next.getAttribute('aria-selected')).toBe('true');
        await sidebar().getByRole('tabpanel').waitFor();
      }
      await page.keyboard.press('Escape');
      await sidebar().waitFor({ state: 'detached' });
      await expectFocusedVisibly(page, row('alpha.txt'), 'Escape closes the sidebar');
    }, STEP_MS);

    it('uploads a file through New → Upload files; the focus comes back to New', async () => {
      await tabTo(page, newButton(), 'Shift+Tab to New', { backwards: true, max: 80 });
      await press('Enter', page.getByRole('menuitem', { name: 'Upload files' }), 'Enter opens the New menu on its first entry');
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
      await chooser.setFiles({ name: 'typed.txt', mimeType: 'text/plain', buffer: Buffer.from('uploaded from the keyboard') });
      await row('typed.txt').waitFor();
      await expectFocusedVisibly(page, newButton(), 'after choosing the file');
      expect(await (await dav('GET', '/typed.txt')).text()).toBe('uploaded from the keyboard');
    }, STEP_MS);

    it('resolves an upload conflict with the keyboard: the dialog keeps the focus, Escape cancels, Continue keeps the new version', async () => {
      const upload = async () => {
        await press('Enter', page.getByRole('menuitem', { name: 'Upload files' }), 'New menu');
        const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
        await chooser.setFiles({ name: 'typed.txt', mimeType: 'text/plain', buffer: Buffer.from('the second version') });
        const dialog = page.getByRole('dialog', { name: /file conflict in/ });
        await dialog.waitFor();
        return dialog;
      };
      let dialog = await upload();
      await expectFocusIndicated(page, 'the conflict dialog opens');
      await expectNoSeriousViolations(page, 'the conflict dialog');
      await expectFocusTrapped(page, dialog, 'the conflict dialog');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expectFocusedVisibly(page, newButton(), 'Escape cancels the conflict dialog');

      dialog = await upload();
      await tabTo(page, dialog.getByRole('checkbox', { name: 'New version: typed.txt' }), 'Tab to the new version');
      await page.keyboard.press('Space');
      await tabTo(page, dialog.getByRole('button', { name: 'Continue' }), 'Tab to Continue');
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await expectFocusedVisibly(page, newButton(), 'Continue closes the conflict dialog');
      for (let waited = 0; (await (await dav('GET', '/typed.txt')).text()) !== 'the second version' && waited < 5_000; waited += 100) await page.waitForTimeout(100);
      expect(await (await dav('GET', '/typed.txt')).text()).toBe('the second version');
    }, STEP_MS);

    it('shares a file by link from the Sharing tab', async () => {
      await walkRows('beta.txt');
      await page.keyboard.press('d');
      await sidebar().getByRole('heading', { name: 'beta.txt' }).waitFor();
      await tabTo(page, sidebar().getByRole('tab', { selected: true }), 'Tab to the sidebar tabs');
      const sharingTab = sidebar().getByRole('tab', { name: 'Sharing' });
      for (let step = 0; step < 6 && (await sharingTab.getAttribute('aria-selected')) !== 'true'; step++) await page.keyboard.press('ArrowRight');
      await expectFocusedVisibly(page, sharingTab, 'the Sharing tab');
      const create = sidebar().getByRole('button', { name: 'Create a new share link' });
      await tabTo(page, create, 'Tab to "Create a new share link"');
      await page.keyboard.press('Enter');
      await sidebar().getByRole('textbox', { name: 'Share link' }).waitFor();
      await expectFocusIndicated(page, 'after creating the link');
      expect(await linkShares('/beta.txt')).toHaveLength(1);
      await shot('share-link');
      await page.keyboard.press('Escape');
      await sidebar().waitFor({ state: 'detached' });
    }, STEP_MS);
  });

  describe('dialogs keep the focus inside and give it back to their opener', () => {
    /** Opens a dialog with `open` (keyboard only), checks its trap, closes it with Escape, then again with its close button. */
    const checkDialog = async (name: string | RegExp, opener: Locator, open: () => Promise<void>, closeButton: string) => {
      const dialog = page.getByRole('dialog', { name });
      for (const closeWith of ['Escape', closeButton]) {
        await open();
        await dialog.waitFor();
        await expectFocusIndicated(page, `${String(name)} opens`);
        await expectFocusTrapped(page, dialog, String(name));
        if (closeWith === 'Escape') await page.keyboard.press('Escape');
        else {
          await tabTo(page, dialog.getByRole('button', { name: closeWith, exact: true }), `Tab to ${closeWith}`);
          await page.keyboard.press('Enter');
        }
        await dialog.waitFor({ state: 'detached' });
        await expectFocusedVisibly(page, opener, `${String(name)} closed with ${closeWith}`);
      }
    };

    it('the settings dialog', async () => {
      await openFiles();
      const settings = page.getByRole('button', { name: 'Files settings' });
      await tabTo(page, settings, 'Tab to Files settings', { max: 80 });
      await checkDialog('Files settings', settings, () => page.keyboard.press('Enter'), 'Close');
    }, STEP_MS);

    it('the keyboard shortcuts help', async () => {
      // Keys in the navigation are not the list's: start from a fresh page.
      await openFiles();
      await walkRows('Archive');
      await checkDialog('Keyboard shortcuts', row('Archive'), () => page.keyboard.press('?'), 'Close');
    }, STEP_MS);

    it('the New folder dialog', async () => {
      await tabTo(page, newButton(), 'Shift+Tab to New', { backwards: true, max: 80 });
      await checkDialog(
        'Create new folder',
        newButton(),
        async () => {
          await press('Enter', page.getByRole('menuitem', { name: 'Upload files' }), 'New menu');
          await arrowTo(page.getByRole('menuitem', { name: 'New folder' }), 'ArrowDown to New folder');
          await page.keyboard.press('Enter');
        },
        'Cancel',
      );
    }, STEP_MS);

    it('the move or copy picker, opened from a row’s action menu', async () => {
      await walkRows('alpha.txt');
      const actions = row('alpha.txt').getByRole('button', { name: 'Actions for alpha.txt' });
      await tabTo(page, actions, 'Tab to the row’s actions');
      await checkDialog(
        'Choose destination',
        actions,
        async () => {
          await page.keyboard.press('Enter');
          const menu = page.getByRole('menu', { name: 'Actions for alpha.txt' });
          await menu.waitFor();
          await expectFocusIndicated(page, 'the action menu opens');
          await arrowTo(menu.getByRole('menuitem', { name: 'Move or copy', exact: true }), 'Move or copy in the menu');
          await page.keyboard.press('Enter');
        },
        'Close',
      );
    }, STEP_MS);
  });

  describe('what a screen reader announces', () => {
    it('names each row’s checkbox and action menu, and the menu’s items', async () => {
      await openFiles();
      const snapshot = await row('alpha.txt').ariaSnapshot();
      expect(snapshot).toContain('checkbox "Toggle selection for file \\"alpha.txt\\""');
      expect(snapshot).toContain('button "Actions for alpha.txt"');
      const actions = row('alpha.txt').getByRole('button', { name: 'Actions for alpha.txt' });
      expect(await actions.getAttribute('aria-haspopup')).toBe('menu');
      expect(await actions.getAttribute('aria-expanded')).toBe('false');
      await actions.click();
      expect(await actions.getAttribute('aria-expanded')).toBe('true');
      const menu = page.getByRole('menu', { name: 'Actions for alpha.txt' });
      expect(await menu.ariaSnapshot()).toMatch(/menuitem "Rename"/);
      expect(await menu.ariaSnapshot()).toMatch(/menuitem "Move or copy"/);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
    }, STEP_MS);

    it('toasts land in live regions that are on the page before them: role=status for news, role=alert for errors', async () => {
      const status = page.locator('.files-toasts [role="status"]');
      const alert = page.locator('.files-toasts [role="alert"]');
      expect(await status.getAttribute('aria-live')).toBe('polite');
      expect(await alert.getAttribute('aria-live')).toBe('assertive');
      const actions = row('gamma.txt').getByRole('button', { name: 'Actions for gamma.txt' });
      await actions.click();
      await page.getByRole('menuitem', { name: 'Add to favorites', exact: true }).click();
      await status.getByText('"Add to favorites" action executed successfully').waitFor();
      // An error: the server refuses a rename (a 403 answered for it here).
      await page.route('**/remote.php/dav/files/admin/gamma.txt', (route) => (route.request().method() === 'MOVE' ? route.fulfill({ status: 403 }) : route.continue()));
      await actions.click();
      await page.getByRole('menuitem', { name: 'Rename', exact: true }).click();
      const field = row('gamma.txt').getByRole('textbox', { name: 'Filename' });
      await field.fill('gamma-refused.txt');
      await field.press('Enter');
      await alert.locator('.files-toast').first().waitFor();
      await page.unroute('**/remote.php/dav/files/admin/gamma.txt');
      // The field re-opens with the old name (product §4); Enter on it closes it unchanged.
      await row('gamma.txt').getByRole('textbox', { name: 'Filename' }).press('Enter');
      await row('gamma.txt').getByRole('textbox').waitFor({ state: 'detached' });
      expect(await exists('/gamma.txt')).toBe(true);
    }, STEP_MS);

    it('upload progress is a named progressbar with its value in words, and a live region while it runs', async () => {
      const held: Route[] = [];
      await page.route('**/remote.php/dav/files/admin/held.txt', (route) => {
        if (route.request().method() === 'PUT') held.push(route);
        else void route.continue();
      });
      // The upload's live region is on the page, empty, before the upload starts.
      const announcement = page.locator('.files-header [role="status"][data-upload-announcement]');
      expect(await announcement.textContent()).toBe('');
      await newButton().click();
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('menuitem', { name: 'Upload files' }).click()]);
      await chooser.setFiles({ name: 'held.txt', mimeType: 'text/plain', buffer: Buffer.alloc(200_000, 65) });
      await announcement.getByText('0 of 1 file').waitFor();
      const bar = page.getByRole('progressbar', { name: 'Upload progress' });
      await bar.waitFor();
      expect(await bar.getAttribute('aria-valuemin')).toBe('0');
      expect(await bar.getAttribute('aria-valuemax')).toBe('100');
      expect(await bar.getAttribute('aria-valuenow')).toMatch(/^\d+$/);
      expect(await bar.getAttribute('aria-valuetext')).toMatch(/^\d+% – /);
      // The per-file list, opened from the panel, for axe too.
      await page.getByRole('button', { name: '0 of 1 file' }).click();
      await page.getByRole('list', { name: 'Uploads' }).waitFor();
      await expectNoSeriousViolations(page, 'the upload panel during an upload');
      await shot('upload-panel');
      for (let waited = 0; held.length === 0 && waited < 5_000; waited += 100) await page.waitForTimeout(100);
      await page.unroute('**/remote.php/dav/files/admin/held.txt');
      // Unrouting may have let the held request go already.
      for (const route of held) await route.continue().catch(() => undefined);
      await row('held.txt').waitFor();
      await bar.waitFor({ state: 'detached' });
      await page.locator('.files-toasts [role="status"]').getByText('Files uploaded successfully').waitFor();
      await expectNoSeriousViolations(page, 'the Files screen after an upload');
    }, STEP_MS);
  });

  describe('axe finds no serious or critical violation', () => {
    /** Ticks two rows' checkboxes, for the batch bar. */
    const checkboxSelect = async () => {
      await page.getByRole('checkbox', { name: 'Toggle selection for file "alpha.txt"' }).click();
      await page.getByRole('checkbox', { name: 'Toggle selection for file "beta.txt"' }).click();
      await page.getByRole('toolbar', { name: 'Batch actions' }).waitFor();
    };

    it('on the sign-in page, also after a wrong password', async () => {
      const anonymous = await anonymousPage();
      await anonymous.goto(`${server.url}/login`);
      await expectNoSeriousViolations(anonymous, 'the sign-in page');
      await anonymous.getByLabel('Login').fill('admin');
      await anonymous.getByLabel('Password').fill('wrong password');
      await anonymous.getByRole('button', { name: 'Log in' }).click();
      await anonymous.getByRole('alert').waitFor();
      await expectNoSeriousViolations(anonymous, 'the sign-in page with an error');
      await anonymous.context().close();
    }, STEP_MS);

    it('on the file list, the grid, the New menu, the settings dialog and the shortcuts help', async () => {
      await openFiles();
      await expectNoSeriousViolations(page, 'the file list');
      await checkboxSelect();
      await expectNoSeriousViolations(page, 'the file list with a selection and its batch bar');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Switch to grid view' }).click();
      await page.locator('.files-list[data-layout="grid"]').waitFor();
      await expectNoSeriousViolations(page, 'the grid view');
      await page.getByRole('button', { name: 'Switch to list view' }).click();
      await page.locator('.files-list[data-layout="list"]').waitFor();
      await newButton().click();
      await page.getByRole('menu', { name: 'New' }).waitFor();
      await expectNoSeriousViolations(page, 'the New menu');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Files settings' }).click();
      await page.getByRole('dialog', { name: 'Files settings' }).waitFor();
      await expectNoSeriousViolations(page, 'the settings dialog');
      await page.keyboard.press('Escape');
      await row('alpha.txt').focus();
      await page.keyboard.press('?');
      await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
      await expectNoSeriousViolations(page, 'the keyboard shortcuts help');
      await page.keyboard.press('Escape');
    }, STEP_MS);

    it('on the sidebar with each of its tabs', async () => {
      await row('alpha.txt').locator('.files-cell--size button[title="Open details of alpha.txt"]').click();
      await sidebar().waitFor();
      const names = await sidebar().getByRole('tab').allTextContents();
      for (const name of names) {
        await sidebar().getByRole('tab', { name, exact: true }).click();
        await sidebar().getByRole('tabpanel').waitFor();
        // Let the tab's plugin content render (the sharing tab loads the shares).
        await page.waitForTimeout(300);
        await expectNoSeriousViolations(page, `the sidebar's ${name} tab`);
      }
      await sidebar().getByRole('button', { name: 'Close sidebar' }).click();
      await sidebar().waitFor({ state: 'detached' });
    }, STEP_MS);

    it('on a row’s action menu and the move or copy picker', async () => {
      await row('alpha.txt').getByRole('button', { name: 'Actions for alpha.txt' }).click();
      await page.getByRole('menu', { name: 'Actions for alpha.txt' }).waitFor();
      await expectNoSeriousViolations(page, 'a row’s action menu');
      await page.getByRole('menuitem', { name: 'Move or copy', exact: true }).click();
      const picker = page.getByRole('dialog', { name: 'Choose destination' });
      await picker.getByRole('button', { name: 'Docs' }).waitFor();
      // Only the modal dialog: the page behind it is inert (aria-modal) and the row whose action
      // waits for the picker is faded as busy; the list itself is checked on its own above.
      await expectNoSeriousViolations(page, 'the move or copy picker', { include: ['[role="dialog"][aria-modal="true"]'] });
      await page.keyboard.press('Escape');
      await picker.waitFor({ state: 'detached' });
    }, STEP_MS);

    it('on the Favorites, Recent, Shares and Deleted files views', async () => {
      const navigation = page.getByRole('navigation', { name: 'Files' });
      for (const [view, expected] of [
        ['Favorites', 'alpha.txt'],
        ['Recent', null],
        ['Shared with you', null],
        ['Shared with others', null],
        ['Shared by link', 'beta.txt'],
        ['Deleted files', 'old-notes.txt'],
      ] as const) {
        await navigation.getByRole('link', { name: view, exact: true }).click();
        await page.getByRole('heading', { level: 1, name: view }).waitFor();
        if (expected !== null) await page.locator('[role="row"][data-source]', { hasText: expected }).first().waitFor();
        else await page.waitForTimeout(300);
        await expectNoSeriousViolations(page, `the ${view} view`);
      }
    }, STEP_MS);

    it('on the public link pages (folder, single file, file drop) and the password page', async () => {
      const open = await createLinkShare('/Docs');
      const locked = await createLinkShare('/Archive', { password: 'open sesame 42' });
      const visitor = await anonymousPage();
      await visitor.goto(`${server.url}/s/${open}`);
      await visitor.locator('[role="row"][data-source]', { hasText: 'inside.txt' }).first().waitFor();
      await expectNoSeriousViolations(visitor, 'the public link page');
      await visitor.goto(`${server.url}/s/${await createLinkShare('/alpha.txt')}`);
      await visitor.getByRole('link', { name: 'Download' }).waitFor();
      await expectNoSeriousViolations(visitor, 'the public page of a single file');
      await visitor.goto(`${server.url}/s/${await createLinkShare('/Archive', { permissions: 4 })}`);
      await visitor.getByRole('button', { name: 'Upload files' }).waitFor();
      await expectNoSeriousViolations(visitor, 'the public file drop page');
      await visitor.goto(`${server.url}/s/${locked}`);
      await visitor.getByLabel('Password').waitFor();
      await expectNoSeriousViolations(visitor, 'the public link password page');
      await visitor.getByLabel('Password').fill('not it');
      await visitor.getByRole('button', { name: 'Submit' }).click();
      await visitor.getByRole('alert').waitFor();
      await expectNoSeriousViolations(visitor, 'the public link password page with an error');
      await visitor.context().close();
    }, STEP_MS);
  });

  it('raised no uncaught error in the page', () => {
    expect(problems.pageErrors).toEqual([]);
  });
});
