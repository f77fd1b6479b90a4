import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Fetcher } from '../../../../tests/support/trashbin';
import { fetcher, itemOf, listTrash, restoreItem, trashbinBase } from '../../../../tests/support/trashbin';
import { CONTENT_ON_S3 } from '../../../../tests/support/stored-files';
import { LocalContentStore } from '../../../../server/src/storage/content/local/local-content-store';
import { areaKey } from '../../../../server/src/storage/model/areas';
import type { TestServer } from '../../../../tests/server/helpers';
import { basic, startTestServer } from '../../../../tests/server/helpers';

const PROPFIND =
  '<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns" xmlns:nc="http://nextcloud.org/ns"><d:prop>' +
  '<d:getcontentlength/><d:getlastmodified/><d:getetag/><d:getcontenttype/><nc:version-label/><nc:version-author/><nc:has-preview/></d:prop></d:propfind>';

interface Listed {
  href: string;
  version: number;
  size: number;
  label: string;
  author: string;
  etag: string;
}

/**
 * The versions plugin's server part against the real server: every path that replaces a
 * file's content keeps the old content as a version; Nextcloud's versions tree lists,
 * serves, restores, labels and deletes them; access is the owner's; versions follow the
 * file into the trash and back.
 */
describe('the versions plugin', () => {
  let server: TestServer;
  let dav: Fetcher;
  const uid = 'vera';
  const files = `/remote.php/dav/files/${uid}`;
  const base = `/remote.php/dav/versions/${uid}`;

  const put = async (path: string, body: string) => expect((await dav('PUT', `${files}${path}`, {}, body)).status).toBeLessThan(300);
  const fileid = async (path: string): Promise<number> => {
    const response = await dav('PROPFIND', `${files}${path}`, { depth: '0' }, '<d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><oc:fileid/></d:prop></d:propfind>');
    return Number(/<oc:fileid>(\d+)<\/oc:fileid>/.exec(await response.text())?.[1]);
  };
  const list = async (id: number, as: Fetcher = dav): Promise<Listed[]> => {
    const response = await as('PROPFIND', `${base}/versions/${id}`, { depth: '1' }, PROPFIND);
    if (response.status !== 207) throw new Error(`PROPFIND answered ${response.status}`);
    const xml = await response.text();
    const prop = (block: string, name: string) => new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(block)?.[1] ?? '';
    return [...xml.matchAll(/<d:response>([\s\S]*?)<\/d:response>/g)]
      .map(([, block = '']) => ({ block, href: prop(block, 'd:href') }))
      .filter(({ href }) => /\/\d+$/.test(href) && !href.endsWith(`/versions/${id}`))
      .map(({ block, href }) => ({
        href,
        version: Number(/(\d+)$/.exec(href)?.[1]),
        size: Number(prop(block, 'd:getcontentlength')),
        label: prop(block, 'nc:version-label'),
        author: prop(block, 'nc:version-author'),
        etag: prop(block, 'd:getetag'),
      }));
  };
  const bodies = async (id: number): Promise<string[]> => Promise.all((await list(id)).map(async ({ href }) => (await dav('GET', href)).text()));
  const current = async (path: string) => (await dav('GET', `${files}${path}`)).text();

  beforeAll(async () => {
    server = await startTestServer({ pluginsDir: join(process.cwd(), 'plugins') });
    await server.built.accounts.users.create({ uid, password: 'vera-password', displayName: 'Vera Example' });
    await server.built.accounts.users.create({ uid: 'stan', password: 'stan-password', displayName: 'Stan Ger' });
    dav = fetcher(server.url, basic(uid, 'vera-password'));
  }, 30000);
  afterAll(() => server.stop());

  it('keeps the old content on every PUT over a file, newest first, with Nextcloud’s properties', async () => {
    await put('/notes.txt', 'one');
    const id = await fileid('/notes.txt');
    await put('/notes.txt', 'two!');
    await put('/notes.txt', 'three');
    expect(await fileid('/notes.txt')).toBe(id);
    expect(await current('/notes.txt')).toBe('three');
    const versions = await list(id);
    expect(versions).toHaveLength(2);
    expect(versions.map((version) => version.size)).toEqual([4, 3]);
    expect(versions[0]!.version).toBeGreaterThan(versions[1]!.version);
    expect(versions[1]!.author).toBe(uid);
    expect(await bodies(id)).toEqual(['two!', 'one']);
  });

  it('keeps the old content without copying its bytes (the same inode on disk)', async () => {
    if (CONTENT_ON_S3) return; // S3: a copy inside the store
    await put('/linked.txt', 'original');
    const id = await fileid('/linked.txt');
    const before = await stat(join(new LocalContentStore(server.dataDir).userRoot(uid), 'linked.txt'));
    await put('/linked.txt', 'replaced');
    const [version] = await list(id);
    const kept = await stat(new LocalContentStore(server.dataDir).localPath(areaKey(uid, 'versions'), `/${id}.v${version!.version}`));
    expect(kept.ino).toBe(before.ino);
  });

  it('restores a version by a MOVE to restore/target; the replaced content becomes a version', async () => {
    await put('/plan.txt', 'first');
    await put('/plan.txt', 'second');
    const id = await fileid('/plan.txt');
    const [first] = await list(id);
    const moved = await dav('MOVE', first!.href, { destination: `${server.url}${base}/restore/target` });
    expect(moved.status).toBe(204);
    expect(await current('/plan.txt')).toBe('first');
    expect(await fileid('/plan.txt')).toBe(id);
    expect(await bodies(id)).toEqual(['second', 'first']);
  });

  it('names a version with PROPPATCH nc:version-label and deletes one with DELETE', async () => {
    await put('/label.txt', 'a');
    await put('/label.txt', 'b');
    await put('/label.txt', 'c');
    const id = await fileid('/label.txt');
    const [newest, oldest] = await list(id);
    const patch = await dav('PROPPATCH', newest!.href, {}, '<?xml version="1.0"?><d:propertyupdate xmlns:d="DAV:" xmlns:nc="http://nextcloud.org/ns"><d:set><d:prop><nc:version-label>Draft 2</nc:version-label></d:prop></d:set></d:propertyupdate>');
    expect(patch.status).toBe(207);
    expect(await patch.text()).toContain('HTTP/1.1 200');
    expect((await list(id))[0]!.label).toBe('Draft 2');
    const refused = await dav('PROPPATCH', newest!.href, {}, '<?xml version="1.0"?><d:propertyupdate xmlns:d="DAV:" xmlns:nc="http://nextcloud.org/ns"><d:set><d:prop><nc:version-label>x</nc:version-label><d:getetag>1</d:getetag></d:prop></d:set></d:propertyupdate>');
    expect(await refused.text()).toContain('HTTP/1.1 424');
    expect((await list(id))[0]!.label).toBe('Draft 2');
    expect((await dav('DELETE', oldest!.href)).status).toBe(204);
    expect(await bodies(id)).toEqual(['b']);
    expect((await dav('GET', oldest!.href)).status).toBe(404);
  });

  it('keeps a version on a chunked upload’s final MOVE and on COPY and MOVE onto the file', async () => {
    await put('/chunked.txt', 'before');
    const id = await fileid('/chunked.txt');
    const upload = `/remote.php/dav/uploads/${uid}/up-1`;
    const destination = `${server.url}${files}/chunked.txt`;
    expect((await dav('MKCOL', upload, { destination })).status).toBe(201);
    expect((await dav('PUT', `${upload}/1`, { destination, 'oc-total-length': '5' }, 'after')).status).toBe(201);
    expect((await dav('MOVE', `${upload}/.file`, { destination })).status).toBeLessThan(300);
    expect(await bodies(id)).toEqual(['before']);

    await put('/source.txt', 'copied in');
    expect((await dav('COPY', `${files}/source.txt`, { destination, overwrite: 'T' })).status).toBe(204);
    const afterCopy = await fileid('/chunked.txt');
    expect(await current('/chunked.txt')).toBe('copied in');
    expect(await bodies(afterCopy)).toEqual(['after', 'before']);

    await put('/mover.txt', 'moved in');
    expect((await dav('MOVE', `${files}/mover.txt`, { destination, overwrite: 'T' })).status).toBe(204);
    const afterMove = await fileid('/chunked.txt');
    expect(await bodies(afterMove)).toEqual(['copied in', 'after', 'before']);
  });

  it('shows a file’s versions to its owner only: another user gets 404, and anonymous 401', async () => {
    await put('/private.txt', 'v1');
    await put('/private.txt', 'v2');
    const id = await fileid('/private.txt');
    const stranger = fetcher(server.url, basic('stan', 'stan-password'));
    expect((await stranger('PROPFIND', `/remote.php/dav/versions/stan/versions/${id}`, { depth: '1' }, PROPFIND)).status).toBe(404);
    expect((await stranger('PROPFIND', `${base}/versions/${id}`, { depth: '1' }, PROPFIND)).status).toBe(404);
    const [version] = await list(id);
    expect((await stranger('GET', version!.href.replace(`/versions/${uid}/`, '/versions/stan/'))).status).toBe(404);
    expect((await fetch(`${server.url}${base}/versions/${id}`, { method: 'PROPFIND' })).status).toBe(401);
  });

  it('takes the versions into the trash and back, and deletes them with the trashed file', async () => {
    await put('/trip.txt', 'old');
    await put('/trip.txt', 'new');
    const id = await fileid('/trip.txt');
    expect((await dav('DELETE', `${files}/trip.txt`)).status).toBe(204);
    expect((await dav('PROPFIND', `${base}/versions/${id}`, { depth: '1' }, PROPFIND)).status).toBe(404);
    const [item] = (await listTrash(dav, uid)).filter((entry) => entry.filename === 'trip.txt');
    expect((await restoreItem(dav, server.url, uid, itemOf(item!))).status).toBe(201);
    expect(await bodies(id)).toEqual(['old']);

    expect((await dav('DELETE', `${files}/trip.txt`)).status).toBe(204);
    const [again] = (await listTrash(dav, uid)).filter((entry) => entry.filename === 'trip.txt');
    expect((await dav('DELETE', `${trashbinBase(uid)}/trash/${encodeURIComponent(itemOf(again!))}`)).status).toBe(204);
    const out: string[] = [];
    const command = server.built.plugins.host.commandsByName().get('versions:expire');
    expect(await command?.run(['--user', uid], { out: (line) => out.push(line), err: () => undefined })).toBe(0);
    expect(out[0]).toMatch(/^Expired [1-9]\d* versions?\.$/);
  });
});
