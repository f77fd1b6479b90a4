import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PluginStates } from '../../server/src/plugin-host';
import type { TestServer } from './helpers';
import { ADMIN, remove, request, signIn, startTestServer } from './helpers';

describe('serving the built front end', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'cumulus-dist-'));
    await mkdir(join(dist, 'shell', 'assets'), { recursive: true });
    await mkdir(join(dist, 'plugins', 'hello'), { recursive: true });
    await writeFile(join(dist, 'shell', 'index.html'), '<!DOCTYPE html><html><head><title>Cumulus Files</title></head><body><div id="app"></div></body></html>');
    await writeFile(join(dist, 'shell', 'assets', 'main.0123abcd.js'), 'console.log("shell")');
    await writeFile(join(dist, 'shell', 'remoteEntry.js'), '/* host */');
    await writeFile(join(dist, 'plugins', 'hello', 'remoteEntry.js'), '/* hello */');
    await writeFile(
      join(dist, 'plugins', 'manifest.json'),
      JSON.stringify({ plugins: [{ id: 'hello', name: 'Hello', version: '0.1.0', entry: '/apps/files/plugins/hello/remoteEntry.js', enabled: true }] }),
    );
    server = await startTestServer({ distDir: dist });
  });
  afterAll(async () => {
    await server.stop();
    await remove(dist);
  });

  it('serves index.html for app routes to a signed-in user, with user and CSRF token on <head>', async () => {
    const session = await signIn(server);
    for (const path of ['/apps/files/', '/apps/files/files/42?dir=/Photos', '/apps/files/favorites']) {
      const response = await request(server, path, { headers: { cookie: session.cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-store');
      const html = await response.text();
      // The page's language (no setting, no Accept-Language: English) on <html>, the browser's own on <head> for the settings dialog.
      expect(html).toContain('<html lang="en" dir="ltr">');
      expect(html).toContain(
        `<head data-user="admin" data-user-displayname="admin" data-requesttoken="${session.requestToken}" data-enable-non-accessible-features="true" data-browser-language="en">`,
      );
      expect(html).toContain('<div id="app"></div>');
    }
  });

  it('redirects /apps/files to /apps/files/', async () => {
    const response = await request(server, '/apps/files');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/apps/files/');
  });

  it('serves hashed assets publicly with a year of caching, others with revalidation', async () => {
    const asset = await request(server, '/apps/files/assets/main.0123abcd.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe('console.log("shell")');
    const entry = await request(server, '/apps/files/remoteEntry.js');
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    const etag = entry.headers.get('etag') ?? '';
    expect((await request(server, '/apps/files/remoteEntry.js', { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('answers a missing asset with 404 rather than the page', async () => {
    expect((await request(server, '/apps/files/assets/missing.0123abcd.js')).status).toBe(404);
  });

  it('serves plugin remotes and the validated manifest', async () => {
    const remote = await request(server, '/apps/files/plugins/hello/remoteEntry.js');
    expect(remote.status).toBe(200);
    expect(await remote.text()).toBe('/* hello */');
    const manifest = await request(server, '/apps/files/api/v1/plugins', { headers: { authorization: ADMIN } });
    expect(await manifest.json()).toEqual({
      plugins: [{ id: 'hello', name: 'Hello', version: '0.1.0', entry: '/apps/files/plugins/hello/remoteEntry.js', enabled: true }],
    });
    expect((await request(server, '/apps/files/plugins/nope/remoteEntry.js')).status).toBe(404);
  });

  it('reports an invalid manifest with the validator message', async () => {
    await writeFile(join(dist, 'plugins', 'manifest.json'), JSON.stringify({ plugins: 'nope' }));
    const response = await request(server, '/apps/files/api/v1/plugins', { headers: { authorization: ADMIN } });
    expect(response.status).toBe(500);
    expect(((await response.json()) as { message: string }).message).toContain('"plugins" must be an array');
  });
});

describe('a plugin manifest with one bad entry', () => {
  let server: TestServer;
  let dist: string;
  const hello = { id: 'hello', name: 'Hello', version: '0.1.0', entry: '/apps/files/plugins/hello/remoteEntry.js', enabled: true };
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'cumulus-dist-'));
    await mkdir(join(dist, 'plugins'), { recursive: true });
    await writeFile(join(dist, 'plugins', 'manifest.json'), JSON.stringify({ plugins: [{ id: 'broken', enabled: 'yes' }, hello] }));
    server = await startTestServer({ distDir: dist });
  });
  afterAll(async () => {
    await server.stop();
    await remove(dist);
  });

  it('serves the valid entries rather than failing every plugin with a 500', async () => {
    const response = await request(server, '/apps/files/api/v1/plugins', { headers: { authorization: ADMIN } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ plugins: [hello] });
  });
});

describe('an example plugin an author built (hello)', () => {
  let server: TestServer;
  let dist: string;
  const trash = { id: 'trash', name: 'Trash', version: '0.1.0', entry: '/apps/files/plugins/trash/remoteEntry.js', enabled: true };
  // The build writes an example's entry disabled (build/writePluginManifest.ts).
  const hello = { id: 'hello', name: 'Hello', version: '0.1.0', entry: '/apps/files/plugins/hello/remoteEntry.js', enabled: false };
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'cumulus-dist-'));
    await mkdir(join(dist, 'plugins'), { recursive: true });
    await writeFile(join(dist, 'plugins', 'manifest.json'), JSON.stringify({ plugins: [hello, trash] }));
    server = await startTestServer({ distDir: dist });
  });
  afterAll(async () => {
    await server.stop();
    await remove(dist);
  });

  const served = async (): Promise<unknown> => (await request(server, '/apps/files/api/v1/plugins', { headers: { authorization: ADMIN } })).json();

  it('is not served until the operator enables it, and then served enabled; disabling takes it away again', async () => {
    await expect(served()).resolves.toEqual({ plugins: [trash] });
    const states = new PluginStates(server.built.db);
    await states.setEnabled('hello', true);
    await expect(served()).resolves.toEqual({ plugins: [{ ...hello, enabled: true }, trash] });
    await states.setEnabled('hello', false);
    await expect(served()).resolves.toEqual({ plugins: [trash] });
  });
});
