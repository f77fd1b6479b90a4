import { describe, expect, it, jest } from '@jest/globals';
import { Permission, createNode, createRegistries, englishTranslate } from '@cumulus/sdk';
import type { FileAction, View } from '@cumulus/sdk';
import { TEST_ORIGIN, testFolder, testNode } from '../../test-support/fakeServices';
import { detailsTab } from '../../surfaces/sidebar/detailsTab';
import { coreFileActions } from './coreActions';
import { archiveUrl } from './downloadAction';

const registries = createRegistries();
registries.sidebarTabs.register(detailsTab(englishTranslate));
const services = { dav: { downloadUrl: (node: { source: string }) => node.source }, host: { registries }, api: { getCapabilities: () => Promise.resolve({ raw: {}, forbiddenCharacters: [], undelete: true }) } };
const actions = new Map(coreFileActions(services, englishTranslate).map((action) => [action.id, action]));
const action = (id: string): FileAction => {
  const found = actions.get(id);
  if (found === undefined) throw new Error(`no action ${id}`);
  return found;
};
const view = { id: 'files', name: 'All files' } as View;
const enabled = (id: string, nodes: ReturnType<typeof testNode>[]) => action(id).enabled?.(nodes, view) ?? true;

const file = (permissions: number = Permission.ALL, init = {}) => testNode('/a.txt', { fileid: 1, permissions, ...init });
const folder = (permissions: number = Permission.ALL) => testFolder('/Docs', { fileid: 2, permissions });
const trashed = () =>
  createNode({ type: 'file', fileid: 9, source: 'https://cloud.test/remote.php/dav/trashbin/alice/trash/a.txt', root: '/trashbin/alice', permissions: Permission.ALL });
const undownloadable = () => file(Permission.ALL, { attributes: { 'share-attributes': JSON.stringify([{ scope: 'permissions', key: 'download', value: false }]) } });

describe('the built-in file actions', () => {
  it('are open-folder, open-file, details, rename, move-copy, download and delete, in this menu order', () => {
    expect([...actions.keys()]).toEqual(['open-folder', 'open-file', 'details', 'rename', 'move-copy', 'download', 'delete']);
    const ordered = [...actions.values()].filter((entry) => entry.default === undefined).sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
    expect(ordered.map((entry) => entry.id)).toEqual(['details', 'rename', 'move-copy', 'download', 'delete']);
  });

  it('open folder and open file are the hidden default actions of a folder and of a readable file', () => {
    expect(action('open-folder').default).toBe('hidden');
    expect(action('open-file').default).toBe('hidden');
    expect(enabled('open-folder', [folder()])).toBe(true);
    expect(enabled('open-folder', [file()])).toBe(false);
    expect(enabled('open-file', [file()])).toBe(true);
    expect(enabled('open-file', [folder()])).toBe(false);
    expect(enabled('open-file', [file(Permission.NONE)])).toBe(false);
    expect(enabled('open-file', [undownloadable()])).toBe(false);
  });

  it('download is for any selection of readable, downloadable nodes: files, folders and both mixed', () => {
    expect(enabled('download', [file(Permission.READ)])).toBe(true);
    expect(enabled('download', [folder()])).toBe(true);
    expect(enabled('download', [file(), testNode('/b.txt', { fileid: 3 }), folder()])).toBe(true);
    expect(enabled('download', [undownloadable()])).toBe(false);
    expect(enabled('download', [file(), undownloadable()])).toBe(false);
    expect(enabled('download', [folder(Permission.NONE)])).toBe(false);
    expect(enabled('download', [])).toBe(false);
    // A trash's tree makes no archives: its folders and selections are not downloaded.
    expect(enabled('download', [trashed(), trashed()])).toBe(false);
  });

  it('a folder and a selection download as one zip by a plain link (the folder\'s, or the common folder\'s with files=[…])', () => {
    expect(archiveUrl([folder()])).toBe(`${TEST_ORIGIN}/remote.php/dav/files/alice/Docs?accept=zip`);
    const inDocs = [testNode('/Docs/a b.txt', { fileid: 4 }), testFolder('/Docs/Sub', { fileid: 5 })];
    expect(archiveUrl(inDocs)).toBe(`${TEST_ORIGIN}/remote.php/dav/files/alice/Docs?accept=zip&files=${encodeURIComponent('["a b.txt","Sub"]')}`);
    // From anywhere in the tree (Favorites, Recent, search): names relative to their common folder, the root here.
    const spread = [testNode('/Docs/x.txt', { fileid: 6 }), testNode('/Photos/2024/ü.jpg', { fileid: 7 })];
    expect(archiveUrl(spread)).toBe(`${TEST_ORIGIN}/remote.php/dav/files/alice/?accept=zip&files=${encodeURIComponent('["Docs/x.txt","Photos/2024/ü.jpg"]')}`);
  });

  it('rename needs one node with the delete permission, and F2', () => {
    expect(enabled('rename', [file(Permission.READ | Permission.DELETE)])).toBe(true);
    expect(enabled('rename', [file(Permission.READ | Permission.UPDATE)])).toBe(false);
    expect(enabled('rename', [file(), folder()])).toBe(false);
    expect(action('rename').hotkey?.key).toBe('F2');
    expect(action('rename').displayName([file()], view)).toBe('Rename');
  });

  it("move or copy is labelled 'Move or copy', 'Move' or 'Copy' by permissions, and only under /files/", () => {
    expect(action('move-copy').displayName([file()], view)).toBe('Move or copy');
    expect(action('move-copy').displayName([undownloadable()], view)).toBe('Move');
    expect(action('move-copy').displayName([file(Permission.READ)], view)).toBe('Copy');
    expect(enabled('move-copy', [file(), folder()])).toBe(true);
    expect(enabled('move-copy', [file(Permission.READ)])).toBe(true);
    expect(enabled('move-copy', [trashed()])).toBe(false);
    expect(enabled('move-copy', [])).toBe(false);
  });

  it('delete needs the delete permission on every node, is destructive, and has the Delete key', () => {
    expect(enabled('delete', [file(), folder()])).toBe(true);
    expect(enabled('delete', [file(), folder(Permission.READ)])).toBe(false);
    expect(action('delete').destructive).toBe(true);
    expect(action('delete').hotkey?.key).toBe('Delete');
    expect(typeof action('delete').execBatch).toBe('function');
  });

  it("delete is 'Delete' where a trash catches deleted nodes and 'Delete permanently' where none does (files.undelete)", async () => {
    const named = async (undelete: boolean | 'fails') => {
      const api = { getCapabilities: () => (undelete === 'fails' ? Promise.reject(new Error('offline')) : Promise.resolve({ raw: {}, forbiddenCharacters: [], undelete })) };
      const remove = coreFileActions({ ...services, api }, englishTranslate).find((entry) => entry.id === 'delete');
      await new Promise((resolve) => setTimeout(resolve, 0));
      return remove?.displayName([file()], view);
    };
    await expect(named(true)).resolves.toBe('Delete');
    await expect(named(false)).resolves.toBe('Delete permanently');
    // Not knowing is not promising a trash.
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(named('fails')).resolves.toBe('Delete permanently');
    error.mockRestore();
  });

  it('details is for one node under /files/ with some permission, and the D key', () => {
    expect(enabled('details', [file(Permission.READ)])).toBe(true);
    expect(enabled('details', [file(Permission.NONE)])).toBe(false);
    expect(enabled('details', [file(), folder()])).toBe(false);
    expect(enabled('details', [trashed()])).toBe(false);
    expect(action('details').hotkey?.key).toBe('d');
    // The sidebar must be available: with no tab for the node there is nothing to open.
    registries.sidebarTabs.unregister('details');
    expect(enabled('details', [file(Permission.READ)])).toBe(false);
    registries.sidebarTabs.register(detailsTab(englishTranslate));
  });

  it('no action is offered for a failed node', () => {
    const failed = file(Permission.ALL, { status: 'failed' });
    expect(['rename', 'move-copy', 'download', 'delete', 'details', 'open-file'].filter((id) => enabled(id, [failed]))).toEqual([]);
  });
});
