import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestServer } from './server';
import { ADMIN_PASSWORD, startTestServer } from './server';
import { hashTree, makeTree } from './tree';
import { davClient } from './dav-client';

const run = promisify(execFile);

/** The desktop client's chunk size for this test: 1 MiB, fixed (no dynamic growth). */
const CHUNK = 1024 * 1024;

describe('nextcloudcmd (Nextcloud desktop sync client)', () => {
  let server: TestServer;
  let work: string;
  let local: string;

  /** One sync run; returns the client's log (propagation lines tell what it did). */
  async function sync(): Promise<string> {
    const env = {
      ...process.env,
      // Chunking of the desktop client: start at, and never leave, 1 MiB.
      OWNCLOUD_CHUNK_SIZE: String(CHUNK),
      OWNCLOUD_MIN_CHUNK_SIZE: String(CHUNK),
      OWNCLOUD_MAX_CHUNK_SIZE: String(CHUNK),
      HOME: work,
    };
    try {
      const { stdout, stderr } = await run('nextcloudcmd', ['--non-interactive', '-u', 'admin', '-p', ADMIN_PASSWORD, local, server.url], {
        env,
        timeout: 120_000,
        maxBuffer: 64 * 1024 * 1024,
      });
      return stdout + stderr;
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string; message: string };
      throw new Error(`nextcloudcmd failed: ${failed.message}\n${(failed.stdout ?? '') + (failed.stderr ?? '')}`.slice(0, 20000), { cause: error });
    }
  }

  /** Files the client propagated in a run ("Starting … propagation of "path""). */
  function propagated(log: string): string[] {
    return [...log.matchAll(/Starting CSyncEnums::(CSYNC_INSTRUCTION_\w+) propagation of "([^"]*)"/g)]
      .filter((m) => m[1] !== 'CSYNC_INSTRUCTION_UPDATE_METADATA')
      .map((m) => `${m[1]} ${m[2]}`);
  }

  beforeAll(async () => {
    server = await startTestServer();
    work = await mkdtemp(join(tmpdir(), 'cumulus-nextcloudcmd-'));
    local = join(work, 'local');
    await makeTree(local, 60, 3 * CHUNK + 12345);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('syncs a tree up, the big file in chunks, byte for byte', async () => {
    const log = await sync();
    expect(log).toMatch(/MKCOL.*\/remote\.php\/dav\/uploads\/admin\//);
    expect(log).toMatch(/MOVE.*\/remote\.php\/dav\/uploads\/admin\/[^ ]*\/\.file/);
    const ownFiles = (tree: Map<string, string>): Map<string, string> => new Map([...tree].filter(([path]) => !path.startsWith('.sync_') && !path.startsWith('.nextcloudsync')));
    expect(await server.stored.hashTree('admin', '/')).toEqual(ownFiles(await hashTree(local)));
    expect((await server.stored.read('admin', '/docs/big file.bin'))?.length).toBe(3 * CHUNK + 12345);
  }, 150_000);

  it('changes nothing on a second run', async () => {
    const log = await sync();
    expect(propagated(log)).toEqual([]);
  }, 120_000);

  it('brings a change made on the server down', async () => {
    const dav = davClient(server.url, server.auth);
    expect((await dav('PUT', '/remote.php/dav/files/admin/docs/from%20server.txt', { body: 'made on the server' })).status).toBe(201);
    expect((await dav('PUT', '/remote.php/dav/files/admin/plain%200.txt', { body: 'edited on the server' })).status).toBe(204);
    const log = await sync();
    expect(propagated(log).sort()).toEqual(['CSYNC_INSTRUCTION_NEW docs/from server.txt', 'CSYNC_INSTRUCTION_SYNC plain 0.txt']);
    expect(await readFile(join(local, 'docs', 'from server.txt'), 'utf8')).toBe('made on the server');
    expect(await readFile(join(local, 'plain 0.txt'), 'utf8')).toBe('edited on the server');
    expect(propagated(await sync())).toEqual([]);
  }, 150_000);
});
