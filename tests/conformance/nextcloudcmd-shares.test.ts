import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestServer } from './server';
import { startTestServer } from './server';
import { davClient } from './dav-client';

const run = promisify(execFile);
const BOB_PASSWORD = 'bob-sync-password-1';
const SHARES = '/ocs/v2.php/apps/files_sharing/api/v1/shares?format=json';

/**
 * The Nextcloud desktop client as a share recipient: it only looks below the root when the
 * root's etag changed, so a share landing, a change inside it and the share leaving must each
 * change the recipient's root etag, and each sync must bring that change down.
 */
describe('nextcloudcmd (Nextcloud desktop sync client) as a share recipient', () => {
  let server: TestServer;
  let work: string;
  let local: string;
  let bob: string;
  let shareId = '';

  async function sync(): Promise<void> {
    try {
      await run('nextcloudcmd', ['--non-interactive', '-u', 'bob', '-p', BOB_PASSWORD, local, server.url], { env: { ...process.env, HOME: work }, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 });
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string; message: string };
      throw new Error(`nextcloudcmd failed: ${failed.message}\n${(failed.stdout ?? '') + (failed.stderr ?? '')}`.slice(0, 20000), { cause: error });
    }
  }

  /** The names the client keeps locally (its own journal files left out). */
  async function localNames(dir = local): Promise<string[]> {
    return (await readdir(dir)).filter((name) => !name.startsWith('.sync_') && !name.startsWith('.nextcloudsync')).sort();
  }

  async function rootEtag(): Promise<string> {
    const answer = await davClient(server.url, bob)('PROPFIND', '/remote.php/dav/files/bob/', { headers: { depth: '0' } });
    return /<d:getetag>([^<]*)<\/d:getetag>/.exec(answer.text)?.[1] ?? '';
  }

  beforeAll(async () => {
    server = await startTestServer();
    bob = await server.addUser('bob', BOB_PASSWORD);
    work = await mkdtemp(join(tmpdir(), 'cumulus-nextcloudcmd-shares-'));
    local = join(work, 'local');
    const dav = davClient(server.url, server.auth);
    expect((await dav('MKCOL', '/remote.php/dav/files/admin/Team')).status).toBe(201);
    expect((await dav('PUT', '/remote.php/dav/files/admin/Team/plan.txt', { body: 'the plan' })).status).toBe(201);
    expect((await davClient(server.url, bob)('PUT', '/remote.php/dav/files/bob/mine.txt', { body: 'mine' })).status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('syncs the recipient\'s own files first', async () => {
    await run('mkdir', ['-p', local]);
    await sync();
    expect(await localNames()).toEqual(['mine.txt']);
  }, 150_000);

  it('brings a new share down: the root etag changed', async () => {
    const before = await rootEtag();
    const response = await fetch(`${server.url}${SHARES}`, { method: 'POST', headers: { authorization: server.auth, 'content-type': 'application/json' }, body: JSON.stringify({ path: '/Team', shareType: 0, shareWith: 'bob', permissions: 31 }) });
    expect(response.status).toBe(200);
    shareId = String(((await response.json()) as { ocs: { data: { id: string } } }).ocs.data.id);
    expect(await rootEtag()).not.toBe(before);
    await sync();
    expect(await localNames()).toEqual(['Team', 'mine.txt']);
    expect(await readFile(join(local, 'Team/plan.txt'), 'utf8')).toBe('the plan');
  }, 150_000);

  it('brings a file the owner added inside the share down', async () => {
    const before = await rootEtag();
    expect((await davClient(server.url, server.auth)('PUT', '/remote.php/dav/files/admin/Team/new.txt', { body: 'added by the owner' })).status).toBe(201);
    expect(await rootEtag()).not.toBe(before);
    await sync();
    expect(await readFile(join(local, 'Team/new.txt'), 'utf8')).toBe('added by the owner');
  }, 150_000);

  it('removes the share locally once it is unshared, the owner\'s files kept', async () => {
    const before = await rootEtag();
    expect((await fetch(`${server.url}/ocs/v2.php/apps/files_sharing/api/v1/shares/${shareId}?format=json`, { method: 'DELETE', headers: { authorization: server.auth } })).status).toBe(200);
    expect(await rootEtag()).not.toBe(before);
    await sync();
    expect(await localNames()).toEqual(['mine.txt']);
    expect((await davClient(server.url, server.auth)('GET', '/remote.php/dav/files/admin/Team/new.txt')).status).toBe(200);
  }, 150_000);
});
