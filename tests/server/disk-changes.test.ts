import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestServer } from './helpers';
import { ADMIN, request, startTestServer } from './helpers';

const FILES = '/remote.php/dav/files/admin';
const PROPS = '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:getetag/><d:getcontentlength/></d:prop></d:propfind>';

/** Changes made straight in the data dir, behind the server's back. */
describe('changes made on disk behind the server', () => {
  let server: TestServer;
  let deep: TestServer;
  const disk = (target: TestServer, path: string): string => join(target.dataDir, 'files', 'admin', path);
  const dav = (target: TestServer, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Response> =>
    request(target, FILES + path, { method, headers: { authorization: ADMIN, ...headers }, ...(body !== undefined ? { body } : {}) });
  const propfind = async (target: TestServer, path: string, depth: '0' | '1'): Promise<string> => (await dav(target, 'PROPFIND', path, { depth }, PROPS)).text();
  /** The etag and size of one href in a multistatus. */
  const node = (xml: string, href: string): { etag?: string; size?: string } | undefined => {
    const response = xml.split('<d:response>').find((part) => part.startsWith(`<d:href>${href}</d:href>`));
    if (!response) return undefined;
    return { etag: /<d:getetag>([^<]*)<\/d:getetag>/.exec(response)?.[1], size: /<d:getcontentlength>(\d+)<\/d:getcontentlength>/.exec(response)?.[1] };
  };

  beforeAll(async () => {
    // The default interval: a tree is checked whole at most once a minute, listings always.
    server = await startTestServer();
    // Every PROPFIND of a folder checks its whole tree first.
    deep = await startTestServer({ rescanInterval: 0 });
    for (const target of [server, deep]) {
      expect((await dav(target, 'MKCOL', '/sub')).status).toBe(201);
      expect((await dav(target, 'PUT', '/sub/note.txt', {}, 'short')).status).toBe(201);
      expect((await dav(target, 'PUT', '/top.txt', {}, 'top')).status).toBe(201);
    }
  });
  afterAll(async () => {
    await server?.stop();
    await deep?.stop();
  });

  it('shows a file edited in place, one added and one removed in the next Depth 1 listing, with new etags up to the root', async () => {
    const before = await propfind(server, '/sub/', '1');
    const rootBefore = node(await propfind(server, '/', '0'), `${FILES}/`)?.etag;
    // Same name, new size and mtime; the folder's own mtime does not change on an in-place edit.
    await writeFile(disk(server, 'sub/note.txt'), 'a longer text');
    await utimes(disk(server, 'sub/note.txt'), 1700000000, 1700000000);
    await writeFile(disk(server, 'sub/added.txt'), 'new');
    const after = await propfind(server, '/sub/', '1');
    expect(node(after, `${FILES}/sub/note.txt`)?.size).toBe('13');
    expect(node(after, `${FILES}/sub/note.txt`)?.etag).not.toBe(node(before, `${FILES}/sub/note.txt`)?.etag);
    expect(node(after, `${FILES}/sub/added.txt`)?.size).toBe('3');
    expect(node(after, `${FILES}/sub/`)?.etag).not.toBe(node(before, `${FILES}/sub/`)?.etag);
    expect(node(await propfind(server, '/', '0'), `${FILES}/`)?.etag).not.toBe(rootBefore);

    await rm(disk(server, 'sub/added.txt'));
    expect(node(await propfind(server, '/sub/', '1'), `${FILES}/sub/added.txt`)).toBeUndefined();
  });

  it('changes the root etag for a change deep down without listing the folder it is in', async () => {
    const rootBefore = node(await propfind(deep, '/', '0'), `${FILES}/`);
    const subBefore = node(await propfind(deep, '/', '1'), `${FILES}/sub/`);
    await mkdir(disk(deep, 'sub/deeper'));
    await writeFile(disk(deep, 'sub/deeper/photo.jpg'), 'twelve bytes');
    // Only the root is asked for, as a sync client polls it.
    const root = node(await propfind(deep, '/', '0'), `${FILES}/`);
    expect(root?.etag).not.toBe(rootBefore?.etag);
    const listing = await propfind(deep, '/', '1');
    expect(node(listing, `${FILES}/sub/`)?.etag).not.toBe(subBefore?.etag);
    expect(node(await propfind(deep, '/sub/deeper/', '1'), `${FILES}/sub/deeper/photo.jpg`)?.size).toBe('12');
    // Sizes are kept right: the quota counts the new bytes.
    const quota = await (await dav(deep, 'PROPFIND', '/', { depth: '0' }, '<d:propfind xmlns:d="DAV:"><d:prop><d:quota-used-bytes/></d:prop></d:propfind>')).text();
    expect(quota).toContain('<d:quota-used-bytes>20</d:quota-used-bytes>');
    // Nothing changed since: the etag stays.
    expect(node(await propfind(deep, '/', '0'), `${FILES}/`)?.etag).toBe(root?.etag);
  });
});
