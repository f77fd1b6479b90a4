/**
 * Real clients against the trash: deletes made with rclone (vendor nextcloud) and with the
 * desktop client's `nextcloudcmd` land in the trash, which a script finds over WebDAV as
 * Nextcloud's trashbin and restores with a MOVE to `restore/`; the clients then see the
 * files back, byte for byte.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestServer } from '../../../../tests/conformance/server';
import { ADMIN_PASSWORD, startTestServer } from '../../../../tests/conformance/server';
import { rcloneEnv } from '../../../../tests/conformance/rclone-env';
import { fetcher, itemOf, listTrash, restoreItem } from '../../../../tests/support/trashbin';
import type { Fetcher } from '../../../../tests/support/trashbin';

const run = promisify(execFile);

async function tool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  try {
    const { stdout, stderr } = await run(command, args, { env, timeout: 120_000, maxBuffer: 32 * 1024 * 1024 });
    return stdout + stderr;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} failed: ${failed.message}\n${failed.stdout ?? ''}${failed.stderr ?? ''}`.slice(0, 20000), { cause: error });
  }
}

describe('the trash with real clients', () => {
  let server: TestServer;
  let work: string;
  let dav: Fetcher;

  beforeAll(async () => {
    server = await startTestServer();
    work = await mkdtemp(join(tmpdir(), 'cumulus-trash-clients-'));
    dav = fetcher(server.url, server.auth);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('keeps what rclone deletes and purges, and restores it with a MOVE', async () => {
    const env = await rcloneEnv(server, work);
    const source = join(work, 'rclone');
    await mkdir(join(source, 'sub folder'), { recursive: true });
    await writeFile(join(source, 'notes.txt'), 'notes from rclone');
    await writeFile(join(source, 'sub folder', 'a.txt'), 'a');
    await writeFile(join(source, 'sub folder', 'b.txt'), 'b');
    await tool('rclone', ['copy', source, 'cumulus:synced'], env);
    await tool('rclone', ['deletefile', 'cumulus:synced/notes.txt'], env);
    await tool('rclone', ['purge', 'cumulus:synced/sub folder'], env);
    const left = (await tool('rclone', ['lsf', 'cumulus:synced'], env)).split('\n').filter((line) => line.trim() !== '' && !line.includes('NOTICE'));
    expect(left).toEqual([]);

    const items = await listTrash(dav, 'admin');
    const notes = items.find((entry) => entry.filename === 'notes.txt');
    const folder = items.find((entry) => entry.filename === 'sub folder');
    expect(notes).toMatchObject({ location: 'synced/notes.txt', folder: false, size: 17 });
    expect(folder).toMatchObject({ location: 'synced/sub folder', folder: true, size: 2 });
    for (const entry of [notes!, folder!]) expect((await restoreItem(dav, server.url, 'admin', itemOf(entry))).status).toBe(201);

    const back = join(work, 'rclone-back');
    await tool('rclone', ['copy', 'cumulus:synced', back], env);
    expect(await readFile(join(back, 'notes.txt'), 'utf8')).toBe('notes from rclone');
    expect(await readFile(join(back, 'sub folder', 'b.txt'), 'utf8')).toBe('b');
    expect(await listTrash(dav, 'admin')).toEqual([]);
  }, 150_000);

  it('keeps what the desktop client deletes, and the next sync brings the restored file back', async () => {
    const local = join(work, 'desktop');
    await mkdir(join(local, 'Projects'), { recursive: true });
    await writeFile(join(local, 'Projects', 'plan.md'), '# the plan');
    await writeFile(join(local, 'keep.txt'), 'keep');
    const env = { ...process.env, HOME: work };
    const sync = () => tool('nextcloudcmd', ['--non-interactive', '-u', 'admin', '-p', ADMIN_PASSWORD, local, server.url], env);
    await sync();
    expect((await dav('GET', '/remote.php/dav/files/admin/Projects/plan.md')).status).toBe(200);

    await rm(join(local, 'Projects'), { recursive: true });
    const log = await sync();
    expect(log).toMatch(/DELETE.*\/remote\.php\/dav\/files\/admin\/Projects/);
    expect((await dav('PROPFIND', '/remote.php/dav/files/admin/Projects', { depth: '0' })).status).toBe(404);
    const [projects] = (await listTrash(dav, 'admin')).filter((entry) => entry.filename === 'Projects');
    expect(projects).toMatchObject({ location: 'Projects', folder: true });

    expect((await restoreItem(dav, server.url, 'admin', itemOf(projects!))).status).toBe(201);
    await sync();
    expect(existsSync(join(local, 'Projects', 'plan.md'))).toBe(true);
    expect(await readFile(join(local, 'Projects', 'plan.md'), 'utf8')).toBe('# the plan');
  }, 240_000);
});
