import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestServer } from './server';
import { startTestServer } from './server';
import { hashTree, makeTree } from './tree';
import { rcloneEnv } from './rclone-env';

const run = promisify(execFile);

describe('rclone (webdav backend, vendor nextcloud)', () => {
  let server: TestServer;
  let work: string;
  let env: NodeJS.ProcessEnv;

  async function rclone(...args: string[]): Promise<string> {
    try {
      const { stdout, stderr } = await run('rclone', args, { env, timeout: 120_000, maxBuffer: 32 * 1024 * 1024 });
      return stdout + stderr;
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string; message: string };
      throw new Error(`rclone ${args.join(' ')} failed: ${failed.message}\n${failed.stdout ?? ''}${failed.stderr ?? ''}`, { cause: error });
    }
  }

  beforeAll(async () => {
    server = await startTestServer();
    work = await mkdtemp(join(tmpdir(), 'cumulus-rclone-'));
    // Configured entirely by environment: a remote named "cumulus", no config file.
    env = await rcloneEnv(server, work);
    await makeTree(join(work, 'source'), 300, 3 * 1024 * 1024);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('copies a tree of 300 awkwardly named files up and back with no difference', async () => {
    await rclone('copy', join(work, 'source'), 'cumulus:tree', '--transfers', '8');
    const check = await rclone('check', join(work, 'source'), 'cumulus:tree', '--download');
    expect(check).toContain('0 differences found');
    expect(check).toContain('301 matching files');
    await rclone('copy', 'cumulus:tree', join(work, 'back'), '--transfers', '8');
    const [source, back] = await Promise.all([hashTree(join(work, 'source')), hashTree(join(work, 'back'))]);
    expect(back.size).toBe(301);
    expect(back).toEqual(source);
    // The server side holds the same bytes as plain files (or objects, with content on S3).
    expect(await server.stored.hashTree('admin', '/tree')).toEqual(source);
    // X-OC-Mtime carried the local modification time to the server.
    const [local, remote] = await Promise.all([stat(join(work, 'source', 'docs', 'big file.bin')), server.stored.mtime('admin', '/tree/docs/big file.bin')]);
    expect(remote).toBe(Math.floor(local.mtimeMs / 1000));
  }, 150_000);

  it('transfers nothing on a second copy and lists every file of a folder', async () => {
    const second = await rclone('copy', join(work, 'source'), 'cumulus:tree', '-v', '--stats-one-line');
    expect(second).not.toMatch(/INFO\s*:.*: Copied/);
    const listing = await rclone('lsl', 'cumulus:tree/docs/sub folder');
    expect(listing.split('\n').filter((line) => line.trim() !== '' && !line.includes('NOTICE')).length).toBe(50);
  }, 120_000);

  it('checks content by SHA1 (stored from OC-Checksum, returned as oc:checksums), catching a change of equal size', async () => {
    // No --download: rclone compares the SHA1 it computes locally with the server's oc:checksums.
    const check = await rclone('check', join(work, 'source'), 'cumulus:tree');
    expect(check).toContain('0 differences found');
    expect(check).toContain('301 matching files');
    expect(check).not.toContain('could not be checked');

    // The same size and modification time, other bytes: only a hash can tell.
    const file = join(work, 'source', 'docs', 'big file.bin');
    const original = await readFile(file);
    const times = await stat(file);
    const changed = Buffer.from(original);
    changed[0] = (changed[0] ?? 0) ^ 0xff;
    await writeFile(file, changed);
    await utimes(file, times.atime, times.mtime);
    try {
      const differs = await rclone('check', join(work, 'source'), 'cumulus:tree').then(
        (output) => ({ failed: false, output }),
        (error: Error) => ({ failed: true, output: error.message }),
      );
      expect(differs.failed).toBe(true);
      expect(differs.output).toContain('1 differences found');
      expect(differs.output).toContain('ERROR : docs/big file.bin: sha1 differ');
      expect(differs.output).not.toContain('could not be checked');
    } finally {
      await writeFile(file, original);
      await utimes(file, times.atime, times.mtime);
    }
  }, 120_000);
});
