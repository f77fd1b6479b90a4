import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerProcess } from '../support/serverProcess';
import { startServerProcess } from '../support/serverProcess';
import { basic } from '../server/helpers';

/**
 * The server killed with SIGKILL between the steps of an overwrite that keeps a version
 * (CUMULUS_TEST_CRASH_AT): after the old content is kept and before its version is recorded,
 * and after the version is recorded and before the new content is written. Started again, the
 * file has its (old) content whole and every listed version serves the bytes it names.
 */
const PASSWORD = 'versions-crash-password';
const AUTH = basic('admin', PASSWORD);
const FILES = '/remote.php/dav/files/admin';

describe('an overwrite killed between keeping the version and writing the content', () => {
  let work: string;
  const running: ServerProcess[] = [];
  const start = async (dataDir: string, env: Record<string, string> = {}) => {
    const server = await startServerProcess(dataDir, { CUMULUS_ADMIN_PASSWORD: PASSWORD, ...env });
    running.push(server);
    return server;
  };
  const call = (server: ServerProcess, method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
    fetch(server.url + path, { method, headers: { authorization: AUTH, ...headers }, ...(body !== undefined ? { body } : {}) });

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'cumulus-versions-crash-'));
  });
  afterAll(async () => {
    for (const server of running) await server.kill();
    await rm(work, { recursive: true, force: true });
  });

  it.each([
    ['keep:after-content', 0],
    ['put:after-replacing', 1],
  ])('at %s: the file keeps its content, and %i version(s) serving the right bytes', async (point, versions) => {
    const dataDir = join(work, point.replace(/\W/g, '-'));
    const first = await start(dataDir);
    expect((await call(first, 'PUT', `${FILES}/doc.txt`, {}, 'old content')).status).toBe(201);
    await first.stop();

    const crashing = await start(dataDir, { CUMULUS_TEST_CRASH_AT: point });
    const status = await call(crashing, 'PUT', `${FILES}/doc.txt`, {}, 'new content').then(
      (response) => response.status,
      () => 0,
    );
    const ended = await Promise.race([crashing.exited.then(() => true), new Promise<boolean>((done) => setTimeout(() => done(false), 5000))]);
    expect({ status, ended }).toEqual({ status: 0, ended: true });

    const again = await start(dataDir);
    try {
      expect(await (await call(again, 'GET', `${FILES}/doc.txt`)).text()).toBe('old content');
      const found = await call(again, 'PROPFIND', `${FILES}/doc.txt`, { depth: '0' }, '<d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><oc:fileid/></d:prop></d:propfind>');
      const id = /<oc:fileid>(\d+)</.exec(await found.text())?.[1];
      const listing = await (await call(again, 'PROPFIND', `/remote.php/dav/versions/admin/versions/${id}`, { depth: '1' })).text();
      const hrefs = [...listing.matchAll(/<d:href>([^<]*\/versions\/\d+\/\d+)<\/d:href>/g)].map(([, href]) => href!);
      expect(hrefs).toHaveLength(versions);
      for (const href of hrefs) expect(await (await call(again, 'GET', href)).text()).toBe('old content');
      // The next overwrite works and keeps its version as usual.
      expect((await call(again, 'PUT', `${FILES}/doc.txt`, {}, 'newer content')).status).toBe(204);
      const after = await (await call(again, 'PROPFIND', `/remote.php/dav/versions/admin/versions/${id}`, { depth: '1' })).text();
      expect([...after.matchAll(/<d:href>[^<]*\/versions\/\d+\/\d+<\/d:href>/g)]).toHaveLength(versions + 1);
    } finally {
      await again.stop();
    }
  }, 400_000);
});
