import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Readable } from 'node:stream';
import type { TestServer } from './helpers';
import { ADMIN, basic, request, startTestServer } from './helpers';

const json = (value: unknown): RequestInit => ({
  method: 'PUT',
  headers: { authorization: ADMIN, 'content-type': 'application/json' },
  body: JSON.stringify(value),
});

describe('the files app JSON API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await server.built.accounts.users.create({ uid: 'erin', password: 'erin-password', quota: 1000 });
    await server.built.files.ensureUserRoot('erin');
    await server.built.files.write('erin', '/notes.txt', Readable.from([Buffer.alloc(250, 'x')]), { quota: 1000 });
  });
  afterAll(() => server.stop());

  it('reports storage stats with a negative quota when unlimited', async () => {
    const response = await request(server, '/apps/files/api/v1/stats', { headers: { authorization: ADMIN } });
    const body = (await response.json()) as { message: string; data: Record<string, number> };
    expect(body.message).toBe('ok');
    expect(body.data.used).toBe(0);
    expect(body.data.quota).toBeLessThan(0);
    expect(body.data.free).toBeGreaterThan(0);
    expect(body.data.relative).toBe(0);
  });

  it('reports used, quota, free and relative percent against a quota, also under /index.php', async () => {
    const response = await request(server, '/index.php/apps/files/api/v1/stats', { headers: { authorization: basic('erin', 'erin-password') } });
    const body = (await response.json()) as { data: Record<string, number> };
    expect(body.data).toMatchObject({ used: 250, quota: 1000, free: 750, total: 1000, relative: 25 });
  });

  it('lists the user config with the spec defaults', async () => {
    const response = await request(server, '/apps/files/api/v1/configs', { headers: { authorization: basic('erin', 'erin-password') } });
    expect(await response.json()).toEqual({
      message: 'ok',
      data: { show_hidden: false, crop_image_previews: true, sort_favorites_first: true, sort_folders_first: true, grid_view: false, folder_tree: true, language: '' },
    });
  });

  it('stores a config value for that user only', async () => {
    expect((await request(server, '/apps/files/api/v1/config/crop_image_previews', json({ value: false }))).status).toBe(200);
    const mine = (await (await request(server, '/apps/files/api/v1/configs', { headers: { authorization: ADMIN } })).json()) as { data: Record<string, boolean> };
    expect(mine.data.crop_image_previews).toBe(false);
    const theirs = (await (await request(server, '/apps/files/api/v1/configs', { headers: { authorization: basic('erin', 'erin-password') } })).json()) as { data: Record<string, boolean> };
    expect(theirs.data.crop_image_previews).toBe(true);
  });

  it('refuses an unknown key, a bad value, a missing value and broken JSON with 400 and a message', async () => {
    const cases: [string, RequestInit][] = [
      ['/apps/files/api/v1/config/nope', json({ value: true })],
      ['/apps/files/api/v1/config/grid_view', json({ value: 'maybe' })],
      ['/apps/files/api/v1/config/grid_view', json({})],
      ['/apps/files/api/v1/config/grid_view', { ...json(null), body: '{"value":' }],
      ['/apps/files/api/v1/config/grid_view', json([1, 2])],
    ];
    for (const [path, init] of cases) {
      const response = await request(server, path, init);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message.length).toBeGreaterThan(5);
    }
    const unsupported = await request(server, '/apps/files/api/v1/config/grid_view', { method: 'PUT', headers: { authorization: ADMIN, 'content-type': 'text/xml' }, body: '<x/>' });
    expect(unsupported.status).toBe(415);
    const configs = (await (await request(server, '/apps/files/api/v1/configs', { headers: { authorization: ADMIN } })).json()) as { data: Record<string, unknown> };
    expect(configs.data.grid_view).toBe(false);
    expect(configs.data).not.toHaveProperty('nope');
  });

  it('stores view config through PUT /views {value, view, key} and PUT /views/{view}/{key}', async () => {
    expect((await request(server, '/apps/files/api/v1/views', json({ view: 'files', key: 'sorting_mode', value: 'size' }))).status).toBe(200);
    expect((await request(server, '/apps/files/api/v1/views/files/sorting_direction', json({ value: 'desc' }))).status).toBe(200);
    expect((await request(server, '/apps/files/api/v1/views/favorites/expanded', json({ value: false }))).status).toBe(200);
    const response = await request(server, '/apps/files/api/v1/views', { headers: { authorization: ADMIN } });
    expect(await response.json()).toEqual({
      message: 'ok',
      data: { favorites: { expanded: false }, files: { sorting_mode: 'size', sorting_direction: 'desc' } },
    });
  });

  it('refuses bad view config with 400 and changes nothing', async () => {
    const bad: [string, unknown][] = [
      ['/apps/files/api/v1/views/files/sorting_direction', { value: 'sideways' }],
      ['/apps/files/api/v1/views/files/colour', { value: 'red' }],
      ['/apps/files/api/v1/views/files/expanded', { value: 'perhaps' }],
      ['/apps/files/api/v1/views', { view: '../etc', key: 'expanded', value: true }],
      ['/apps/files/api/v1/views', { view: 'files', key: 'sorting_mode', value: '<script>' }],
      ['/apps/files/api/v1/views', { key: 'sorting_mode', value: 'size' }],
    ];
    for (const [path, body] of bad) expect((await request(server, path, json(body))).status).toBe(400);
    const views = (await (await request(server, '/apps/files/api/v1/views', { headers: { authorization: ADMIN } })).json()) as { data: Record<string, Record<string, unknown>> };
    expect(views.data.files).toEqual({ sorting_mode: 'size', sorting_direction: 'desc' });
  });

  it('answers a wrong method with 405 and Allow', async () => {
    const response = await request(server, '/apps/files/api/v1/stats', { method: 'DELETE', headers: { authorization: ADMIN } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect((await request(server, '/apps/files/api/v1/configs', { method: 'POST', headers: { authorization: ADMIN } })).status).toBe(405);
  });

  it('returns an empty plugin manifest when the plugins are not built', async () => {
    const response = await request(server, '/apps/files/api/v1/plugins', { headers: { authorization: ADMIN } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ plugins: [] });
  });

  it('answers an unknown API path under /apps/files/api with 404, not the app page', async () => {
    const response = await request(server, '/apps/files/api/v1/nothing-here', { headers: { authorization: ADMIN } });
    expect(response.status).toBe(404);
  });
});
