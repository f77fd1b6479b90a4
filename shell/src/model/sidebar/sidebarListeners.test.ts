import { describe, expect, it, jest } from '@jest/globals';
import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { rootReducer } from '../store/rootReducer';
import type { AppStartListening } from '../store/storeTypes';
import type { ShellServices } from '../../services/types';
import { createFakeServices, testFolder, testNode } from '../../test-support/fakeServices';
import { addFolderListeners } from '../folder/folderListeners';
import { folderReloadRequested } from '../base/folderActions';
import { routeChanged } from '../navigation/navigationSlice';
import { nodesRemoved } from '../nodes/nodesSlice';
import { addSidebarListeners } from './sidebarListeners';
import { sidebarClosed, sidebarOpened } from './sidebarSlice';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A store with the folder and sidebar listeners, in a window `width` px wide. */
function storeWith(services: ShellServices, width: number) {
  const listeners = createListenerMiddleware({ extra: services });
  const store = configureStore({ reducer: rootReducer, middleware: (getDefault) => getDefault({ thunk: { extraArgument: services } }).prepend(listeners.middleware) });
  const startListening = listeners.startListening as AppStartListening;
  addFolderListeners(startListening);
  addSidebarListeners(startListening, () => width);
  return store;
}

const file = testNode('/a.txt', { fileid: 12 });
const docs = testFolder('/Docs', { fileid: 13 });
const route = (fileid: number | null, dir = '/') => routeChanged({ view: 'files', dir, fileid, openfile: false });

describe('sidebar listeners', () => {
  it('opens by itself for the file id of the route once it is listed, wider than 1024 px', async () => {
    const { services } = await createFakeServices({ folders: { '/': [file, docs] } });
    const store = storeWith(services, 1025);
    const opened = jest.fn();
    services.host.events.on('files:sidebar:opened', opened);
    store.dispatch(route(12));
    expect(store.getState().sidebar.source).toBeNull();
    await settle();
    expect(store.getState().sidebar.source).toBe(file.source);
    expect(opened).toHaveBeenCalledWith({ node: expect.objectContaining({ fileid: 12 }), tab: 'details' });
  });

  it('stays closed at 1024 px or less', async () => {
    const { services } = await createFakeServices({ folders: { '/': [file] } });
    const store = storeWith(services, 1024);
    store.dispatch(route(12));
    await settle();
    expect(store.getState().sidebar.source).toBeNull();
  });

  it('stays closed for the current folder itself', async () => {
    const { services } = await createFakeServices({ folders: { '/': [file] } });
    const store = storeWith(services, 1400);
    // The fake root folder has file id 1.
    store.dispatch(route(1));
    await settle();
    expect(store.getState().sidebar.source).toBeNull();
  });

  it('does not reopen on a refetch after the user closed it, but opens for another file id', async () => {
    const other = testNode('/b.txt', { fileid: 14 });
    const { services } = await createFakeServices({ folders: { '/': [file, other] } });
    const store = storeWith(services, 1400);
    store.dispatch(route(12));
    await settle();
    store.dispatch(sidebarClosed());
    store.dispatch(folderReloadRequested());
    await settle();
    expect(store.getState().sidebar.source).toBeNull();
    store.dispatch(route(14));
    await settle();
    expect(store.getState().sidebar.source).toBe(other.source);
  });

  it('closes on navigation to another folder, announcing it once', async () => {
    const { services } = await createFakeServices({ folders: { '/': [file, docs], '/Docs': [] } });
    const store = storeWith(services, 800);
    const closed = jest.fn();
    services.host.events.on('files:sidebar:closed', closed);
    store.dispatch(route(null));
    await settle();
    store.dispatch(sidebarOpened({ source: file.source }));
    store.dispatch(route(null, '/Docs'));
    await settle();
    expect(store.getState().sidebar.source).toBeNull();
    store.dispatch(sidebarClosed());
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it('closes when its node is removed', async () => {
    const { services } = await createFakeServices({ folders: { '/': [file, docs] } });
    const store = storeWith(services, 800);
    store.dispatch(route(null));
    await settle();
    store.dispatch(sidebarOpened({ source: file.source }));
    store.dispatch(nodesRemoved([docs.source]));
    expect(store.getState().sidebar.source).toBe(file.source);
    store.dispatch(nodesRemoved([file.source]));
    expect(store.getState().sidebar.source).toBeNull();
  });
});
