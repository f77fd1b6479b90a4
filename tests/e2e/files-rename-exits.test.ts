/**
 * Every way out of the inline rename field, in headless
 * Chromium against the real server: Escape, a click outside, Tab, a click on
 * a breadcrumb and the browser's Back, each with a valid new name, an
 * invalid one (a sibling's name, `bad/name`) and the unchanged one. Leaving
 * submits (product §4); a failed submit puts the old name back in the field,
 * and leaving it again closes it with nothing renamed: the user is never
 * held in the field. Needs the built front end (`npm run build`).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, watchPage } from '../support/browser';
import type { PageProblems } from '../support/browser';
import { signIn, startFilesServer } from '../support/filesServer';
import type { FilesServer } from '../support/filesServer';

const PASSWORD = 'rename-exits-password';
/** Time for one case: a page load, a rename and a few round trips on a busy machine. */
const STEP_MS = 30_000;

/** A way out of the field, and whether it leaves the folder (so a failed name has no field to come back to). */
interface Exit {
  name: string;
  leavesFolder: boolean;
  run(page: Page, field: Locator): Promise<void>;
}

const EXITS: Exit[] = [
  { name: 'Escape', leavesFolder: false, run: (_page, field) => field.press('Escape') },
  { name: 'a click outside', leavesFolder: false, run: (page) => page.locator('.files-table__foot').click() },
  { name: 'Tab', leavesFolder: false, run: (_page, field) => field.press('Tab') },
  { name: 'a click on a breadcrumb', leavesFolder: true, run: (page) => page.getByRole('navigation', { name: 'Current directory path' }).getByRole('button', { name: 'All files' }).click() },
  { name: 'the browser’s Back', leavesFolder: true, run: async (page) => void (await page.goBack()) },
];

describe('leaving the rename field in the browser', () => {
  let server: FilesServer;
  let browser: Browser;
  let page: Page;
  let problems: PageProblems;
  let serial = 0;

  const exists = async (file: string) => (await server.dav('PROPFIND', file)).status === 207;
  const row = (name: string): Locator => page.locator(`[role="row"][data-source$="/${encodeURIComponent(name)}"]`);
  const toast = (text: string): Locator => page.locator('.files-toast', { hasText: text });

  /** A fresh file in /Work, the page opened at the root and then in /Work (so Back leads to the root), its rename field open. */
  const startRenaming = async (): Promise<{ name: string; field: Locator }> => {
    serial += 1;
    const name = `file-${serial}.txt`;
    expect((await server.dav('PUT', `/Work/${name}`, `content ${serial}`)).status).toBe(201);
    await page.goto(`${server.url}/apps/files/files?dir=/`);
    await row('Work').locator('.files-name').click();
    await row(name).waitFor();
    await row(name).getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Rename', exact: true }).click();
    const field = row(name).getByRole('textbox', { name: 'Filename' });
    await field.waitFor();
    return { name, field };
  };
  const closed = () => page.locator('.files-rename__input').waitFor({ state: 'detached' });

  beforeAll(async () => {
    server = await startFilesServer({ name: 'rename-exits', adminPassword: PASSWORD });
    expect((await server.dav('MKCOL', '/Work')).status).toBe(201);
    expect((await server.dav('PUT', '/Work/sibling.txt', 'a sibling')).status).toBe(201);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.setDefaultTimeout(10_000);
    problems = watchPage(page);
    await signIn(page, server.url, PASSWORD);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it.each(EXITS.map((exit) => [exit.name, exit] as const))('%s with a valid new name renames, on the server too', async (_name, exit) => {
    const { name, field } = await startRenaming();
    await field.fill(`renamed-${name}`);
    await exit.run(page, field);
    await toast(`Renamed "${name}" to "renamed-${name}"`).waitFor();
    await closed();
    expect([await exists(`/Work/renamed-${name}`), await exists(`/Work/${name}`)]).toEqual([true, false]);
    expect(problems.pageErrors).toEqual([]);
  }, STEP_MS);

  it.each(EXITS.map((exit) => [exit.name, exit] as const))('%s with the name unchanged closes the field and renames nothing', async (_name, exit) => {
    const { name, field } = await startRenaming();
    await field.fill(`${name}x`);
    await field.fill(name);
    await exit.run(page, field);
    await closed();
    expect(await page.locator('.files-toast').count()).toBe(0);
    expect(await exists(`/Work/${name}`)).toBe(true);
  }, STEP_MS);

  const invalidCases = EXITS.flatMap((exit) =>
    [
      ['sibling.txt', 'Another entry with the same name already exists.'],
      ['bad/name', 'Invalid filename. "/" is not allowed inside a filename.'],
    ].map(([invalid, message]) => [exit.name, invalid as string, exit, message as string] as const),
  );
  it.each(invalidCases)('%s with the invalid name %s: the old name comes back, leaving again closes, nothing renamed', async (_name, invalid, exit, message) => {
    const { name, field } = await startRenaming();
    await field.fill(invalid);
    await row(name).getByText(message).waitFor();
    await exit.run(page, field);
    await toast(message).waitFor();
    if (exit.leavesFolder) {
      // The folder is gone from the screen: no field to come back to, and nothing renamed.
      await closed();
      await row('Work').waitFor();
    } else {
      // product §4: on failure the old name is restored and the field re-opens.
      expect(await field.inputValue()).toBe(name);
      expect(await field.getAttribute('aria-invalid')).toBe('false');
      await exit.run(page, field);
      await closed();
      await row(name).waitFor();
    }
    expect(await exists(`/Work/${name}`)).toBe(true);
    expect(await page.locator('.files-rename__input').count()).toBe(0);
    expect(problems.pageErrors).toEqual([]);
  }, STEP_MS);
});
