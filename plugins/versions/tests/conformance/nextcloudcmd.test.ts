import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestServer } from '../../../../tests/conformance/server';
import { ADMIN_PASSWORD, startTestServer } from '../../../../tests/conformance/server';
import { davClient } from '../../../../tests/conformance/dav-client';

const run = promisify(execFile);

/**
 * A real desktop client: nextcloudcmd syncs a file up, the file is changed on the desktop
 * side and synced three times; the server then lists three versions with the right bytes.
 */
describe('versions made by nextcloudcmd', () => {
  let server: TestServer;
  let work: string;
  let local: string;

  const sync = async (): Promise<void> => {
    await run('nextcloudcmd', ['--non-interactive', '-u', 'admin', '-p', ADMIN_PASSWORD, local, server.url], { env: { ...process.env, HOME: work }, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 });
  };

  beforeAll(async () => {
    server = await startTestServer();
    work = await mkdtemp(join(tmpdir(), 'cumulus-versions-nextcloudcmd-'));
    local = join(work, 'local');
    await mkdir(local, { recursive: true });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('keeps a version of each content the desktop replaced', async () => {
    const file = join(local, 'report.txt');
    const contents = ['draft 0', 'draft 1 (longer)', 'draft 2', 'draft 3 final'];
    for (const [i, content] of contents.entries()) {
      await writeFile(file, content);
      // A distinct modification time per change, as an editor's saves have.
      const time = new Date(Date.UTC(2026, 0, 1, 10, i));
      await utimes(file, time, time);
      await sync();
    }
    const dav = davClient(server.url, server.auth);
    const found = await dav('PROPFIND', '/remote.php/dav/files/admin/report.txt', { headers: { depth: '0' }, body: '<d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><oc:fileid/></d:prop></d:propfind>' });
    const id = /<oc:fileid>(\d+)</.exec(found.text)?.[1];
    expect(id).toBeDefined();
    const listing = await dav('PROPFIND', `/remote.php/dav/versions/admin/versions/${id}`, { headers: { depth: '1' } });
    const hrefs = [...listing.text.matchAll(/<d:href>([^<]*\/versions\/\d+\/\d+)<\/d:href>/g)].map(([, href]) => href!);
    const bodies = await Promise.all(hrefs.map(async (href) => (await dav('GET', href)).text));
    expect(bodies).toEqual(['draft 2', 'draft 1 (longer)', 'draft 0']);
    expect((await dav('GET', '/remote.php/dav/files/admin/report.txt')).text).toBe('draft 3 final');
  }, 400_000);
});
