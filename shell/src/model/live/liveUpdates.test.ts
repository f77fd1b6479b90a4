import { describe, expect, it } from '@jest/globals';
import type { Node, RemoteNodeChange } from '@cumulus/sdk';
import { createAppStore } from '../../app/store';
import { createFakeServices, httpError, testNode } from '../../test-support/fakeServices';
import { selectCurrentContents, selectCurrentFolder } from '../folder/selectors';
import { routeChanged } from '../navigation/navigationSlice';
import { nodeStatusChanged } from '../nodes/nodesSlice';
import { startRename, stopRename } from '../rename/renameStore';
import { selectionChanged } from '../selection/selectionSlice';
import { sidebarOpened } from '../sidebar/sidebarSlice';
import type { FeedMessage } from './feedConnection';
import { startLiveUpdates } from './liveUpdates';
import { buildFileidIndex } from './applyLiveBatch';
import { selectNodeBySource } from '../nodes/selectors';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A store on alice's root holding a.txt, b.txt and c.txt, a fake feed and a frame the test runs by hand. */
async function live(serverNodes: Record<string, Node> = {}, byIds?: (folder: string, fileids: number[]) => Promise<Node[]>) {
  const a = testNode('/a.txt', { fileid: 6, attributes: { etag: 'a1' } });
  const b = testNode('/b.txt', { fileid: 7, attributes: { etag: 'b1' } });
  const c = testNode('/c.txt', { fileid: 8, attributes: { etag: 'c1' } });
  const { services, calls } = await createFakeServices({ folders: { '/': [a, b, c] } });
  const stats: string[] = [];
  services.dav.stat = (path) => {
    stats.push(path);
    const node = serverNodes[path];
    return node === undefined ? Promise.reject(httpError(404)) : Promise.resolve(node);
  };
  const store = createAppStore(services);
  store.dispatch(routeChanged({ view: 'files', dir: '/', fileid: null, openfile: false }));
  await settle();
  let send: (message: FeedMessage) => void = () => undefined;
  const frames: (() => void)[] = [];
  const bus: RemoteNodeChange[][] = [];
  services.host.events.on('files:node:changes', ({ changes }) => void bus.push([...changes]));
  const stop = startLiveUpdates(store, services, {
    url: '/apps/files/api/v1/changes',
    connect: (options) => {
      send = options.onMessage;
      return () => undefined;
    },
    frame: (callback) => void frames.push(callback),
    ...(byIds === undefined ? {} : { fetchByIds: byIds }),
  });
  /** Delivers changes, lets the fetches answer, then runs the frames asked for. */
  const deliver = async (...changes: RemoteNodeChange[]) => {
    send({ kind: 'changes', changes });
    await settle();
    await settle();
    const asked = frames.length;
    for (const frame of frames.splice(0)) frame();
    return asked;
  };
  const names = () => selectCurrentContents(store.getState()).map((node) => node.basename);
  return { store, services, calls, stats, send: (message: FeedMessage) => send(message), deliver, names, bus, frames, stop, a, b, c };
}

let nextId = 1;
const change = (init: Omit<RemoteNodeChange, 'id' | 'type' | 'folder'> & { folder?: string }): RemoteNodeChange => ({
  id: nextId++,
  type: 'file',
  folder: init.path.slice(0, init.path.lastIndexOf('/')) || '/',
  ...init,
});

describe('live updates of the file list', () => {
  it('adds a new node, replaces a changed one in place, and tells plugins on the bus', async () => {
    const fresh = testNode('/new.txt', { fileid: 9, attributes: { etag: 'n1' } });
    const changedB = testNode('/b.txt', { fileid: 7, size: 99, attributes: { etag: 'b2' } });
    const t = await live({ '/new.txt': fresh, '/b.txt': changedB });
    const before = selectNodeBySource(t.store.getState(), t.a.source);
    const created = change({ path: '/new.txt', fileid: 9, etag: 'n1' });
    const written = change({ path: '/b.txt', fileid: 7, etag: 'b2' });
    await t.deliver(created, written);
    expect(t.names()).toEqual(['a.txt', 'b.txt', 'c.txt', 'new.txt']);
    expect(selectNodeBySource(t.store.getState(), t.b.source)?.size).toBe(99);
    // The other rows are the same objects: nothing re-listed, nothing re-rendered needlessly.
    expect(selectNodeBySource(t.store.getState(), t.a.source)).toBe(before);
    expect(t.calls.listed).toEqual(['/']);
    expect(t.bus).toEqual([[created, written]]);
  });

  it('renames a row in place, the selection and the sidebar following it; a deleted or moved-out row leaves the selection', async () => {
    const renamed = testNode('/b-renamed.txt', { fileid: 7, attributes: { etag: 'b1' } });
    const t = await live({ '/b-renamed.txt': renamed });
    t.store.dispatch(selectionChanged({ sources: [t.b.source, t.c.source] }));
    t.store.dispatch(sidebarOpened({ source: t.b.source, tab: 'details' }));
    await t.deliver(change({ path: '/b-renamed.txt', from: '/b.txt', fileid: 7, etag: 'b1' }));
    expect(t.names()).toEqual(['a.txt', 'b-renamed.txt', 'c.txt']);
    expect(t.store.getState().selection.sources).toEqual([renamed.source, t.c.source]);
    expect(t.store.getState().sidebar).toEqual({ source: renamed.source, tab: 'details' });
    await t.deliver(change({ path: '/c.txt', fileid: 8, deleted: true }), change({ path: '/Elsewhere/a.txt', from: '/a.txt', fileid: 6, etag: 'a1' }));
    expect(t.names()).toEqual(['b-renamed.txt']);
    expect(t.store.getState().selection.sources).toEqual([renamed.source]);
    // Neither needed a fetch: they left the folder.
    expect(t.stats).toEqual(['/b-renamed.txt']);
  });

  it('never replaces a row the user acts on: a running action or an open rename field holds its change until it is over', async () => {
    const changedA = testNode('/a.txt', { fileid: 6, size: 5, attributes: { etag: 'a2' } });
    const t = await live({ '/a.txt': changedA });
    t.store.dispatch(nodeStatusChanged({ sources: [t.a.source], status: 'loading' }));
    startRename(t.c.source);
    await t.deliver(change({ path: '/a.txt', fileid: 6, etag: 'a2' }), change({ path: '/c.txt', fileid: 8, deleted: true }));
    expect(selectNodeBySource(t.store.getState(), t.a.source)?.size).not.toBe(5);
    expect(t.names()).toEqual(['a.txt', 'b.txt', 'c.txt']);
    t.store.dispatch(nodeStatusChanged({ sources: [t.a.source], status: undefined }));
    stopRename();
    await new Promise((resolve) => setTimeout(resolve, 350));
    for (const frame of t.frames.splice(0)) frame();
    expect(selectNodeBySource(t.store.getState(), t.a.source)?.size).toBe(5);
    expect(t.names()).toEqual(['a.txt', 'b.txt']);
  });

  it('fetches nothing for the echo of a change the row already shows', async () => {
    const t = await live();
    await t.deliver(change({ path: '/a.txt', fileid: 6, etag: 'a1' }));
    expect(t.stats).toEqual([]);
    expect(t.names()).toEqual(['a.txt', 'b.txt', 'c.txt']);
  });

  it('reads a node again when only its properties changed, though its etag is the one the row has (a favorite set elsewhere)', async () => {
    const starred = testNode('/a.txt', { fileid: 6, attributes: { etag: 'a1', favorite: 1 } });
    const t = await live({ '/a.txt': starred });
    await t.deliver(change({ path: '/a.txt', fileid: 6, etag: 'a1', properties: true }));
    expect(t.stats).toEqual(['/a.txt']);
    expect(selectNodeBySource(t.store.getState(), t.a.source)?.attributes.favorite).toBe(1);
  });

  it('ignores changes of other folders in the list but still tells plugins', async () => {
    const t = await live({ '/Docs/x.txt': testNode('/Docs/x.txt', { fileid: 20 }) });
    await t.deliver(change({ path: '/Docs/x.txt', fileid: 20, etag: 'x' }));
    expect(t.stats).toEqual([]);
    expect(t.names()).toEqual(['a.txt', 'b.txt', 'c.txt']);
    expect(t.bus).toHaveLength(1);
  });

  it('lists the folder again when the feed says changes were lost', async () => {
    const t = await live();
    const lost: unknown[] = [];
    t.services.host.events.on('files:node:changes-lost', (payload) => void lost.push(payload));
    t.send({ kind: 'refetch' });
    await settle();
    expect(t.calls.listed).toEqual(['/', '/']);
    expect(lost).toEqual([{}]);
  });

  it('applies a burst of 1,000 changes in one animation frame, not one render each', async () => {
    const server: Record<string, Node> = {};
    const burst: RemoteNodeChange[] = [];
    for (let i = 0; i < 1000; i += 1) {
      server[`/burst-${i}.txt`] = testNode(`/burst-${i}.txt`, { fileid: 1000 + i, attributes: { etag: `e${i}` } });
      burst.push(change({ path: `/burst-${i}.txt`, fileid: 1000 + i, etag: `e${i}` }));
    }
    const t = await live(server);
    let renders = 0;
    const unsubscribe = t.store.subscribe(() => void (renders += 1));
    t.send({ kind: 'changes', changes: burst });
    for (let i = 0; i < 300 && t.stats.length < 1000; i += 1) await settle();
    await settle();
    expect(t.frames.length).toBe(1);
    t.frames.splice(0)[0]?.();
    unsubscribe();
    expect(t.names()).toHaveLength(1003);
    // One batch: the nodes and the folder's children in one action (plus the quota's refresh request).
    expect(renders).toBeLessThanOrEqual(2);
  });

  it('reads a burst of changed nodes by file id, up to 200 a request, and drops those the answer lacks', async () => {
    const server = new Map<number, Node>();
    const burst: RemoteNodeChange[] = [];
    for (let i = 0; i < 450; i += 1) {
      if (i !== 7) server.set(5000 + i, testNode(`/many-${i}.txt`, { fileid: 5000 + i, attributes: { etag: `m${i}` } }));
      burst.push(change({ path: `/many-${i}.txt`, fileid: 5000 + i, etag: `m${i}` }));
    }
    const requests: { folder: string; count: number }[] = [];
    const t = await live({}, (folder, fileids) => {
      requests.push({ folder, count: fileids.length });
      return Promise.resolve(fileids.map((id) => server.get(id)).filter((node): node is Node => node !== undefined));
    });
    t.send({ kind: 'changes', changes: burst });
    for (let i = 0; i < 20; i += 1) await settle();
    for (const frame of t.frames.splice(0)) frame();
    expect(requests).toEqual([
      { folder: '/', count: 200 },
      { folder: '/', count: 200 },
      { folder: '/', count: 50 },
    ]);
    expect(t.stats).toEqual([]);
    expect(t.names()).toHaveLength(3 + 449);
    expect(t.names()).not.toContain('many-7.txt');
  });

  it('reads a lone change at once on its own, and what trickles in during a read with the next read by file id', async () => {
    const server = new Map<number, Node>();
    for (let i = 0; i < 6; i += 1) server.set(6000 + i, testNode(`/drip-${i}.txt`, { fileid: 6000 + i, attributes: { etag: `d${i}` } }));
    const serverByPath = Object.fromEntries([...server.values()].map((node) => [node.path, node]));
    const requests: number[][] = [];
    let answer: () => void = () => undefined;
    const t = await live(serverByPath, (_folder, fileids) => {
      requests.push(fileids);
      return new Promise<Node[]>((resolve) => {
        answer = () => resolve(fileids.map((id) => server.get(id)).filter((node): node is Node => node !== undefined));
      });
    });
    const drip = (i: number) => change({ path: `/drip-${i}.txt`, fileid: 6000 + i, etag: `d${i}` });
    // Nothing being read: the lone change is read at once, by path.
    t.send({ kind: 'changes', changes: [drip(0)] });
    expect(t.stats).toEqual(['/drip-0.txt']);
    // Three at once: one read by file id; two more meanwhile wait for it instead of a read each.
    t.send({ kind: 'changes', changes: [drip(1), drip(2), drip(3)] });
    expect(requests).toEqual([[6001, 6002, 6003]]);
    t.send({ kind: 'changes', changes: [drip(4)] });
    t.send({ kind: 'changes', changes: [drip(5)] });
    await settle();
    expect(t.stats).toEqual(['/drip-0.txt']);
    answer();
    for (let i = 0; i < 5; i += 1) await settle();
    // The read answered: the two left (fewer than a read by file id is for) are read one after the other.
    expect(t.stats).toEqual(['/drip-0.txt', '/drip-4.txt', '/drip-5.txt']);
    expect(requests).toHaveLength(1);
    for (let i = 0; i < 5; i += 1) await settle();
    for (const frame of t.frames.splice(0)) frame();
    expect(t.names()).toEqual(['a.txt', 'b.txt', 'c.txt', 'drip-0.txt', 'drip-1.txt', 'drip-2.txt', 'drip-3.txt', 'drip-4.txt', 'drip-5.txt']);
  });

  it('reads the nodes one by one when the read by file id fails', async () => {
    const nodes: Record<string, Node> = {};
    const changes: RemoteNodeChange[] = [];
    for (let i = 0; i < 5; i += 1) {
      nodes[`/one-${i}.txt`] = testNode(`/one-${i}.txt`, { fileid: 7000 + i, attributes: { etag: `o${i}` } });
      changes.push(change({ path: `/one-${i}.txt`, fileid: 7000 + i, etag: `o${i}` }));
    }
    const original = console.warn;
    console.warn = () => undefined;
    try {
      const t = await live(nodes, () => Promise.reject(new Error('SEARCH answered 503')));
      t.send({ kind: 'changes', changes });
      for (let i = 0; i < 20; i += 1) await settle();
      for (const frame of t.frames.splice(0)) frame();
      expect(t.stats.sort()).toEqual(Object.keys(nodes).sort());
      expect(t.names()).toHaveLength(8);
    } finally {
      console.warn = original;
    }
  });

  it("builds the listing's file-id index in idle time, before the first change needs it", async () => {
    const nodes = Array.from({ length: 4000 }, (_, i) => testNode(`/many/f${i}.txt`, { fileid: 100 + i }));
    const { services } = await createFakeServices({ folders: { '/many': nodes } });
    const store = createAppStore(services);
    const idle: ((budgetMs: number) => void)[] = [];
    const stop = startLiveUpdates(store, services, { url: '/changes', connect: () => () => undefined, frame: () => undefined, idle: (work) => void idle.push(work) });
    store.dispatch(routeChanged({ view: 'files', dir: '/many', fileid: null, openfile: false }));
    await settle();
    const children = selectCurrentFolder(store.getState())?._children ?? [];
    expect(children).toHaveLength(4000);
    // Not built yet: a zero budget builds one slice.
    let steps = 0;
    while (idle.length > 0) {
      steps += 1;
      for (const work of idle.splice(0)) work(0);
    }
    expect(steps).toBeGreaterThan(2);
    // Complete: nothing left to build.
    expect(buildFileidIndex(children, store.getState().nodes.table, 0)).toBe(true);
    stop();
  });
});
