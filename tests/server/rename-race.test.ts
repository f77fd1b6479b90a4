import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestServer } from './helpers';
import { ADMIN, startTestServer } from './helpers';
import { itOnDisk } from '../support/stored-files';

/**
 * A PROPFIND of a folder that is renamed while it is listed must answer the old state, the
 * new one, or 404, never 500: renames by MOVE and renames on disk behind the server's back.
 */
describe('PROPFIND while the folder is renamed', () => {
  let server: TestServer;
  const files = '/remote.php/dav/files/admin';
  const dav = async (method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<number> => {
    const response = await fetch(server.url + path, { method, headers: { authorization: ADMIN, ...headers }, ...(body !== undefined ? { body } : {}) });
    await response.arrayBuffer();
    return response.status;
  };

  beforeAll(async () => {
    // Every PROPFIND walks the folder's tree: the widest window for a rename to land in.
    server = await startTestServer({ rescanInterval: 0 });
    expect(await dav('MKCOL', `${files}/a`)).toBe(201);
    expect(await dav('MKCOL', `${files}/a/sub`)).toBe(201);
    for (let i = 0; i < 40; i += 1) expect(await dav('PUT', `${files}/a/${i % 2 ? 'sub/' : ''}file-${i}.txt`, {}, `content ${i}`)).toBe(201);
   }, 60_000);
  afterAll(async () => {
    await server.stop();
  });

  /** Runs `rename` 150 times while PROPFINDs run beside it; returns their statuses. */
  async function race(renameOnce: (from: string, to: string) => Promise<void>): Promise<Map<number, number>> {
    const statuses = new Map<number, number>();
    let done = false;
    // Both names, their subfolder and their parent, Depth 0 and 1.
    const paths = ['a/', 'b/', 'a/sub/', 'b/sub/', '', ''];
    const listers = paths.map(async (path, n) => {
      while (!done) {
        const status = await dav('PROPFIND', `${files}/${path}`, { depth: n % 3 ? '1' : '0' });
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    });
    try {
      for (let i = 0; i < 150; i += 1) await (i % 2 ? renameOnce('b', 'a') : renameOnce('a', 'b'));
    } finally {
      done = true;
      await Promise.all(listers);
    }
    return statuses;
  }

  /** The file ids below `a/`, by href (the folder is back at `a` after an even number of renames). */
  async function fileIds(): Promise<string[]> {
    const response = await fetch(`${server.url}${files}/a/`, {
      method: 'PROPFIND',
      headers: { authorization: ADMIN, depth: '1' },
      body: '<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><oc:fileid/></d:prop></d:propfind>',
    });
    expect(response.status).toBe(207);
    return [...(await response.text()).matchAll(/<d:href>([^<]*)<\/d:href>.*?<oc:fileid>(\d+)<\/oc:fileid>/gs)].map((m) => `${m[1]} ${m[2]}`).sort();
  }

  it('by MOVE: every answer is 207 or 404, every MOVE succeeds and the file ids follow the files', async () => {
    const before = await fileIds();
    expect(before.length).toBeGreaterThan(20);
    const statuses = await race(async (from, to) => {
      expect(await dav('MOVE', `${files}/${from}`, { destination: `${server.url}${files}/${to}` })).toBe(201);
    });
    expect([...statuses.keys()].filter((status) => status !== 207 && status !== 404)).toEqual([]);
    expect(statuses.get(207)).toBeGreaterThan(0);
    expect(await fileIds()).toEqual(before);
  }, 120_000);

  // A rename on disk behind the server's back: with content on S3 there is no such disk.
  itOnDisk('on disk behind the server: every answer is 207 or 404', async () => {
    const root = join(server.dataDir, 'files', 'admin');
    const statuses = await race(async (from, to) => {
      await rename(join(root, from), join(root, to));
      await new Promise((wake) => setTimeout(wake, 2));
    });
    expect([...statuses.keys()].filter((status) => status !== 207 && status !== 404)).toEqual([]);
    expect(statuses.get(207)).toBeGreaterThan(0);
  }, 120_000);
});
