import { describe, expect, it, jest } from '@jest/globals';
import { definePlugin, activatePlugin } from '@cumulus/sdk';
import type { EntryContext, FilesEvents, Node } from '@cumulus/sdk';
import { createAppStore } from '../../app/store';
import { createFakeServices, testFolder, testNode } from '../../test-support/fakeServices';
import { setUserConfig } from '../config/configThunks';
import { routeChanged } from '../navigation/navigationSlice';
import { selectCurrentContents } from './selectors';
import { parentDir } from './paths';
import { selectNodeBySource } from '../nodes/selectors';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const route = (dir: string, fileid: number | null = null, openfile = false) => routeChanged({ view: 'files', dir, fileid, openfile });

describe('folder reactions to events and the route', () => {
  it('refetches on a config update (show_hidden) and on an update of the current folder node, not of another node', async () => {
    const docs = testFolder('/Docs', { fileid: 5 });
    const file = testNode('/Docs/a.txt', { fileid: 6 });
    const { services, calls } = await createFakeServices({ folders: { '/': [docs], '/Docs': [file] } });
    const store = createAppStore(services);
    store.dispatch(route('/Docs'));
    await settle();
    expect(calls.listed).toEqual(['/Docs']);

    await store.dispatch(setUserConfig({ key: 'show_hidden', value: true }));
    await settle();
    expect(calls.listed).toEqual(['/Docs', '/Docs']);

    const current = selectNodeBySource(store.getState(), store.getState().folder.paths['files']!['/Docs']!) as Node;
    services.host.events.emit('files:node:updated', { node: { ...file, attributes: { ...file.attributes, favorite: 1 } } });
    await settle();
    expect(calls.listed).toHaveLength(2);
    services.host.events.emit('files:node:updated', { node: { ...current, attributes: { ...current.attributes, favorite: 1 } } });
    await settle();
    expect(calls.listed).toEqual(['/Docs', '/Docs', '/Docs']);
  });

  it('applies node events from plugins: an update shows, a created file joins the current folder, a deleted one leaves', async () => {
    const file = testNode('/a.txt', { fileid: 6 });
    const { services } = await createFakeServices({ folders: { '/': [file] } });
    const store = createAppStore(services);
    store.dispatch(route('/'));
    await settle();
    services.host.events.emit('files:node:updated', { node: { ...file, attributes: { ...file.attributes, favorite: 1 } } });
    expect(selectCurrentContents(store.getState())[0]?.attributes.favorite).toBe(1);
    const created = testNode('/b.txt', { fileid: 7 });
    services.host.events.emit('files:node:created', { node: created });
    expect(selectCurrentContents(store.getState()).map((node) => node.basename)).toEqual(['a.txt', 'b.txt']);
    services.host.events.emit('files:node:deleted', { node: file });
    expect(selectCurrentContents(store.getState()).map((node) => node.basename)).toEqual(['b.txt']);
  });

  it('goes to the parent dir when the current folder is deleted, and drops fileid and openfile when the route file is (product §4)', async () => {
    const sub = testFolder('/Docs/Sub', { fileid: 9 });
    const file = testNode('/Docs/a.txt', { fileid: 6 });
    const { services, calls } = await createFakeServices({ folders: { '/Docs': [file], '/Docs/Sub': [] } });
    const store = createAppStore(services);
    store.dispatch(route('/Docs/Sub'));
    await settle();
    services.host.events.emit('files:node:deleted', { node: sub });
    expect(calls.navigations).toEqual([{ view: 'files', dir: '/Docs' }]);

    store.dispatch(route('/Docs', 6, true));
    await settle();
    services.host.events.emit('files:node:deleted', { node: testNode('/Docs/other.txt', { fileid: 8 }) });
    expect(calls.navigations).toHaveLength(1);
    services.host.events.emit('files:node:deleted', { node: file });
    expect(calls.navigations[1]).toEqual({ view: 'files', dir: '/Docs' });
  });

  it('runs the first enabled default action once for an openfile route, ignoring folders', async () => {
    const file = testNode('/a.txt', { fileid: 6 });
    const folder = testFolder('/Docs', { fileid: 5 });
    const { services } = await createFakeServices({ folders: { '/': [file, folder] } });
    const exec = jest.fn(({ nodes: [node] }: EntryContext<readonly [Node]>) => Promise.resolve<boolean | null>(node === undefined ? false : null));
    await activatePlugin(
      services.host,
      definePlugin({
        id: 'viewer',
        activate(ctx) {
          ctx.fileActions.register({ id: 'not-for-me', displayName: () => 'No', iconSvgInline: () => '<svg/>', default: 'default', order: -10, enabled: () => false, exec: () => Promise.resolve(null) });
          ctx.fileActions.register({ id: 'view', displayName: () => 'View', iconSvgInline: () => '<svg/>', default: 'default', order: -1000, enabled: (nodes) => nodes[0]?.type === 'file', exec });
        },
      }),
    );
    const store = createAppStore(services);
    store.dispatch(route('/', 6, true));
    await settle();
    expect(exec).toHaveBeenCalledTimes(1);
    expect(exec.mock.calls[0]?.[0].nodes[0].fileid).toBe(6);
    // A refetch of the same place does not open it again.
    store.dispatch(route('/', 6, true));
    services.host.events.emit('files:config:updated', { key: 'crop_image_previews', value: true });
    await settle();
    expect(exec).toHaveBeenCalledTimes(1);
    // A folder is not opened, and openfile=false opens nothing.
    store.dispatch(route('/', 5, true));
    await settle();
    store.dispatch(route('/', 6, false));
    await settle();
    expect(exec).toHaveBeenCalledTimes(1);
  });

  it("announces 'files:navigation:changed' when the folder changes", async () => {
    const { services } = await createFakeServices({ folders: { '/': [], '/Docs': [] } });
    const seen: FilesEvents['files:navigation:changed'][] = [];
    services.host.events.on('files:navigation:changed', (payload) => seen.push(payload));
    const store = createAppStore(services);
    store.dispatch(route('/'));
    store.dispatch(route('/Docs'));
    store.dispatch(route('/Docs'));
    expect(seen.map(({ view, dir }) => `${view.id}:${dir}`)).toEqual(['files:/', 'files:/Docs']);
  });

  it('knows the parent of a folder path', () => {
    expect(parentDir('/Docs/Sub')).toBe('/Docs');
    expect(parentDir('/Docs')).toBe('/');
    expect(parentDir('/')).toBe('/');
  });
});
