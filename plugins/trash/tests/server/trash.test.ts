import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Kysely } from 'kysely';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { startServer } from '../../../../server/src/app';
import type { StartedServer } from '../../../../server/src/app';
import { PluginStates } from '../../../../server/src/plugin-host';
import type { Fetcher } from '../../../../tests/support/trashbin';
import { fetcher, itemOf, listTrash, restoreItem, trashbinBase } from '../../../../tests/support/trashbin';
import { storedFiles } from '../../../../tests/support/stored-files';
import { areaKey } from '../../../../server/src/storage/model/areas';
import type { TestServer } from '../../../../tests/server/helpers';
import { ADMIN_PASSWORD, basic, startTestServer } from '../../../../tests/server/helpers';

/**
 * The trash plugin's server part against the real server (the repository's plugins folder):
 * naming, restore (clashes, the original folder gone), delete for good, empty, retention and
 * the quota rule, and the plugin disabled.
 */
describe('the trash plugin', () => {
  let server: TestServer;
  let dav: Fetcher;
  const uid = 'tina';
  const auth = basic(uid, 'tina-password');

  const put = async (path: string, body: string) => expect((await dav('PUT', `/remote.php/dav/files/${uid}${path}`, {}, body)).status).toBeLessThan(300);
  const mkcol = async (path: string) => expect((await dav('MKCOL', `/remote.php/dav/files/${uid}${path}`)).status).toBe(201);
  const del = async (path: string, headers: Record<string, string> = {}) => expect((await dav('DELETE', `/remote.php/dav/files/${uid}${path}`, headers)).status).toBe(204);
  const get = async (path: string) => dav('GET', `/remote.php/dav/files/${uid}${path}`);
  const fileid = async (path: string) => {
    const response = await dav('PROPFIND', `/remote.php/dav/files/${uid}${path}`, { depth: '0' }, '<d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><oc:fileid/></d:prop></d:propfind>');
    return Number(/<oc:fileid>(\d+)<\/oc:fileid>/.exec(await response.text())?.[1]);
  };
  const find = async (filename: string) => (await listTrash(dav, uid)).filter((entry) => entry.filename === filename);

  beforeAll(async () => {
    server = await startTestServer({ pluginsDir: join(process.cwd(), 'plugins') });
    await server.built.accounts.users.create({ uid, password: 'tina-password', displayName: 'Tina Example' });
    dav = fetcher(server.url, auth);
  }, 30000);
  afterAll(() => server.stop());

  it('moves a deleted file into the trash as Nextcloud names it, with the trashbin properties', async () => {
    await mkcol('/Docs');
    await put('/Docs/report.pdf', 'quarterly');
    const id = await fileid('/Docs/report.pdf');
    const before = Math.floor(Date.now() / 1000);
    await del('/Docs/report.pdf');
    expect((await get('/Docs/report.pdf')).status).toBe(404);
    const [entry, ...more] = await find('report.pdf');
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ location: 'Docs/report.pdf', displayName: 'report.pdf', fileid: id, size: 9, folder: false, permissions: 'GD', deletedBy: uid, deletedByName: 'Tina Example' });
    expect(entry?.deletionTime).toBeGreaterThanOrEqual(before);
    expect(itemOf(entry!)).toBe(`report.pdf.d${entry?.deletionTime}`);
    const download = await dav('GET', `${trashbinBase(uid)}/trash/${encodeURIComponent(itemOf(entry!))}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('filename="report.pdf"');
    expect(await download.text()).toBe('quarterly');
  });

  it('bumps the time of a second delete of the same name in the same second, so neither is lost', async () => {
    await put('/twin.txt', 'one');
    await del('/twin.txt');
    await put('/twin.txt', 'two');
    await del('/twin.txt');
    const twins = await find('twin.txt');
    expect(twins).toHaveLength(2);
    expect(new Set(twins.map(itemOf)).size).toBe(2);
  });

  it('answers DELETEs of one folder at once with one trash item, and a 204, 404 or 409 (never a 500) for those that lost', async () => {
    for (let round = 0; round < 5; round += 1) {
      await mkcol(`/race-${round}`);
      await put(`/race-${round}/inside.txt`, 'inside');
      const statuses = (await Promise.all([1, 2, 3].map(() => dav('DELETE', `/remote.php/dav/files/${uid}/race-${round}`)))).map((answer) => answer.status).sort();
      // The losers find the folder gone (404), or, on PostgreSQL, meet the winner's move under way (409),
      // or come after the winner's commit and are answered as the same DELETE sent again (204, from its
      // receipt: server/README.md, "A lost answer"). Whatever they are told, the folder is trashed once.
      expect(statuses).toContain(204);
      for (const status of statuses) expect([204, 404, 409]).toContain(status);
      expect(await find(`race-${round}`)).toHaveLength(1);
    }
  });

  it('lists a trashed folder’s contents with their original locations', async () => {
    await mkcol('/Album');
    await mkcol('/Album/2024');
    await put('/Album/2024/beach.jpg', 'sand');
    await del('/Album');
    const [album] = await find('Album');
    expect(album?.folder).toBe(true);
    const inside = await listTrash(dav, uid, `${encodeURIComponent(itemOf(album!))}/2024/`);
    expect(inside).toEqual([expect.objectContaining({ filename: 'beach.jpg', location: 'Album/2024/beach.jpg', deletionTime: album?.deletionTime })]);
  });

  it('restores to the original folder with the same file id and content, renaming on a clash', async () => {
    await mkcol('/Notes');
    await put('/Notes/todo.txt', 'first');
    const id = await fileid('/Notes/todo.txt');
    await del('/Notes/todo.txt');
    await put('/Notes/todo.txt', 'newer');
    const [item] = await find('todo.txt');
    expect((await restoreItem(dav, server.url, uid, itemOf(item!))).status).toBe(201);
    expect(await (await get('/Notes/todo%20(restored).txt')).text()).toBe('first');
    expect(await fileid('/Notes/todo%20(restored).txt')).toBe(id);
    expect(await (await get('/Notes/todo.txt')).text()).toBe('newer');
    expect(await find('todo.txt')).toEqual([]);
    // The next clash counts up, in the request's language.
    await put('/Notes/again.txt', 'a');
    await del('/Notes/again.txt');
    await put('/Notes/again.txt', 'b');
    await put('/Notes/again%20(restored).txt', 'c');
    const [again] = await find('again.txt');
    expect((await restoreItem(dav, server.url, uid, itemOf(again!))).status).toBe(201);
    expect(await (await get('/Notes/again%20(restored%202).txt')).text()).toBe('a');
    await del('/Notes/again.txt');
    await put('/Notes/again.txt', 'd');
    const [german] = await find('again.txt');
    expect((await restoreItem(dav, server.url, uid, itemOf(german!), { 'accept-language': 'de-DE,de;q=0.9' })).status).toBe(201);
    expect(await (await get('/Notes/again%20(wiederhergestellt).txt')).text()).toBe('b');
  });

  it('restores to the root when the original folder is gone, and a node from inside a trashed folder to the root', async () => {
    await mkcol('/Gone');
    await put('/Gone/letter.txt', 'dear');
    await put('/Gone/other.txt', 'other');
    await del('/Gone/letter.txt');
    await del('/Gone');
    const [letter] = await find('letter.txt');
    expect((await restoreItem(dav, server.url, uid, itemOf(letter!))).status).toBe(201);
    expect(await (await get('/letter.txt')).text()).toBe('dear');
    const [gone] = await find('Gone');
    expect((await restoreItem(dav, server.url, uid, `${itemOf(gone!)}/other.txt`)).status).toBe(201);
    expect(await (await get('/other.txt')).text()).toBe('other');
    // The folder stays in the trash, without the restored file.
    expect(await listTrash(dav, uid, `${encodeURIComponent(itemOf(gone!))}/`)).toEqual([]);
  });

  it('deletes an item for good, and empties the whole trash', async () => {
    await put('/doomed.txt', 'x');
    await del('/doomed.txt');
    const [doomed] = await find('doomed.txt');
    expect((await dav('DELETE', `${trashbinBase(uid)}/trash/${encodeURIComponent(itemOf(doomed!))}`)).status).toBe(204);
    expect(await find('doomed.txt')).toEqual([]);
    expect((await listTrash(dav, uid)).length).toBeGreaterThan(0);
    expect((await dav('DELETE', `${trashbinBase(uid)}/trash`)).status).toBe(204);
    expect(await listTrash(dav, uid)).toEqual([]);
    // Nothing is left where the trash is stored (its area on disk, or its rows and objects on S3).
    const stored = storedFiles(server.dataDir, server.built.files);
    try {
      expect(await stored.names(areaKey(uid, 'trash'), '/')).toEqual([]);
    } finally {
      stored.close();
    }
  });

  it('deletes for good with X-NC-Skip-Trashbin', async () => {
    await put('/skip.txt', 'x');
    await del('/skip.txt', { 'x-nc-skip-trashbin': 'true' });
    expect(await find('skip.txt')).toEqual([]);
    expect((await get('/skip.txt')).status).toBe(404);
  });

  it('refuses what the trashbin tree does not allow, and another user’s trash', async () => {
    expect((await dav('PUT', `${trashbinBase(uid)}/trash/new.txt`, {}, 'x')).status).toBe(403);
    expect((await dav('MKCOL', `${trashbinBase(uid)}/trash/folder`)).status).toBe(403);
    expect((await dav('DELETE', `${trashbinBase(uid)}/`)).status).toBe(403);
    expect((await dav('PROPFIND', `${trashbinBase('admin')}/trash/`, { depth: '1' })).status).toBe(404);
    expect((await dav('PROPFIND', `${trashbinBase(uid)}/nothing`, { depth: '0' })).status).toBe(404);
    const home = await dav('PROPFIND', `${trashbinBase(uid)}/`, { depth: '1' });
    expect(home.status).toBe(207);
    const hrefs = [...(await home.text()).matchAll(/<d:href>([^<]+)<\/d:href>/g)].map((m) => m[1]);
    expect(hrefs).toEqual([`${trashbinBase(uid)}/`, `${trashbinBase(uid)}/trash/`, `${trashbinBase(uid)}/restore/`]);
    expect((await fetch(`${server.url}${trashbinBase(uid)}/trash/`, { method: 'PROPFIND' })).status).toBe(401);
  });

  it('answers 507 when the restored item does not fit the free space', async () => {
    await server.built.accounts.users.create({ uid: 'quinn', password: 'quinn-password', quota: 1000 });
    const quinn = fetcher(server.url, basic('quinn', 'quinn-password'));
    expect((await quinn('PUT', '/remote.php/dav/files/quinn/big.bin', {}, 'x'.repeat(60))).status).toBe(201);
    expect((await quinn('DELETE', '/remote.php/dav/files/quinn/big.bin')).status).toBe(204);
    // The operator lowers the quota below the item's size.
    await server.built.accounts.users.setQuota('quinn', 50);
    const [big] = await listTrash(quinn, 'quinn');
    const response = await restoreItem(quinn, server.url, 'quinn', itemOf(big!));
    expect(response.status).toBe(507);
    expect(await listTrash(quinn, 'quinn')).toHaveLength(1);
  });

  it('keeps the trash within half of the free quota, purging the oldest items (the auto rule)', async () => {
    await server.built.accounts.users.create({ uid: 'rita', password: 'rita-password', quota: 1000 });
    const rita = fetcher(server.url, basic('rita', 'rita-password'));
    for (const name of ['one', 'two', 'three']) {
      expect((await rita('PUT', `/remote.php/dav/files/rita/${name}.bin`, {}, 'z'.repeat(200))).status).toBe(201);
      expect((await rita('DELETE', `/remote.php/dav/files/rita/${name}.bin`)).status).toBe(204);
    }
    // 600 trashed bytes > 50 % of the 1000 free: the oldest goes (the last one deleted stays).
    const kept = await listTrash(rita, 'rita');
    expect(kept).toHaveLength(2);
    expect(kept.map((entry) => entry.filename)).toContain('three.bin');
    // Writing files shrinks the share: 300 used leaves 350 for the trash.
    expect((await rita('PUT', '/remote.php/dav/files/rita/keep.bin', {}, 'k'.repeat(300))).status).toBe(201);
    // The size check after a write is queued (the write does not wait for it).
    for (let tries = 0; (await listTrash(rita, 'rita')).length !== 1 && tries < 50; tries += 1) await new Promise((done) => setTimeout(done, 100));
    expect(await listTrash(rita, 'rita')).toHaveLength(1);
    // The trash is not the user's used space.
    const stats = (await (await rita('GET', '/apps/files/api/v1/stats')).json()) as { data: { used: number } };
    expect(stats.data.used).toBe(300);
  });

  it('expires items older than the retention’s 30 days, by the job’s command', async () => {
    await put('/old.txt', 'old');
    await del('/old.txt');
    await put('/recent.txt', 'recent');
    await del('/recent.txt');
    const db = server.built.db as unknown as Kysely<{ trash_items: { uid: string; filename: string; deleted_at: number } }>;
    await db.updateTable('trash_items').set({ deleted_at: Math.floor(Date.now() / 1000) - 31 * 24 * 3600 }).where('uid', '=', uid).where('filename', '=', 'old.txt').execute();
    const command = server.built.plugins.host.commandsByName().get('trash:expire');
    const out: string[] = [];
    expect(await command?.run([uid], { out: (line) => out.push(line), err: (line) => out.push(line) })).toBe(0);
    expect(out).toEqual(['Expired 1 item.']);
    expect(await find('old.txt')).toEqual([]);
    expect(await find('recent.txt')).toHaveLength(1);
  });
});

describe('the trash plugin disabled', () => {
  let server: StartedServer | undefined;
  let first: TestServer;

  beforeAll(async () => {
    first = await startTestServer({ pluginsDir: join(process.cwd(), 'plugins') });
    await new PluginStates(first.built.db).setEnabled('trash', false);
    await first.close();
    server = await startServer({ dataDir: first.dataDir, port: 0, adminPassword: ADMIN_PASSWORD, distDir: join(first.dataDir, 'no-dist'), pluginsDir: join(process.cwd(), 'plugins'), throttleDelayMs: 0 });
  }, 30000);
  afterAll(async () => {
    await server?.close();
    await first.stop();
  });

  it('makes a delete final again and answers 404 on the trashbin tree', async () => {
    const dav = fetcher(server!.url, basic('admin', ADMIN_PASSWORD));
    expect((await dav('PUT', '/remote.php/dav/files/admin/final.txt', {}, 'bye')).status).toBe(201);
    expect((await dav('DELETE', '/remote.php/dav/files/admin/final.txt')).status).toBe(204);
    expect((await dav('PROPFIND', `${trashbinBase('admin')}/trash/`, { depth: '1' })).status).toBe(404);
    expect(existsSync(join(first.dataDir, 'areas', 'trash', 'admin', 'final.txt'))).toBe(false);
    expect(await readdir(join(first.dataDir, 'areas', 'trash', 'admin')).catch(() => [])).toEqual([]);
    const caps = (await (await dav('GET', '/ocs/v2.php/cloud/capabilities?format=json', { 'ocs-apirequest': 'true' })).json()) as { ocs: { data: { capabilities: { files?: Record<string, unknown> } } } };
    expect(caps.ocs.data.capabilities.files?.undelete).not.toBe(true);
  });
});
