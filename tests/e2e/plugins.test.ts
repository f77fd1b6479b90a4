/**
 * The plugin platform in a real browser: the built shell loads the manifest,
 * the Hello remote registers its view and file action, broken remotes are
 * reported by id while the page keeps working, and the shared singletons exist
 * once. Needs `npm run build` first (`npm run test:e2e` does it).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { validateManifest } from '@cumulus/remotes';
import { launchBrowser, watchPage } from '../support/browser';
import type { PageProblems } from '../support/browser';
import { buildFixtureRemotes } from '../support/buildFixtureRemotes';
import { readSharedVersions } from '../support/federation';
import type { SharedVersion } from '../support/federation';
import { json, startStaticServer } from '../support/staticServer';
import type { StaticServer } from '../support/staticServer';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = path.join(ROOT, 'dist');
const OUTPUT = path.join(ROOT, 'tests/output');

/** A port nothing listens on: taken from the OS, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A PROPFIND answer for alice's root holding one file, hello.txt. */
function davListing(request: IncomingMessage, response: ServerResponse): void {
  const entry = (href: string, props: string) =>
    `<d:response><d:href>${href}</d:href><d:propstat><d:prop>${props}</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>`;
  if (request.method !== 'PROPFIND') {
    response.writeHead(405).end();
    return;
  }
  response.writeHead(207, { 'content-type': 'application/xml; charset=utf-8' });
  response.end(
    `<?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns">` +
      entry('/remote.php/dav/files/alice/', '<d:resourcetype><d:collection/></d:resourcetype><oc:fileid>1</oc:fileid><oc:permissions>RGDNVCK</oc:permissions>') +
      entry(
        '/remote.php/dav/files/alice/hello.txt',
        '<d:resourcetype/><oc:fileid>2</oc:fileid><oc:permissions>RGDNVW</oc:permissions><d:getcontentlength>5</d:getcontentlength><d:getcontenttype>text/plain</d:getcontenttype>',
      ) +
      '</d:multistatus>',
  );
}

describe('plugins in the browser', () => {
  let fixtures: string;
  let server: StaticServer;
  let browser: Browser;
  let page: Page;
  let problems: PageProblems;
  let deadEntry: string;
  let missingEntry: string;

  beforeAll(async () => {
    if (!existsSync(path.join(DIST, 'shell/index.html'))) throw new Error('dist/ is missing: run `npm run build` first');
    fixtures = mkdtempSync(path.join(tmpdir(), 'cumulus-e2e-plugins-'));
    // The example plugin Hello is in no default build: built here on request, as an author would.
    await buildFixtureRemotes({ pluginsDir: path.join(ROOT, 'plugins'), distDir: fixtures, publicPath: '/fixtures/', only: ['hello'] });
    const built = validateManifest(JSON.parse(readFileSync(path.join(fixtures, 'plugins/manifest.json'), 'utf8')));
    await buildFixtureRemotes({ pluginsDir: path.join(ROOT, 'tests/fixtures/plugins'), distDir: fixtures, publicPath: '/fixtures/', only: ['thrower'] });

    deadEntry = `http://127.0.0.1:${await closedPort()}/remoteEntry.js`;
    // Raw JSON, as an operator could write it: one entry breaks the schema.
    const manifest: { plugins: unknown[] } = {
      plugins: [
        // The Hello remote, built disabled as every example is, and enabled here; the built first-party feature plugins (trash, …) have e2e tests of their own.
        ...built.plugins.filter((plugin) => plugin.id === 'hello').map((plugin) => ({ ...plugin, enabled: true })),
        { id: 'broken', name: 'Broken', version: '1.0.0', entry: deadEntry, enabled: true },
        { id: 'missing', name: 'Missing', version: '1.0.0', entry: '/apps/files/plugins/missing/remoteEntry.js', enabled: true },
        { id: 'thrower', name: 'Thrower', version: '0.0.1', entry: '/fixtures/plugins/thrower/remoteEntry.js', enabled: true },
        { id: 'switched-off', name: 'Off', version: '1.0.0', entry: '/apps/files/plugins/switched-off/remoteEntry.js', enabled: false },
        { id: 'misfit', name: 'Misfit', version: 2, entry: '/apps/files/plugins/misfit/remoteEntry.js', enabled: true },
      ],
    };
    server = await startStaticServer([
      { prefix: '/apps/files/api/v1/plugins', handle: json(manifest) },
      // Just enough of the file server for the All files view to list one file.
      { prefix: '/apps/files/api/v1/configs', handle: json({ message: 'ok', data: {} }) },
      { prefix: '/apps/files/api/v1/views', handle: json({ message: 'ok', data: {} }) },
      { prefix: '/ocs/v2.php/cloud/user', handle: json({ ocs: { meta: { status: 'ok' }, data: { id: 'alice', 'display-name': 'Alice' } } }) },
      { prefix: '/remote.php/dav/files/alice', handle: davListing },
      { prefix: '/apps/files/plugins/', dir: path.join(DIST, 'plugins') },
      { prefix: '/apps/files/', dir: path.join(DIST, 'shell'), fallback: '/index.html' },
      { prefix: '/fixtures/plugins/', dir: path.join(fixtures, 'plugins') },
    ]);
    missingEntry = `${server.origin}/apps/files/plugins/missing/remoteEntry.js`;

    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1024, height: 640 } });
    problems = watchPage(page);
    await page.goto(`${server.origin}/apps/files/`);
    // Four failures and the Hello view: every plugin has been dealt with.
    await page.getByRole('alert').nth(3).waitFor();
    await page.locator('[data-view-id="hello"]').waitFor();
    await page.getByRole('row').filter({ hasText: 'hello.txt' }).waitFor();
  }, 120_000);

  afterAll(async () => {
    if (page !== undefined) {
      mkdirSync(OUTPUT, { recursive: true });
      await page.screenshot({ path: path.join(OUTPUT, 'plugins.png'), fullPage: true });
    }
    await browser?.close();
    await server?.close();
    if (fixtures !== undefined) rmSync(fixtures, { recursive: true, force: true });
  });

  it('shows the page heading and the document title', async () => {
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('All files');
    await expect(page.title()).resolves.toBe('All files - Cumulus Files');
  });

  it("lists the Hello plugin's view and file action with the plugin id that registered them", async () => {
    const view = page.locator('[data-view-id="hello"]');
    await expect(view.locator('.name').textContent()).resolves.toBe('Hello');
    await expect(view.getAttribute('data-plugin-id')).resolves.toBe('hello');
    await page.getByRole('row').filter({ hasText: 'hello.txt' }).getByRole('button', { name: 'Actions' }).click();
    const action = page.locator('[data-action-id="hello-say-hello"]');
    await expect(action.getByRole('menuitem').textContent()).resolves.toBe('Say hello');
    await expect(action.getAttribute('data-plugin-id')).resolves.toBe('hello');
    await page.keyboard.press('Escape');
  });

  it('reports each failed plugin by id, with why, in an alert', async () => {
    const alerts = await page.getByRole('region', { name: 'Plugin errors' }).getByRole('alert').allTextContents();
    expect(alerts.sort()).toEqual(
      [
        `Plugin "broken" could not be loaded: its remote entry ${deadEntry} could not be fetched`,
        `Plugin "missing" could not be loaded: its remote entry ${missingEntry} answered HTTP 404`,
        'Plugin "thrower" could not be loaded: activation failed: Thrower refuses to start',
        'Plugin "misfit" could not be loaded: its manifest entry is invalid: "version" must be a non-empty string, got a number',
      ].sort(),
    );
    const kinds = await page.locator('[role="alert"][data-plugin-id]').evaluateAll((nodes) =>
      nodes.map((node) => `${node.getAttribute('data-plugin-id')}:${node.getAttribute('data-kind')}`),
    );
    expect(kinds.sort()).toEqual(['broken:network', 'misfit:invalid', 'missing:http', 'thrower:activation']);
  });

  it('keeps nothing of the plugin that threw while activating, and never loads a disabled one', async () => {
    await expect(page.locator('[data-view-id="thrower-view"]').count()).resolves.toBe(0);
    const viewIds = await page.locator('[data-view-id]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-view-id')));
    // The shell's view and the Hello remote's (this page's manifest names no plugin of the build); nothing of the thrower.
    expect(viewIds).toEqual(['files', 'hello']);
    expect(server.requests.some((url) => url.includes('switched-off'))).toBe(false);
    expect(server.requests.some((url) => url.includes('misfit'))).toBe(false);
  });

  it('keeps working: no uncaught error, and the thrower was loaded for real', () => {
    expect(problems.pageErrors).toEqual([]);
    expect(server.requests.some((url) => /^\/fixtures\/plugins\/thrower\/__federation_expose_plugin\..+\.js$/.test(url))).toBe(true);
  });

  describe('shared singletons', () => {
    let shared: SharedVersion[];
    beforeAll(async () => {
      shared = await readSharedVersions(page);
    });

    const copiesOf = (name: string): SharedVersion[] => shared.filter((record) => record.name === name && record.loaded);

    it.each(['react', 'react-dom', '@cumulus/sdk'])('%s is instantiated once, from the shell', (name) => {
      const copies = copiesOf(name);
      expect(copies.map((record) => record.from)).toEqual(['cumulus_shell']);
    });

    it('hands the remotes the shell’s SDK and React rather than their own copies', () => {
      expect(copiesOf('@cumulus/sdk')[0]?.useIn).toEqual(
        expect.arrayContaining(['cumulus_shell', 'cumulus_plugin_hello', 'cumulus_plugin_thrower']),
      );
      expect(copiesOf('react')[0]?.useIn).toEqual(expect.arrayContaining(['cumulus_shell', 'cumulus_plugin_thrower']));
    });

    it('fetches nothing from a remote but its entry and its exposed module', () => {
      // A remote's fallback copies of shared packages are chunks of their own;
      // requesting any other file from a plugin folder would mean a second copy.
      const fromPlugins = server.requests.filter((url) => url.startsWith('/fixtures/plugins/'));
      for (const url of fromPlugins) expect(url).toMatch(/\/(remoteEntry\.js|__federation_expose_plugin\.[0-9a-f]+\.js)$/);
      expect(fromPlugins).toHaveLength(4);
    });
  });
});
