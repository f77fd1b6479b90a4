import { describe, expect, it } from '@jest/globals';
import { createAppStore } from '../../app/store';
import { createFakeServices } from '../../test-support/fakeServices';
import { getContextMenu, openContextMenu } from '../context-menu/contextMenuStore';
import { routeChanged } from '../navigation/navigationSlice';
import { getRenameTarget, startRename } from './renameStore';

describe('the rename field and the context menu on navigation', () => {
  it('close when the view or folder changes, and stay on a change of the file id only', async () => {
    const { services } = await createFakeServices();
    const store = createAppStore(services);
    store.dispatch(routeChanged({ view: 'files', dir: '/', fileid: null, openfile: false }));
    startRename('https://cloud.test/remote.php/dav/files/alice/a.txt');
    openContextMenu({ x: 1, y: 2, sources: ['https://cloud.test/remote.php/dav/files/alice/a.txt'] });
    store.dispatch(routeChanged({ view: 'files', dir: '/', fileid: 11, openfile: false }));
    expect(getRenameTarget()).not.toBeNull();
    expect(getContextMenu()).not.toBeNull();
    store.dispatch(routeChanged({ view: 'files', dir: '/Docs', fileid: null, openfile: false }));
    expect(getRenameTarget()).toBeNull();
    expect(getContextMenu()).toBeNull();
    startRename('https://cloud.test/remote.php/dav/files/alice/Docs/b.txt');
    openContextMenu({ x: 1, y: 2, sources: [] });
    store.dispatch(routeChanged({ view: 'favorites', dir: '/Docs', fileid: null, openfile: false }));
    expect(getRenameTarget()).toBeNull();
    expect(getContextMenu()).toBeNull();
  });
});
