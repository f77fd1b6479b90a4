import { describe, it, expect, afterEach } from '@jest/globals';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { migrate } from '../../../db/connection';
import { openConfiguredDatabase } from '../../../db/open';
import { storageMigrations } from '../../metadata/migrations';
import { FileService } from '../../files/file-service';
import { LocalContentStore } from './local-content-store';
import type { ContentStat } from '../content-store';

/** Local content where the next stat of one path waits, before it looks, until the test lets it go on. */
class PausingContentStore extends LocalContentStore {
  private paused: { path: string; reached: () => void; resume: Promise<void> } | null = null;

  /** Makes the next stat of `path` wait; `reached` resolves when a stat got there. */
  pauseNextStat(path: string): { reached: Promise<void>; resume: () => void } {
    let resume!: () => void;
    let reached!: () => void;
    const reachedPromise = new Promise<void>((done) => (reached = done));
    this.paused = { path, reached, resume: new Promise<void>((done) => (resume = done)) };
    return { reached: reachedPromise, resume };
  }

  override async stat(uid: string, path: string): Promise<ContentStat | null> {
    const paused = this.paused;
    if (paused && paused.path === path) {
      this.paused = null;
      paused.reached();
      await paused.resume;
    }
    return super.stat(uid, path);
  }
}

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => cleanup?.());

async function pausingFiles(): Promise<{ files: FileService; content: PausingContentStore }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cumulus-disk-sync-'));
  const db: Kysely<unknown> = await openConfiguredDatabase({ dataDir });
  await migrate(db, storageMigrations);
  const content = new PausingContentStore(dataDir);
  const files = new FileService({ db, dataDir, content });
  await files.ensureUserRoot('alice');
  cleanup = async () => {
    await db.destroy();
    await rm(dataDir, { recursive: true, force: true });
  };
  return { files, content };
}

const body = (text: string): Readable => Readable.from([Buffer.from(text)]);

/**
 * A check of a path that read the cache before a change of the server's and the disk after
 * it must not "repair" the cache from that mix: it inserted the moved or copied node a second
 * time (a unique-path failure, 500) or dropped it (new file ids).
 */
describe('a disk check that straddles a change of the server’s', () => {
  it('answers the moved folder with its file ids, its size counted once', async () => {
    const { files, content } = await pausingFiles();
    await files.mkdir('alice', '/a');
    const { entry } = await files.write('alice', '/a/report.txt', body('numbers'), { quota: -1 });
    const folderId = (await files.stat('alice', '/a'))?.fileid;

    // The check reads the cache (nothing at /b), then waits to look at the disk.
    const pause = content.pauseNextStat('/b');
    const check = files.stat('alice', '/b');
    await pause.reached;
    const moved = await files.move('alice', '/a', '/b');
    pause.resume();

    expect((await check)?.fileid).toBe(folderId);
    expect(moved.fileid).toBe(folderId);
    expect((await files.stat('alice', '/b/report.txt'))?.fileid).toBe(entry.fileid);
    expect((await files.list('alice', '/')).map((e) => e.name)).toEqual(['b']);
    // Counted once in the sizes above it.
    expect((await files.stat('alice', '/'))?.size).toBe(7);
    // Once the change is over, a rename behind the server's back is seen again.
    await rename(join(content.dataDir, 'files', 'alice', 'b'), join(content.dataDir, 'files', 'alice', 'd'));
    expect((await files.list('alice', '/')).map((e) => e.name)).toEqual(['d']);
  });

  it('answers the copy once, with the copy’s size counted once', async () => {
    const { files, content } = await pausingFiles();
    await files.mkdir('alice', '/a');
    await files.write('alice', '/a/report.txt', body('numbers'), { quota: -1 });

    const pause = content.pauseNextStat('/c');
    const check = files.stat('alice', '/c');
    await pause.reached;
    const copied = await files.copy('alice', '/a', '/c', -1);
    pause.resume();

    expect((await check)?.fileid).toBe(copied.fileid);
    expect((await files.list('alice', '/')).map((e) => e.name).sort()).toEqual(['a', 'c']);
    expect((await files.stat('alice', '/'))?.size).toBe(14);
  });
});
