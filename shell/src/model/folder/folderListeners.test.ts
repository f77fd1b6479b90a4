import { describe, expect, it } from '@jest/globals';
import type { DavListing } from '../../services/dav/davService';
import { createFakeServices, httpError, testFolder, testNode } from '../../test-support/fakeServices';
import { createAppStore } from '../../app/store';
import { routeChanged } from '../navigation/navigationSlice';
import { selectionChanged } from '../selection/selectionSlice';
import { sidebarOpened } from '../sidebar/sidebarSlice';
import { pluginsSettled, viewsChanged } from '../views/viewsSlice';
import { folderReloadRequested } from '../base/folderActions';
import { selectCurrentContents, selectCurrentFolder, selectIsCurrentFolderListed, selectIsRefreshing, selectLoadError } from './selectors';

/** Lets pending promises and listeners run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const route = (dir: string, view = 'files') => routeChanged({ view, dir, fileid: null, openfile: false });

describe('folder listeners', () => {
  it('lists the folder of the route through the view and stores nodes, children and sub-folder paths', async () => {
    const docs = testFolder('/Docs', { fileid: 5 });
    const file = testNode('/a.txt', { size: 3 });
    const { services, calls } = await createFakeServices({ folders: { '/': [docs, file] } });
    const store = createAppStore(services);
    store.dispatch(route('/'));
    expect(store.getState().folder.loading).toBe(true);
    await settle();
    const state = store.getState();
    expect(calls.listed).toEqual(['/']);
    expect(state.folder.loading).toBe(false);
    expect(selectCurrentFolder(state)?.path).toBe('/');
    expect(selectCurrentContents(state).map((node) => node.basename)).toEqual(['Docs', 'a.txt']);
    expect(state.folder.paths['files']).toEqual({ '/': selectCurrentFolder(state)?.source, '/Docs': docs.source });
  });

  it('clears the selection and closes the sidebar on a folder change, and refetches', async () => {
    const { services, calls } = await createFakeServices({ folders: { '/': [], '/Docs': [] } });
    const store = createAppStore(services);
    store.dispatch(route('/'));
    await settle();
    store.dispatch(selectionChanged({ sources: ['x'], lastIndex: 0 }));
    store.dispatch(sidebarOpened({ source: 'x' }));
    store.dispatch(route('/Docs'));
    await settle();
    expect(store.getState().selection).toEqual({ sources: [], lastIndex: null });
    expect(store.getState().sidebar.source).toBeNull();
    expect(calls.listed).toEqual(['/', '/Docs']);
  });

  it('going back to a folder listed before keeps the held listing while the folder\'s ETag is the same', async () => {
    const etags: Record<string, string> = { '/': 'root-1', '/Docs': 'docs-1' };
    const docs = [testNode('/Docs/a.txt')];
    // The root's listing carries /Docs as the server gives it: with the same properties as its own PROPFIND.
    const { services, calls } = await createFakeServices({ folders: { '/': [testFolder('/Docs', { attributes: { etag: 'docs-1' } })], '/Docs': docs }, folderEtags: etags });
    const store = createAppStore(services);
    store.dispatch(route('/Docs'));
    await settle();
    store.dispatch(route('/'));
    await settle();
    store.dispatch(route('/Docs'));
    // The held listing shows at once, before the check answers (the root's listing did not wipe its children).
    expect(selectIsCurrentFolderListed(store.getState())).toBe(true);
    const held = selectCurrentContents(store.getState());
    expect(held.map((node) => node.basename)).toEqual(['a.txt']);
    await settle();
    expect(calls.etagChecks).toEqual(['/Docs']);
    expect(calls.listed).toEqual(['/Docs', '/']);
    expect(store.getState().folder.loading).toBe(false);
    expect(selectCurrentContents(store.getState())).toBe(held);

    // Changed on the server: listed again. A reload asked for lists without asking the ETag.
    etags['/Docs'] = 'docs-2';
    docs.push(testNode('/Docs/b.txt'));
    store.dispatch(route('/'));
    await settle();
    store.dispatch(route('/Docs'));
    await settle();
    // The root was held and unchanged: checked, not listed again.
    expect(calls.listed).toEqual(['/Docs', '/', '/Docs']);
    expect(selectCurrentContents(store.getState()).map((node) => node.basename)).toEqual(['a.txt', 'b.txt']);
    store.dispatch(folderReloadRequested());
    await settle();
    expect(calls.etagChecks).toEqual(['/Docs', '/', '/Docs']);
    expect(calls.listed).toEqual(['/Docs', '/', '/Docs', '/Docs']);
  });

  it('keeps the selection when only the file id changes, and does not refetch', async () => {
    const { services, calls } = await createFakeServices({ folders: { '/': [] } });
    const store = createAppStore(services);
    store.dispatch(route('/'));
    await settle();
    store.dispatch(selectionChanged({ sources: ['x'], lastIndex: 0 }));
    store.dispatch(routeChanged({ view: 'files', dir: '/', fileid: 7, openfile: false }));
    await settle();
    expect(store.getState().selection.sources).toEqual(['x']);
    expect(calls.listed).toEqual(['/']);
  });

  it('cancels the previous listing: only the newest lands', async () => {
    let aborted = false;
    const slow = (signal?: AbortSignal) =>
      new Promise<DavListing>((_resolve, reject) => {
        signal?.addEventListener('abort', () => {
          aborted = true;
          reject(new Error('aborted'));
        });
      });
    const { services } = await createFakeServices({ folders: { '/Slow': slow, '/Fast': [testNode('/Fast/f.txt')] } });
    const store = createAppStore(services);
    store.dispatch(route('/Slow'));
    // The listing is under way (after the look into the listing cache) when the user moves on.
    await settle();
    store.dispatch(route('/Fast'));
    await settle();
    expect(aborted).toBe(true);
    expect(store.getState().folder.error).toBeNull();
    expect(selectCurrentContents(store.getState()).map((node) => node.basename)).toEqual(['f.txt']);
  });

  it('stores the failure with its status; loading ends; a reload retries', async () => {
    let fail = true;
    const flaky = async (): Promise<DavListing> => {
      if (fail) throw httpError(503);
      return { folder: testFolder('/Flaky'), contents: [] };
    };
    const { services } = await createFakeServices({ folders: { '/Flaky': flaky } });
    const store = createAppStore(services);
    store.dispatch(route('/Flaky'));
    await settle();
    expect(selectLoadError(store.getState())).toMatchObject({ status: 503 });
    expect(store.getState().folder.loading).toBe(false);
    fail = false;
    store.dispatch(folderReloadRequested());
    expect(selectLoadError(store.getState())).toBeNull();
    await settle();
    expect(selectCurrentFolder(store.getState())?.path).toBe('/Flaky');
  });

  it('is refreshing, not loading from scratch, when the folder is already shown', async () => {
    const { services } = await createFakeServices({ folders: { '/': [] } });
    const store = createAppStore(services);
    store.dispatch(route('/'));
    await settle();
    store.dispatch(folderReloadRequested());
    expect(selectIsRefreshing(store.getState())).toBe(true);
    await settle();
    expect(selectIsRefreshing(store.getState())).toBe(false);
  });

  it('is loading, not refreshing, while a sub-folder known from its parent listing is listed for the first time', async () => {
    const docs = testFolder('/Docs');
    const { services } = await createFakeServices({ folders: { '/': [docs], '/Docs': [] } });
    const store = createAppStore(services);
    store.dispatch(route('/'));
    await settle();
    store.dispatch(route('/Docs'));
    // The node is known (registered from '/'), its contents are not.
    expect(selectCurrentFolder(store.getState())?.source).toBe(docs.source);
    expect(selectIsCurrentFolderListed(store.getState())).toBe(false);
    expect(selectIsRefreshing(store.getState())).toBe(false);
    await settle();
    expect(selectIsCurrentFolderListed(store.getState())).toBe(true);
    store.dispatch(route('/'));
    expect(selectIsRefreshing(store.getState())).toBe(true);
  });

  it('shows a listing kept from an earlier page load at once, and keeps it when the folder ETag is still its own', async () => {
    const kept = [testNode('/Big/a.txt'), testNode('/Big/b.txt')];
    const { services, calls } = await createFakeServices({ folders: { '/Big': [testNode('/Big/fresh.txt')] }, folderEtags: { '/Big': 'e1' }, keptFolders: { '/Big': { etag: 'e1', contents: kept } } });
    const store = createAppStore(services);
    store.dispatch(route('/Big'));
    for (let tick = 0; tick < 50 && selectCurrentContents(store.getState()).length === 0; tick += 1) await Promise.resolve();
    // Shown from the kept copy while its ETag is asked: refreshing, not the big loading icon.
    expect(selectCurrentContents(store.getState()).map((node) => node.basename)).toEqual(['a.txt', 'b.txt']);
    expect(selectIsRefreshing(store.getState())).toBe(true);
    await settle();
    expect(calls.keptLookups).toEqual(['/Big']);
    expect(calls.etagChecks).toEqual(['/Big']);
    expect(calls.listed).toEqual([]);
    expect(selectCurrentContents(store.getState()).map((node) => node.basename)).toEqual(['a.txt', 'b.txt']);
    expect(store.getState().folder.loading).toBe(false);
  });

  it('replaces a kept listing whose ETag moved with the folder listed again, in place', async () => {
    const { services, calls } = await createFakeServices({
      folders: { '/Big': [testNode('/Big/a.txt'), testNode('/Big/c.txt')] },
      folderEtags: { '/Big': 'e2' },
      keptFolders: { '/Big': { etag: 'e1', contents: [testNode('/Big/a.txt'), testNode('/Big/b.txt')] } },
    });
    const store = createAppStore(services);
    store.dispatch(route('/Big'));
    await settle();
    expect(calls.listed).toEqual(['/Big']);
    expect(selectCurrentContents(store.getState()).map((node) => node.basename)).toEqual(['a.txt', 'c.txt']);
    expect(store.getState().folder).toMatchObject({ loading: false, listedEtags: { 'files:/Big': 'e2' } });
  });

  it("shows a big folder's first rows while the rest arrives, but never shrinks rows already shown to them", async () => {
    const all = Array.from({ length: 5 }, (_, i) => testNode(`/Big/f${i}.txt`));
    let finish: (() => void) | undefined;
    const asked: boolean[] = [];
    const { services } = await createFakeServices();
    services.host.registries.views.register({
      id: 'streamed',
      name: 'Streamed',
      icon: '<svg xmlns="http://www.w3.org/2000/svg"/>',
      getContents: (_path, options) => {
        asked.push(options?.onFirstContents !== undefined);
        const folder = { ...testFolder('/Big'), _children: all.map((node) => node.source) };
        options?.onFirstContents?.({ folder: { ...folder, _children: all.slice(0, 2).map((node) => node.source) }, contents: all.slice(0, 2) });
        return new Promise((resolve) => (finish = () => resolve({ folder, contents: all })));
      },
    });
    const store = createAppStore(services);
    store.dispatch(route('/Big', 'streamed'));
    await settle();
    expect(selectCurrentContents(store.getState())).toHaveLength(2);
    expect(store.getState().folder.loading).toBe(true);
    // Not held with an ETag: a half listing is never taken for the folder's contents.
    expect(store.getState().folder.listedEtags['streamed:/Big']).toBeUndefined();
    finish?.();
    await settle();
    expect(selectCurrentContents(store.getState())).toHaveLength(5);
    expect(store.getState().folder.loading).toBe(false);
    // A reload of the shown folder keeps its five rows until the whole new listing is there.
    store.dispatch(folderReloadRequested());
    await settle();
    expect(asked).toEqual([true, false]);
    expect(selectCurrentContents(store.getState())).toHaveLength(5);
  });

  it('waits for a plugin view, lists it once registered, and fails with "not found" once plugins settled without it', async () => {
    const { services } = await createFakeServices();
    const store = createAppStore(services);
    store.dispatch(route('/', 'later'));
    await settle();
    expect(store.getState().folder).toMatchObject({ loading: true, error: null });
    services.host.registries.views.register({
      id: 'later',
      name: 'Later',
      icon: '<svg xmlns="http://www.w3.org/2000/svg"/>',
      getContents: () => Promise.resolve({ folder: testFolder('/'), contents: [testNode('/l.txt')] }),
    });
    store.dispatch(viewsChanged(['files', 'later']));
    await settle();
    expect(selectCurrentContents(store.getState()).map((node) => node.basename)).toEqual(['l.txt']);

    store.dispatch(route('/', 'never'));
    store.dispatch(pluginsSettled());
    await settle();
    expect(selectLoadError(store.getState())).toMatchObject({ status: 404 });
  });
});
