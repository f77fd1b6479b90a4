/**
 * The web side of the plugin platform against the real server (`cumulus serve`):
 * a third-party plugin built apart from the workspace (its own package.json and
 * webpack config, the SDK from `npm pack`), served from another origin with CORS,
 * named in the deployment config by URL and integrity hash, registering one of
 * each kind of entry; and plugins that fail in every way isolation covers, each
 * reported with its id to the user once and to the server's log, leaving nothing
 * of them behind while the rest keeps working. Needs `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { buildApart } from '../support/buildApart';
import { launchBrowser, watchPage } from '../support/browser';
import type { PageProblems } from '../support/browser';
import { buildFixtureRemotes } from '../support/buildFixtureRemotes';
import { E2E_DIST, E2E_OUTPUT, basicAuth, signIn } from '../support/filesServer';
import type { ServerProcess } from '../support/serverProcess';
import { startServerProcess } from '../support/serverProcess';
import { startStaticServer } from '../support/staticServer';
import type { StaticServer } from '../support/staticServer';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Each step drives a real browser against a real server on a machine shared with other work.
jest.setTimeout(60_000);
const PASSWORD = 'third-party-e2e-password';
const sri = (bytes: Buffer | string): string => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** Records every toast message the page shows, even one gone before a test looks (test-side only). */
const RECORD_TOASTS = `
  window.__toasts = [];
  new MutationObserver(() => {
    for (const node of document.querySelectorAll('.files-toast__message:not([data-recorded])')) {
      node.setAttribute('data-recorded', '');
      window.__toasts.push(node.textContent);
    }
  }).observe(document, { childList: true, subtree: true });
`;

describe('a third-party plugin built apart, and plugins that fail', () => {
  let work: string;
  let cdn: StaticServer;
  /** What the German browser (a second context) fetched from the CDN: not the main page's loads. */
  const secondBrowserRequests: string[] = [];
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  let problems: PageProblems;
  let acmeEntry: string;

  const toasts = (): Promise<string[]> => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
  const dav = (method: string, name: string, body?: string): Promise<Response> =>
    fetch(`${server.url}/remote.php/dav/files/admin/${encodeURIComponent(name)}`, { method, headers: { authorization: basicAuth('admin', PASSWORD) }, body });
  /** The server's log messages (pino JSON lines). */
  const log = (): string[] =>
    server
      .stdout()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => (JSON.parse(line) as { msg?: string }).msg ?? '');
  const waitForLog = async (text: string): Promise<string> => {
    for (let i = 0; i < 200; i += 1) {
      const line = log().find((message) => message.includes(text));
      if (line !== undefined) return line;
      await new Promise((done) => setTimeout(done, 50));
    }
    throw new Error(`No log line with ${text}:\n${log().join('\n')}`);
  };
  const viewIds = (): Promise<(string | null)[]> =>
    page.locator('[data-view-id]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-view-id')));
  const row = (name: string) => page.getByRole('row', { name: new RegExp(name.replace('.', '\\.')) });

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'cumulus-e2e-third-party-'));
    let shellOrigin = '';
    let swapServed = 0;
    // The plugins' own server, on another origin: it allows the Files app's origin by CORS, nobody else.
    cdn = await startStaticServer(
      [
        { prefix: '/acme/', dir: path.join(work, 'third-party-plugin/dist') },
        { prefix: '/fixtures/plugins/', dir: path.join(work, 'fixtures/plugins') },
        // The checked bytes on the first request, other bytes after: only the browser's own check can catch it.
        {
          prefix: '/swap/remoteEntry.js',
          handle: (_request, response) => {
            swapServed += 1;
            const entry = readFileSync(path.join(work, 'fixtures/plugins/thrower/remoteEntry.js'));
            response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' });
            response.end(swapServed === 1 ? entry : Buffer.concat([entry, Buffer.from('\n;window.__swappedRan = true;')]));
          },
        },
      ],
      { corsOrigins: () => [shellOrigin] },
    );
    await buildApart(path.join(ROOT, 'examples/third-party-plugin'), work);
    await buildFixtureRemotes({
      pluginsDir: path.join(ROOT, 'tests/fixtures/plugins'),
      distDir: path.join(work, 'fixtures'),
      publicPath: `${cdn.origin}/fixtures/`,
      only: ['thrower', 'eval-thrower', 'old-sdk', 'hanger', 'action-thrower', 'column-thrower', 'tab-thrower', 'filter-thrower'],
    });

    acmeEntry = `${cdn.origin}/acme/remoteEntry.js`;
    const fixture = (id: string) => `${cdn.origin}/fixtures/plugins/${id}/remoteEntry.js`;
    const thrower = readFileSync(path.join(work, 'fixtures/plugins/thrower/remoteEntry.js'));
    const config = path.join(work, 'plugins.json');
    writeFileSync(
      config,
      JSON.stringify({
        remotes: [
          { id: 'acme.notes', name: 'Acme Notes', version: '1.0.0', entry: acmeEntry, integrity: sri(readFileSync(path.join(work, 'third-party-plugin/dist/remoteEntry.js'))) },
          { id: 'gone', entry: `${cdn.origin}/acme/gone/remoteEntry.js` },
          // The thrower's entry, but the hash of other bytes: as if the file were changed on the CDN.
          { id: 'tampered', entry: fixture('thrower'), integrity: sri(Buffer.concat([thrower, Buffer.from('\n// changed')])) },
          { id: 'swapped', entry: `${cdn.origin}/swap/remoteEntry.js`, integrity: sri(thrower) },
          { id: 'eval-thrower', entry: fixture('eval-thrower') },
          { id: 'thrower', entry: fixture('thrower'), integrity: sri(thrower) },
          { id: 'old-sdk', entry: fixture('old-sdk') },
          { id: 'hanger', entry: fixture('hanger') },
          { id: 'action-thrower', entry: fixture('action-thrower') },
          { id: 'column-thrower', entry: fixture('column-thrower') },
          { id: 'tab-thrower', entry: fixture('tab-thrower') },
          { id: 'filter-thrower', entry: fixture('filter-thrower') },
        ],
      }),
    );
    server = await startServerProcess(path.join(work, 'data'), {
      CUMULUS_ADMIN_PASSWORD: PASSWORD,
      CUMULUS_DIST_DIR: E2E_DIST,
      CUMULUS_PLUGINS_CONFIG: config,
      CUMULUS_THROTTLE_DELAY_MS: '0',
    });
    shellOrigin = new URL(server.url).origin;
    expect((await dav('PUT', 'small.txt', 'hello')).status).toBe(201);
    expect((await dav('PUT', 'big.bin', 'x'.repeat(4000))).status).toBe(201);

    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(RECORD_TOASTS);
    problems = watchPage(page);
    await signIn(page, server.url, PASSWORD);
    await row('small.txt').waitFor();
    // The slowest case settles last: the activation that never settles is given up on after 10 s.
    await page.locator('[role="alert"][data-plugin-id="hanger"]').waitFor({ timeout: 40_000 });
  }, 400_000);

  afterAll(async () => {
    if (page !== undefined) await page.screenshot({ path: path.join(E2E_OUTPUT, 'third-party-plugins.png'), fullPage: true }).catch(() => undefined);
    await browser?.close();
    await server?.stop();
    await cdn?.close();
    if (work !== undefined) rmSync(work, { recursive: true, force: true });
  }, 60_000);

  describe('Acme Notes, built apart and served from another origin', () => {
    it('was loaded across origins, through the integrity check', () => {
      expect(new URL(acmeEntry).origin).not.toBe(new URL(server.url).origin);
      // Fetched once to check its hash, once by the script element that runs it; nothing else.
      expect(cdn.requests.filter((url) => url.startsWith('/acme/') && !url.startsWith('/acme/gone/'))).toEqual(['/acme/remoteEntry.js', '/acme/remoteEntry.js']);
    });

    it('adds its view to the navigation, and the view opens with its empty state', async () => {
      const view = page.locator('[data-view-id="acme-notes"]');
      await expect(view.getAttribute('data-plugin-id')).resolves.toBe('acme.notes');
      await view.getByRole('link', { name: 'Acme notes' }).click();
      await page.getByRole('heading', { level: 1, name: 'Acme notes' }).waitFor();
      await page.getByText('No Acme notes yet').waitFor();
      await page.locator('[data-view-id="files"]').getByRole('link').first().click();
      await row('small.txt').waitFor();
    });

    it('adds a column that renders per row', async () => {
      await page.getByRole('columnheader', { name: 'Acme size' }).waitFor();
      await expect(row('small.txt').locator('.acme-size-class').textContent()).resolves.toBe('small');
      await expect(row('big.bin').locator('.acme-size-class').textContent()).resolves.toBe('large');
    });

    it('adds a file action that runs', async () => {
      await row('small.txt').getByRole('button', { name: 'Actions' }).click();
      await page.getByRole('menuitem', { name: 'Remember with Acme' }).click();
      await page.getByText('"Remember with Acme" action executed successfully').waitFor();
    });

    it('adds a New menu entry that writes a file through WebDAV and shows it', async () => {
      await page.getByRole('button', { name: 'New' }).click();
      await page.getByRole('menu', { name: 'New' }).getByRole('menuitem', { name: 'New Acme note' }).click();
      await row('Acme note.txt').waitFor();
      const written = await dav('GET', 'Acme note.txt');
      await expect(written.text()).resolves.toBe('Written by Acme Notes\n');
    });

    it('adds a sidebar tab', async () => {
      await row('small.txt').locator('.files-cell--size').click();
      const sidebar = page.getByRole('complementary', { name: 'Details of "small.txt"' });
      await sidebar.getByRole('tab', { name: 'Acme' }).click();
      await expect(sidebar.locator('.acme-notes-tab').textContent()).resolves.toBe('Acme has no notes on small.txt.');
      await sidebar.getByRole('button', { name: 'Close sidebar' }).click();
    });

    it('adds a settings section whose switch turns on its file-list filter, with a chip', async () => {
      await page.getByRole('button', { name: 'Files settings' }).click();
      const section = page.getByRole('dialog', { name: 'Files settings' }).getByRole('region', { name: 'Acme Notes' });
      await section.getByRole('checkbox', { name: 'Show only text files' }).check();
      await page.keyboard.press('Escape');
      await row('big.bin').waitFor({ state: 'detached' });
      await expect(row('small.txt').count()).resolves.toBe(1);
      await page.getByText('Text files only').waitFor();
      await page.getByRole('button', { name: 'Files settings' }).click();
      await page.getByRole('dialog', { name: 'Files settings' }).getByRole('region', { name: 'Acme Notes' }).getByRole('checkbox', { name: 'Show only text files' }).uncheck();
      await page.keyboard.press('Escape');
      await row('big.bin').waitFor();
    });

    it("speaks German from its own catalogue (definePlugin translations) when the browser asks for German", async () => {
      const german = JSON.parse(readFileSync(path.join(ROOT, 'examples/third-party-plugin/src/locales/de.json'), 'utf8')) as Record<string, string>;
      const context = await browser.newContext({ locale: 'de', extraHTTPHeaders: { 'Accept-Language': 'de' }, viewport: { width: 1280, height: 800 } });
      // This second browser loads every remote again: its requests are not the main page's, which the isolation tests count.
      const requestsBefore = cdn.requests.length;
      try {
        const germanPage = await context.newPage();
        await germanPage.goto(`${server.url}/login`);
        await germanPage.locator('#user').fill('admin');
        await germanPage.locator('#password').fill(PASSWORD);
        await Promise.all([germanPage.waitForURL(/\/apps\/files\//), germanPage.locator('button[type=submit]').click()]);
        await expect(germanPage.locator('html').getAttribute('lang')).resolves.toBe('de');
        await germanPage.getByRole('link', { name: german['Acme notes'] }).click();
        await germanPage.getByText(german['No Acme notes yet'] ?? '').waitFor();
      } finally {
        await context.close();
        secondBrowserRequests.push(...cdn.requests.slice(requestsBefore));
      }
    });
  });

  describe('isolation: each failing plugin is reported by id, once, to the user and the server log', () => {
    const loadAlert = (id: string) => page.locator(`[role="alert"][data-plugin-id="${id}"]`);

    it.each([
      ['gone', 'http', `its remote entry {cdn}/acme/gone/remoteEntry.js answered HTTP 404`],
      ['tampered', 'integrity', 'its remote entry {cdn}/fixtures/plugins/thrower/remoteEntry.js does not match its integrity hash'],
      ['eval-thrower', 'evaluation', 'its code failed to run'],
      ['thrower', 'activation', 'activation failed: Thrower refuses to start'],
      ['old-sdk', 'incompatible', 'it was built against SDK 99.0.0, and this app provides SDK 0.2.0 (another major version)'],
      ['hanger', 'activation', 'activation timed out after 10 s'],
    ])('%s (%s): an alert naming it, a line in the server log, nothing of it left', async (id, kind, reason) => {
      const expected = reason.replace('{cdn}', cdn.origin);
      await expect(loadAlert(id).getAttribute('data-kind')).resolves.toBe(kind);
      await expect(loadAlert(id).textContent()).resolves.toContain(`Plugin "${id}" could not be loaded: ${expected}`);
      await expect(loadAlert(id).count()).resolves.toBe(1);
      await expect(waitForLog(`Plugin "${id}" failed in the browser of user "admin" (${kind}): ${expected}`)).resolves.toBeDefined();
      expect(await viewIds()).not.toContain(`${id}-view`);
    });

    it('refuses an entry whose bytes change after the check: the browser checks the bytes it runs against the same hash', async () => {
      await expect(loadAlert('swapped').getAttribute('data-kind')).resolves.toBe('integrity');
      await expect(loadAlert('swapped').textContent()).resolves.toContain(`Plugin "swapped" could not be loaded: its remote entry ${cdn.origin}/swap/remoteEntry.js does not match its integrity hash`);
      await expect(page.evaluate(() => (window as unknown as { __swappedRan?: boolean }).__swappedRan)).resolves.toBeUndefined();
      await expect(waitForLog('Plugin "swapped" failed in the browser of user "admin" (integrity)')).resolves.toBeDefined();
    });

    it('never ran the tampered entry: the only request for it was the integrity check', () => {
      // The thrower itself ran (its own entry, hash right), so its entry was fetched twice for it and once for "tampered".
      const thrower = (url: string): boolean => url === '/fixtures/plugins/thrower/remoteEntry.js';
      expect(cdn.requests.filter(thrower)).toHaveLength(3 + secondBrowserRequests.filter(thrower).length);
    });

    it.each([
      ['column-thrower', 'render', 'The cell blew up'],
      ['filter-thrower', 'filter', 'The filter blew up'],
    ])('%s: failing while the list renders, it is turned off whole and reported once', async (id, kind, reason) => {
      await expect(waitForLog(`Plugin "${id}" failed in the browser of user "admin" (${kind}): ${reason}`)).resolves.toBeDefined();
      expect(await viewIds()).not.toContain(`${id}-view`);
      expect((await toasts()).filter((text) => text.includes(`"${id}"`))).toEqual([`Plugin "${id}" failed and was turned off: ${reason}`]);
    });

    it('action-thrower: the action that throws is reported, and the plugin is turned off whole', async () => {
      expect(await viewIds()).toContain('action-thrower-view');
      await row('small.txt').getByRole('button', { name: 'Actions' }).click();
      await page.getByRole('menuitem', { name: 'Explode' }).click();
      await expect(waitForLog('Plugin "action-thrower" failed in the browser of user "admin" (action): The action blew up')).resolves.toBeDefined();
      await page.locator('[data-view-id="action-thrower-view"]').waitFor({ state: 'detached' });
      expect((await toasts()).filter((text) => text.includes('"action-thrower"'))).toEqual(['Plugin "action-thrower" failed and was turned off: The action blew up']);
      await row('small.txt').getByRole('button', { name: 'Actions' }).click();
      await expect(page.getByRole('menuitem', { name: 'Explode' }).count()).resolves.toBe(0);
      await page.keyboard.press('Escape');
    });

    it('tab-thrower: the tab that throws is reported, and the plugin is turned off whole', async () => {
      await row('small.txt').locator('.files-cell--size').click();
      const sidebar = page.getByRole('complementary', { name: 'Details of "small.txt"' });
      await sidebar.getByRole('tab', { name: 'Broken tab' }).click();
      await expect(waitForLog('Plugin "tab-thrower" failed in the browser of user "admin" (render): The tab blew up')).resolves.toBeDefined();
      await sidebar.getByRole('tab', { name: 'Broken tab' }).waitFor({ state: 'detached' });
      expect(await viewIds()).not.toContain('tab-thrower-view');
      expect((await toasts()).filter((text) => text.includes('"tab-thrower"'))).toEqual(['Plugin "tab-thrower" failed and was turned off: The tab blew up']);
      await sidebar.getByRole('button', { name: 'Close sidebar' }).click();
    });

    it('keeps everything else working: the built-in and Acme views stay, the list lists, no uncaught error', async () => {
      expect(await viewIds()).toEqual(expect.arrayContaining(['files', 'recent', 'acme-notes']));
      // The example plugin is in no default build.
      expect(await viewIds()).not.toContain('hello');
      await expect(row('big.bin').count()).resolves.toBe(1);
      expect(problems.pageErrors).toEqual([]);
    });
  });
});
