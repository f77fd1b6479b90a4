import { describe, it, expect, afterEach } from '@jest/globals';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { migrate, openDatabase } from '../db/connection';
import { storageMigrations } from './migrations';
import { FileService } from './file-service';
import { LocalContentStore } from './local-content-store';

/** Local content whose moves and copies stop, once done on disk, until the test lets them go on. */
class PausingContentStore extends LocalContentStore {
  private paused: { reached: () => void; resume: Promise<void> } | null = null;

  /** Makes the next move or copy wait after its disk step; resolves when it got there. */
  pauseNext(): { reached: Promise<void>; resume: () => void } {
    let resume!: () => void;
    let reached!: () => void;
    const reachedPromise = new Promise<void>((done) => (reached = done));
    this.paused = { reached, resume: new Promise<void>((done) => (resume = done)) };
    return { reached: reachedPromise, resume };
  }

  private async pause(): Promise<void> {
    const paused = this.paused;
    this.paused = null;
    if (!paused) return;
    paused.reached();
    await paused.resume;
  }

  override async move(uid: string, from: string, to: string): Promise<void> {
    await super.move(uid, from, to);
    await this.pause();
  }

  override async copy(uid: string, from: string, to: string): Promise<void> {
    await super.copy(uid, from, to);
    await this.pause();
  }
}

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => cleanup?.());

async function pausingFiles(): Promise<{ files: FileService; content: PausingContentStore }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cumulus-disk-sync-'));
  const db: Kysely<unknown> = openDatabase<unknown>(join(dataDir, 'cumulus.db'));
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

describe('checks against the disk while the server changes it itself', () => {
  it('leave a folder being moved as cached, so the move keeps its file ids', async () => {
    const { files, content } = await pausingFiles();
    await files.mkdir('alice', '/a');
    const { entry } = await files.write('alice', '/a/report.txt', body('numbers'), { quota: -1 });
    const folderId = (await files.stat('alice', '/a'))?.fileid;

    const pause = content.pauseNext();
    const move = files.move('alice', '/a', '/b');
    await pause.reached;
    // On disk the folder is already /b; the cache still says /a. Every kind of check runs now.
    expect((await files.list('alice', '/')).map((e) => e.name)).toEqual(['a']);
    expect((await files.stat('alice', '/a'))?.fileid).toBe(folderId);
    expect(await files.stat('alice', '/b')).toBeNull();
    expect((await files.list('alice', '/a')).map((e) => e.name)).toEqual(['report.txt']);
    await files.refreshTree('alice', '/', 0);
    pause.resume();

    const moved = await move;
    expect(moved.fileid).toBe(folderId);
    expect((await files.stat('alice', '/b/report.txt'))?.fileid).toBe(entry.fileid);
    expect(await files.stat('alice', '/a')).toBeNull();
    expect((await files.list('alice', '/')).map((e) => e.name)).toEqual(['b']);
    // The hold is over: a rename behind the server's back is seen again.
    await rename(join(content.dataDir, 'files', 'alice', 'b'), join(content.dataDir, 'files', 'alice', 'd'));
    expect((await files.list('alice', '/')).map((e) => e.name)).toEqual(['d']);
  });

  it('leave the destination of a copy alone until the copy has recorded it', async () => {
    const { files, content } = await pausingFiles();
    await files.mkdir('alice', '/a');
    await files.write('alice', '/a/report.txt', body('numbers'), { quota: -1 });

    const pause = content.pauseNext();
    const copy = files.copy('alice', '/a', '/c', -1);
    await pause.reached;
    expect((await files.list('alice', '/')).map((e) => e.name)).toEqual(['a']);
    await files.refreshTree('alice', '/', 0);
    pause.resume();

    const copied = await copy;
    expect(copied.size).toBe(7);
    expect((await files.list('alice', '/')).map((e) => e.name).sort()).toEqual(['a', 'c']);
    expect((await files.stat('alice', '/'))?.size).toBe(14);
  });
});
