import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { migrate } from '../db/connection';
import { openConfiguredDatabase } from '../db/open';
import { storageMigrations } from '../storage/metadata/migrations';
import { makeTestFiles } from '../storage/files/test-support';
import type { FileService } from '../storage';
import { PluginHost } from '../plugin-host/host';
import { defineServerPlugin } from '../plugin-api';
import type { ServerPluginContext } from '../plugin-api';
import { ChangeFeed } from './change-feed';
import type { FeedSink } from './change-feed';
import type { ChangeEvent, NodeChange } from './types';

/** A sink that records what the feed told it. */
function recorder() {
  const seen: { ready: number[]; refetch: number[]; changes: ChangeEvent[]; closed: string[]; heartbeats: number } = {
    ready: [],
    refetch: [],
    changes: [],
    closed: [],
    heartbeats: 0,
  };
  const sink: FeedSink = {
    ready: (id) => void seen.ready.push(id),
    refetch: (id) => void seen.refetch.push(id),
    changes: (events) => void seen.changes.push(...events),
    heartbeat: () => void (seen.heartbeats += 1),
    close: (reason) => void seen.closed.push(reason),
  };
  return { seen, sink };
}

/** Waits until `check` holds (the feed delivers from a poll, not synchronously). */
async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const change = (uid: string, path: string, fileid: number, etag: string | null = 'e'): NodeChange => ({ uid, path, fileid, type: 'file', etag });

const feeds: ChangeFeed[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const feed of feeds.splice(0)) feed.stop();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(options: ConstructorParameters<typeof ChangeFeed>[1] = {}): Promise<{ feed: ChangeFeed; files: FileService; dataDir: string }> {
  const test = await makeTestFiles();
  cleanups.push(test.cleanup);
  const feed = new ChangeFeed(test.db, { pollIntervalMs: 20, ...options });
  feeds.push(feed);
  test.files.events.add(feed.nodeEventListener());
  await feed.start();
  return { feed, files: test.files, dataDir: test.dataDir };
}

const body = (text: string) => Readable.from([Buffer.from(text)]);

describe('the change feed', () => {
  it('tells a fresh client where it stands, then sends its user\'s changes as they happen, ids rising', async () => {
    const { feed } = await setup();
    await feed.emit(change('alice', '/before.txt', 1));
    const { seen, sink } = recorder();
    await feed.subscribe('alice', null, sink);
    expect(seen.ready).toEqual([1]);
    await feed.emit(change('alice', '/a.txt', 2), change('alice', '/b.txt', 3, null));
    await until(() => seen.changes.length === 2);
    expect(seen.changes.map((event) => [event.id, event.path, event.etag])).toEqual([
      [2, '/a.txt', 'e'],
      [3, '/b.txt', null],
    ]);
  });

  it('never sends a user another user\'s changes', async () => {
    const { feed } = await setup();
    const alice = recorder();
    const bob = recorder();
    await feed.subscribe('alice', null, alice.sink);
    await feed.subscribe('bob', null, bob.sink);
    await feed.emit(change('alice', '/secret.txt', 1), change('bob', '/mine.txt', 2));
    await until(() => alice.seen.changes.length === 1 && bob.seen.changes.length === 1);
    await feed.emit(change('alice', '/later.txt', 3));
    await until(() => alice.seen.changes.length === 2);
    expect(bob.seen.changes.map((event) => event.path)).toEqual(['/mine.txt']);
    // Nor on replay.
    const replay = recorder();
    await feed.subscribe('bob', 0, replay.sink);
    expect(replay.seen.changes.map((event) => event.uid)).toEqual(['bob']);
  });

  it('replays what a reconnecting client missed after its Last-Event-ID, then goes on live', async () => {
    const { feed } = await setup();
    await feed.emit(change('alice', '/1', 1), change('alice', '/2', 2), change('alice', '/3', 3));
    const { seen, sink } = recorder();
    await feed.subscribe('alice', 1, sink);
    expect(seen.changes.map((event) => event.id)).toEqual([2, 3]);
    expect(seen.ready).toEqual([]);
    await feed.emit(change('alice', '/4', 4));
    await until(() => seen.changes.length === 3);
    expect(seen.changes.map((event) => event.id)).toEqual([2, 3, 4]);
  });

  it('tells a client to refetch when the changes it missed fell out of the window', async () => {
    const { feed } = await setup({ window: { maxAgeSeconds: 3600, maxRows: 2 } });
    await feed.emit(change('alice', '/1', 1), change('alice', '/2', 2), change('alice', '/3', 3), change('alice', '/4', 4));
    expect(await feed.log.prune({ maxAgeSeconds: 3600, maxRows: 2 })).toBe(2);
    const late = recorder();
    await feed.subscribe('alice', 1, late.sink);
    expect(late.seen.refetch).toEqual([4]);
    expect(late.seen.changes).toEqual([]);
    // Just inside the window: replayed.
    const inTime = recorder();
    await feed.subscribe('alice', 2, inTime.sink);
    expect(inTime.seen.changes.map((event) => event.id)).toEqual([3, 4]);
  });

  it('prunes by age too, but always keeps the newest change', async () => {
    const { feed } = await setup();
    await feed.log.record([change('alice', '/old', 1), change('alice', '/older', 2)], Date.now() - 7200_000);
    expect(await feed.log.prune({ maxAgeSeconds: 3600, maxRows: 100 })).toBe(1);
    expect(await feed.log.bounds()).toEqual({ oldest: 2, newest: 2 });
  });

  it('tells a client to refetch when it missed more than a replay is worth, or names an id this database never gave', async () => {
    const { feed } = await setup({ maxReplay: 2 });
    await feed.emit(change('alice', '/1', 1), change('alice', '/2', 2), change('alice', '/3', 3));
    const many = recorder();
    await feed.subscribe('alice', 0, many.sink);
    expect(many.seen.refetch).toEqual([3]);
    const future = recorder();
    await feed.subscribe('alice', 99, future.sink);
    expect(future.seen.refetch).toEqual([3]);
  });

  it('keeps a bounded number of connections per user, dropping the oldest', async () => {
    const { feed } = await setup({ maxConnectionsPerUser: 2 });
    const first = recorder();
    const second = recorder();
    const third = recorder();
    await feed.subscribe('alice', null, first.sink);
    await feed.subscribe('alice', null, second.sink);
    await feed.subscribe('bob', null, recorder().sink);
    await feed.subscribe('alice', null, third.sink);
    expect(first.seen.closed).toEqual(['evicted']);
    expect(second.seen.closed).toEqual([]);
    expect(feed.connectionCount()).toBe(3);
    await feed.emit(change('alice', '/x', 1));
    await until(() => third.seen.changes.length === 1);
    expect(first.seen.changes).toEqual([]);
  });

  it('forgets a client that unsubscribed, and closes the rest when it stops', async () => {
    const { feed } = await setup({ heartbeatMs: 20 });
    const gone = recorder();
    const stays = recorder();
    const unsubscribe = await feed.subscribe('alice', null, gone.sink);
    await feed.subscribe('alice', null, stays.sink);
    await until(() => stays.seen.heartbeats > 0);
    unsubscribe();
    expect(feed.connectionCount()).toBe(1);
    feed.stop();
    expect(stays.seen.closed).toEqual(['stopping']);
    expect(gone.seen.closed).toEqual([]);
  });
});

describe('the change feed fed by the storage layer', () => {
  it('carries a create, a write, a rename, a move and a delete with the node id and the new etag', async () => {
    const { feed, files } = await setup();
    await files.ensureUserRoot('alice');
    const { seen, sink } = recorder();
    await feed.subscribe('alice', null, sink);
    await files.mkdir('alice', '/docs');
    const created = await files.write('alice', '/a.txt', body('one'), { quota: -1 });
    const written = await files.write('alice', '/a.txt', body('two'), { quota: -1 });
    await files.move('alice', '/a.txt', '/b.txt');
    await files.move('alice', '/b.txt', '/docs/b.txt');
    await files.delete('alice', '/docs/b.txt');
    await until(() => seen.changes.length === 6);
    const id = created.entry.fileid;
    expect(seen.changes.map(({ path, from, fileid, etag }) => ({ path, from, fileid, deleted: etag === null }))).toEqual([
      { path: '/docs', from: undefined, fileid: expect.any(Number), deleted: false },
      { path: '/a.txt', from: undefined, fileid: id, deleted: false },
      { path: '/a.txt', from: undefined, fileid: id, deleted: false },
      { path: '/b.txt', from: '/a.txt', fileid: id, deleted: false },
      { path: '/docs/b.txt', from: '/b.txt', fileid: id, deleted: false },
      { path: '/docs/b.txt', from: undefined, fileid: id, deleted: true },
    ]);
    expect(seen.changes[2]?.etag).toBe(written.entry.etag);
  });

  it('carries what the disk scan finds: a file made, edited and removed behind the server\'s back', async () => {
    const { feed, files, dataDir } = await setup();
    await files.ensureUserRoot('alice');
    const { seen, sink } = recorder();
    await feed.subscribe('alice', null, sink);
    const root = join(dataDir, 'files', 'alice');
    await mkdir(join(root, 'outside'));
    await writeFile(join(root, 'outside', 'new.txt'), 'made on disk');
    await files.list('alice', '/');
    await until(() => seen.changes.length === 1);
    expect(seen.changes[0]).toMatchObject({ path: '/outside', type: 'folder' });
    await files.list('alice', '/outside');
    await writeFile(join(root, 'outside', 'new.txt'), 'edited on disk, longer');
    await files.list('alice', '/outside');
    await until(() => seen.changes.length === 2);
    expect(seen.changes[1]).toMatchObject({ path: '/outside/new.txt', type: 'file', etag: expect.any(String) });
    await rm(join(root, 'outside', 'new.txt'));
    await files.list('alice', '/outside');
    await until(() => seen.changes.length === 3);
    expect(seen.changes[2]).toMatchObject({ path: '/outside/new.txt', etag: null });
  });
});

describe('the change feed across server processes', () => {
  it('delivers a change recorded through one database handle to a client of another (a second process)', async () => {
    const { feed, dataDir } = await setup();
    // The same database as the first process's (SQLite in its data dir, or its PostgreSQL database in the PG test mode).
    const other = await openConfiguredDatabase({ dataDir });
    cleanups.push(() => other.destroy());
    await migrate(other, storageMigrations);
    const remote = new ChangeFeed(other, { pollIntervalMs: 20 });
    feeds.push(remote);
    await remote.start();
    const { seen, sink } = recorder();
    await remote.subscribe('alice', null, sink);
    await feed.emit(change('alice', '/from-process-one.txt', 7));
    await until(() => seen.changes.length === 1);
    expect(seen.changes[0]).toMatchObject({ id: 1, path: '/from-process-one.txt', fileid: 7 });
  });
});

describe('the change feed for plugins', () => {
  it('sends what a plugin emits through ctx.changes (a share added to a recipient) to that user only', async () => {
    const { feed } = await setup();
    const host = new PluginHost({ info: () => undefined, warn: () => undefined, error: () => undefined }, undefined, { changes: feed });
    let ctx: ServerPluginContext | undefined;
    await host.activate(defineServerPlugin({ id: 'sharing', activate: (c) => void (ctx = c) }));
    const bob = recorder();
    const alice = recorder();
    await feed.subscribe('bob', null, bob.sink);
    await feed.subscribe('alice', null, alice.sink);
    await ctx!.changes.emit({ uid: 'bob', path: '/Shared with me', fileid: 42, type: 'folder', etag: 'share-1' });
    await until(() => bob.seen.changes.length === 1);
    expect(bob.seen.changes[0]).toMatchObject({ uid: 'bob', path: '/Shared with me', fileid: 42, etag: 'share-1' });
    expect(alice.seen.changes).toEqual([]);
  });

  it('refuses an emit when no feed runs, rather than dropping it silently', async () => {
    const host = new PluginHost({ info: () => undefined, warn: () => undefined, error: () => undefined });
    let ctx: ServerPluginContext | undefined;
    await host.activate(defineServerPlugin({ id: 'sharing', activate: (c) => void (ctx = c) }));
    await expect(ctx!.changes.emit({ uid: 'bob', path: '/x', fileid: 1, type: 'file', etag: null })).rejects.toThrow('The change feed is not running.');
  });
});
