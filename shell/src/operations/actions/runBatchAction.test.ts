import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { EntryContext, FileAction, Node } from '@cumulus/sdk';
import { createAppStore } from '../../app/store';
import { createFakeServices, testFolder, testNode } from '../../test-support/fakeServices';
import { runFileAction } from './runFileAction';
import { folderLoaded } from '../../model/base/folderActions';
import { nodeStatusChanged } from '../../model/nodes/nodesSlice';
import { routeChanged } from '../../model/navigation/navigationSlice';
import { selectionChanged } from '../../model/selection/selectionSlice';
import { clearToasts, getToasts } from '../../ui/toasts/toasts';
import { runBatchAction } from './runBatchAction';
import { allNodes } from '../../model/nodes/nodeTable';
import { selectNodeBySource } from '../../model/nodes/selectors';

const a = testNode('/a.txt', { fileid: 11 });
const b = testNode('/b.txt', { fileid: 12 });
const c = testNode('/c.txt', { fileid: 13 });
const noId = testNode('/no-id.txt');

/** A store showing the root with a, b, c and a node without fileid, plus a test action answering from `results`. */
async function setup(results: Record<string, boolean | null | 'throw'>, extra: Partial<FileAction> = {}) {
  const { services } = await createFakeServices();
  const seen: { statuses: (string | undefined)[][] } = { statuses: [] };
  const store = createAppStore(services);
  const answer = ({ nodes: [node] }: EntryContext<readonly [Node]>) => {
    seen.statuses.push(allNodes(store.getState().nodes.table).map((entry) => entry?.status));
    const result = results[node.basename];
    if (result === 'throw') return Promise.reject(new Error('boom'));
    return Promise.resolve(result ?? null);
  };
  services.host.registries.fileActions.register({
    id: 'test',
    displayName: () => 'Archive',
    iconSvgInline: () => '<svg></svg>',
    exec: answer,
    ...extra,
  });
  store.dispatch(routeChanged({ view: 'files', dir: '/', fileid: null, openfile: false }));
  store.dispatch(folderLoaded({ view: 'files', dir: '/', folder: { ...testFolder('/', { fileid: 1 }), _children: [a, b, c, noId].map((node) => node.source) }, contents: [a, b, c, noId] }));
  return { store, seen };
}

const toasts = () => getToasts().map((toast) => `${toast.type}: ${toast.message}`);

describe('running file actions', () => {
  afterEach(() => clearToasts());

  it("a single run toasts '\"{displayName}\" action executed successfully' or 'action failed', and nothing for null", async () => {
    const { store, seen } = await setup({ 'a.txt': true, 'b.txt': false, 'c.txt': null });
    await expect(store.dispatch(runFileAction({ actionId: 'test', source: a.source })).unwrap()).resolves.toBe(true);
    // The node is loading while the action runs, and back to normal after.
    expect(seen.statuses[0]).toContain('loading');
    expect(selectNodeBySource(store.getState(), a.source)?.status).toBeUndefined();
    await store.dispatch(runFileAction({ actionId: 'test', source: b.source }));
    await store.dispatch(runFileAction({ actionId: 'test', source: c.source }));
    expect(toasts()).toEqual(['success: "Archive" action executed successfully', 'error: "Archive" action failed']);
  });

  it('a throwing action counts as failed; a node without fileid is logged and skipped', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store, seen } = await setup({ 'a.txt': 'throw' });
    await expect(store.dispatch(runFileAction({ actionId: 'test', source: a.source })).unwrap()).resolves.toBe(false);
    await expect(store.dispatch(runFileAction({ actionId: 'test', source: noId.source })).unwrap()).resolves.toBeNull();
    expect(seen.statuses).toHaveLength(1);
    expect(toasts()).toEqual(['error: "Archive" action failed']);
    expect(error).toHaveBeenCalledWith('File action "test" skipped a node without fileid', noId.source);
    error.mockRestore();
  });

  it('a batch where all succeed clears the selection and toasts the batch success', async () => {
    const { store, seen } = await setup({ 'a.txt': true, 'b.txt': true });
    store.dispatch(selectionChanged({ sources: [a.source, b.source] }));
    await expect(store.dispatch(runBatchAction({ actionId: 'test', sources: [a.source, b.source] })).unwrap()).resolves.toEqual([true, true]);
    expect(seen.statuses[0]?.filter((status) => status === 'loading')).toHaveLength(2);
    expect(store.getState().selection.sources).toEqual([]);
    expect(toasts()).toEqual(['success: "Archive" batch action executed successfully']);
  });

  it("a batch where some fail keeps only the failed nodes selected and toasts '\"{displayName}\" failed on some elements '", async () => {
    const { store } = await setup({ 'a.txt': true, 'b.txt': false, 'c.txt': null });
    store.dispatch(selectionChanged({ sources: [a.source, b.source, c.source] }));
    await store.dispatch(runBatchAction({ actionId: 'test', sources: [a.source, b.source, c.source] }));
    expect(store.getState().selection.sources).toEqual([b.source]);
    expect(toasts()).toEqual(['error: "Archive" failed on some elements ']);
    expect(allNodes(store.getState().nodes.table).some((node) => node?.status === 'loading')).toBe(false);
  });

  it('a batch where every result is null clears the selection silently; execBatch is used when present', async () => {
    const execBatch = jest.fn(({ nodes }: EntryContext) => Promise.resolve(nodes.map(() => null)));
    const { store } = await setup({}, { execBatch });
    store.dispatch(selectionChanged({ sources: [a.source, noId.source, c.source] }));
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await store.dispatch(runBatchAction({ actionId: 'test', sources: [a.source, noId.source, c.source] }));
    expect(execBatch.mock.calls[0]?.[0].nodes.map((node) => node.basename)).toEqual(['a.txt', 'c.txt']);
    expect(error).toHaveBeenCalledWith('Batch action "test" skipped a node without fileid', noId.source);
    expect(store.getState().selection.sources).toEqual([]);
    expect(toasts()).toEqual([]);
    error.mockRestore();
  });

  it("a batch that throws toasts '\"{displayName}\" action failed'", async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store } = await setup({}, { execBatch: () => Promise.reject(new Error('down')) });
    await store.dispatch(runBatchAction({ actionId: 'test', sources: [a.source, b.source] }));
    expect(toasts()).toEqual(['error: "Archive" action failed']);
    error.mockRestore();
  });

  it('without execBatch, one throwing node counts as failed and the others keep their results (only it stays selected)', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store } = await setup({ 'a.txt': true, 'b.txt': 'throw', 'c.txt': true });
    store.dispatch(selectionChanged({ sources: [a.source, b.source, c.source] }));
    await expect(store.dispatch(runBatchAction({ actionId: 'test', sources: [a.source, b.source, c.source] })).unwrap()).resolves.toEqual([true, false, true]);
    expect(store.getState().selection.sources).toEqual([b.source]);
    expect(toasts()).toEqual(['error: "Archive" failed on some elements ']);
    error.mockRestore();
  });

  it('failed and loading nodes are skipped, by the single and the batch runner', async () => {
    const { store, seen } = await setup({ 'a.txt': true, 'b.txt': true, 'c.txt': true });
    store.dispatch(nodeStatusChanged({ sources: [a.source], status: 'failed' }));
    store.dispatch(nodeStatusChanged({ sources: [b.source], status: 'loading' }));
    await expect(store.dispatch(runFileAction({ actionId: 'test', source: a.source })).unwrap()).resolves.toBeNull();
    await expect(store.dispatch(runFileAction({ actionId: 'test', source: b.source })).unwrap()).resolves.toBeNull();
    expect(seen.statuses).toHaveLength(0);
    await expect(store.dispatch(runBatchAction({ actionId: 'test', sources: [a.source, b.source, c.source] })).unwrap()).resolves.toEqual([true]);
    expect(seen.statuses).toHaveLength(1);
    expect(selectNodeBySource(store.getState(), a.source)?.status).toBe('failed');
    expect(selectNodeBySource(store.getState(), b.source)?.status).toBe('loading');
  });
});
