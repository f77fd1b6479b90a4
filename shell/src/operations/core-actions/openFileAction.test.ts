/** @jest-environment jsdom */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { createNode, createRegistries, englishTranslate, entryContext } from '@cumulus/sdk';
import type { FolderNode, Node, View } from '@cumulus/sdk';
import { testNode } from '../../test-support/fakeServices';
import { openFileAction } from './openFileAction';

const view = { id: 'files', name: 'All files' } as View;
const photo = testNode('/Photos/cat.jpg', { fileid: 42, mime: 'image/jpeg' });
const photos = createNode({ type: 'folder', source: 'http://cloud/remote.php/dav/files/admin/Photos', root: '/files/admin', path: '/Photos' }) as FolderNode;
const on = (node: Node) => entryContext({ nodes: [node], view, folder: photos });
const archive = testNode('/Photos/all.zip', { fileid: 43, mime: 'application/zip' });

function setUp() {
  const registries = createRegistries();
  const navigate = jest.fn();
  const open = jest.spyOn(window, 'open').mockImplementation(() => null);
  const action = openFileAction({ dav: { downloadUrl: (node) => `${node.source}?download` }, host: { registries }, navigator: { navigate } }, englishTranslate);
  return { registries, navigate, open, action };
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe('the default action of a file (open-file)', () => {
  it("opens the viewer in the spec's openfile form when a viewer handles the type", async () => {
    const { registries, navigate, open, action } = setUp();
    registries.viewers.register({ id: 'images', name: 'Images', mimes: ['image/*'], mount: () => undefined }, 'viewer');
    await expect(action.exec(on(photo))).resolves.toBeNull();
    expect(navigate).toHaveBeenCalledWith({ view: 'files', dir: '/Photos', fileid: 42, openfile: true });
    expect(open).not.toHaveBeenCalled();
  });

  it('hands the file to a browser tab, as before, when no viewer handles its type', async () => {
    const { registries, navigate, open, action } = setUp();
    registries.viewers.register({ id: 'images', name: 'Images', mimes: ['image/*'], mount: () => undefined }, 'viewer');
    await action.exec(on(archive));
    expect(navigate).not.toHaveBeenCalled();
    expect(open).toHaveBeenCalledWith(`${archive.source}?download`, '_blank', 'noopener');
  });

  it('hands every file to a browser tab when no viewer is registered (the viewer plugin disabled)', async () => {
    const { navigate, open, action } = setUp();
    await action.exec(on(photo));
    expect(navigate).not.toHaveBeenCalled();
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('does not navigate again when the address already opens the file (a pasted URL, a reload)', async () => {
    const { registries, navigate, action } = setUp();
    registries.viewers.register({ id: 'images', name: 'Images', mimes: ['image/*'], mount: () => undefined }, 'viewer');
    window.history.replaceState(null, '', '/apps/files/files/42?dir=/Photos&openfile=true');
    await action.exec(on(photo));
    expect(navigate).not.toHaveBeenCalled();
  });
});
