import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StartedServer } from '../../server/src/app';
import { startServer } from '../../server/src/app';
import { ADMIN, ADMIN_PASSWORD, request } from './helpers';

const PLUGINS = resolve(dirname(fileURLToPath(import.meta.url)), '../fixtures/server-plugins');

const entry = (id: string) => ({ id, name: id, version: '1.0.0', entry: `/apps/files/plugins/${id}/remoteEntry.js`, enabled: true });

describe('plugins with a server part, loaded at start-up', () => {
  let dataDir: string;
  let server: StartedServer;

  const start = async () => {
    server = await startServer({ dataDir, port: 0, adminPassword: ADMIN_PASSWORD, pluginsDir: PLUGINS, distDir: join(dataDir, 'dist'), throttleDelayMs: 0 });
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cumulus-plugins-'));
    await mkdir(join(dataDir, 'dist', 'plugins'), { recursive: true });
    await writeFile(join(dataDir, 'dist', 'plugins', 'manifest.json'), JSON.stringify({ plugins: [entry('hello'), entry('notes')] }));
    await start();
  }, 30000);
  afterAll(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const caps = async () => ((await (await request(server, '/ocs/v2.php/cloud/capabilities?format=json')).json()) as { ocs: { data: { capabilities: Record<string, Record<string, unknown>> } } }).ocs.data.capabilities;
  const manifestIds = async () => ((await (await request(server, '/apps/files/api/v1/plugins', { headers: { Authorization: ADMIN } })).json()) as { plugins: { id: string }[] }).plugins.map((p) => p.id);

  const propfindLabel = async () =>
    (
      await request(server, '/remote.php/dav/files/admin/labelled.txt', {
        method: 'PROPFIND',
        headers: { Authorization: ADMIN, Depth: '0', 'Content-Type': 'application/xml' },
        body: '<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:nc="http://nextcloud.org/ns"><d:prop><nc:note-label/></d:prop></d:propfind>',
      })
    ).text();

  it('serves an enabled plugin’s routes under /apps/<id>/, to signed-in users only', async () => {
    const hello = await request(server, '/apps/notes/api/hello/J%C3%BCrgen?q=1&q=2', { headers: { Authorization: ADMIN } });
    expect(hello.status).toBe(200);
    expect(await hello.json()).toEqual({ uid: 'admin', name: 'Jürgen', q: '2' });
    const viaIndexPhp = await request(server, '/index.php/apps/notes/api/hello/x', { headers: { Authorization: ADMIN } });
    expect(viaIndexPhp.status).toBe(200);
    const echo = await request(server, '/apps/notes/api/echo', { method: 'POST', headers: { Authorization: ADMIN, 'Content-Type': 'application/json', 'OCS-APIRequest': 'true' }, body: JSON.stringify('hi') });
    expect(echo.status).toBe(201);
    expect(await echo.json()).toEqual({ got: 'hi' });
    expect((await request(server, '/apps/notes/api/hello/x')).status).toBe(401);
  });

  it('answers 404 for an unknown route or plugin, 405 for a wrong method, and leaves /apps/files alone', async () => {
    const missing = await request(server, '/apps/notes/api/nothing', { headers: { Authorization: ADMIN } });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('No route /api/nothing in the plugin \\"notes\\".');
    expect((await request(server, '/apps/nobody/api/hello/x', { headers: { Authorization: ADMIN } })).status).toBe(404);
    const wrong = await request(server, '/apps/notes/api/echo', { headers: { Authorization: ADMIN } });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    expect((await request(server, '/apps/files/api/v1/plugins', { headers: { Authorization: ADMIN } })).status).toBe(200);
  });

  it('merges its capabilities into the server’s', async () => {
    const capabilities = await caps();
    expect(capabilities.notes).toEqual({ enabled: true });
    expect(capabilities.files).toMatchObject({ undelete: true, versioning: false });
  });

  it('runs its node hooks on changes made over WebDAV', async () => {
    const put = await request(server, '/remote.php/dav/files/admin/hooked.txt', { method: 'PUT', headers: { Authorization: ADMIN }, body: 'x' });
    expect(put.status).toBe(201);
    const created = await request(server, '/apps/notes/api/created', { headers: { Authorization: ADMIN } });
    expect(await created.json()).toEqual(expect.arrayContaining(['admin:/hooked.txt']));
  });

  it('answers its live property in PROPFIND and protects it from PROPPATCH', async () => {
    await request(server, '/remote.php/dav/files/admin/labelled.txt', { method: 'PUT', headers: { Authorization: ADMIN }, body: 'x' });
    const found = await propfindLabel();
    expect(found).toContain('<nc:note-label>&lt;labelled.txt&gt;</nc:note-label>');
    const patch = await request(server, '/remote.php/dav/files/admin/labelled.txt', {
      method: 'PROPPATCH',
      headers: { Authorization: ADMIN, 'Content-Type': 'application/xml' },
      body: '<?xml version="1.0"?><d:propertyupdate xmlns:d="DAV:" xmlns:nc="http://nextcloud.org/ns"><d:set><d:prop><nc:note-label>mine</nc:note-label></d:prop></d:set></d:propertyupdate>',
    });
    expect(patch.status).toBe(207);
    expect(await patch.text()).toContain('HTTP/1.1 403');
    expect(await propfindLabel()).toContain('<nc:note-label>&lt;labelled.txt&gt;</nc:note-label>');
  });

  it('starts without a plugin whose activation fails or that is not a server plugin, reporting each by id', async () => {
    expect(server.built.plugins.host.activeIds()).toEqual(['notes']);
    expect(server.built.plugins.problems.failures).toEqual([
      { id: 'broken', message: 'Plugin "broken": activation failed: cannot reach its database' },
      { id: 'stranger', message: './server/index.ts must export as default a server plugin made with defineServerPlugin' },
    ]);
    expect((await request(server, '/apps/broken/api/x', { headers: { Authorization: ADMIN } })).status).toBe(404);
  });

  it('lists the enabled plugins in the manifest; once disabled and restarted, its routes 404 and its capabilities and hooks are gone', async () => {
    expect(await manifestIds()).toEqual(['hello', 'notes']);
    await server.built.plugins.states.setEnabled('notes', false);
    // The web part goes at the next page load: the manifest reads the switch at each request.
    expect(await manifestIds()).toEqual(['hello']);
    await server.close();
    await start();
    expect(server.built.plugins.host.activeIds()).toEqual([]);
    expect((await request(server, '/apps/notes/api/hello/x', { headers: { Authorization: ADMIN } })).status).toBe(404);
    const capabilities = await caps();
    expect(capabilities.notes).toBeUndefined();
    expect(capabilities.files).toMatchObject({ undelete: false });
    expect(server.built.plugins.host.nodeHooks.list()).toEqual([]);
    const absent = await propfindLabel();
    expect(absent).toMatch(/<d:propstat><d:prop><nc:note-label\/><\/d:prop><d:status>HTTP\/1.1 404 Not Found/);
    await server.built.plugins.states.setEnabled('notes', true);
    await server.close();
    await start();
    expect(await manifestIds()).toEqual(['hello', 'notes']);
    expect((await request(server, '/apps/notes/api/hello/x', { headers: { Authorization: ADMIN } })).status).toBe(200);
  }, 30000);
});
