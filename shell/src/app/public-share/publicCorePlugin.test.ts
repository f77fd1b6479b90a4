/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { activatePlugin, createEventBus, createRegistries } from '@cumulus/sdk';
import type { PublicShare } from '../../services/publicShare';
import { createFakeServices } from '../../test-support/fakeServices';
import { createPublicCorePlugin } from './publicCorePlugin';

const SHARE: PublicShare = { token: 'Abc2345678defgh', type: 'folder', name: 'Holiday', fileName: 'Photos', mime: 'httpd/unix-directory', size: 10, mtime: 1700000000, permissions: 1, hideDownload: false, downloadable: true, ownerDisplayName: 'Alice', note: '' };

async function registered(share: PublicShare) {
  // A host of its own: the fake services' host has the signed-in core plugin already.
  const { services } = await createFakeServices();
  const host = { ...services.host, registries: createRegistries(), events: createEventBus() };
  await activatePlugin(host, createPublicCorePlugin({ ...services, host, publicShare: share }, share));
  const { registries } = host;
  return {
    views: registries.views.getAll().map((view) => [view.id, view.name]),
    actions: registries.fileActions.getAll().map((action) => action.id),
    newMenu: registries.newMenuEntries.getAll().map((entry) => entry.id),
    tabs: registries.sidebarTabs.getAll().length,
  };
}

describe('the public core plugin', () => {
  it('a read-only link: the shared folder as the only view, named after the share; download but no details, no New menu, no sidebar tabs', async () => {
    const { views, actions, newMenu, tabs } = await registered(SHARE);
    expect(views).toEqual([['files', 'Holiday']]);
    expect(actions).toEqual(expect.arrayContaining(['open-folder', 'open-file', 'download', 'rename', 'delete']));
    expect(actions).not.toContain('details');
    expect(actions).not.toContain('move-copy');
    expect(newMenu).toEqual([]);
    expect(tabs).toBe(0);
  });

  it('an upload-enabled link adds the upload and new-folder entries, and move or copy', async () => {
    const { newMenu, actions } = await registered({ ...SHARE, permissions: 15 });
    expect(actions).toContain('move-copy');
    expect(newMenu).toEqual(expect.arrayContaining(['upload-files', 'new-folder']));
  });

  it('hide download and the download attribute take away download and open', async () => {
    for (const change of [{ hideDownload: true }, { downloadable: false }]) {
      const { actions } = await registered({ ...SHARE, ...change });
      expect(actions).not.toContain('download');
      expect(actions).not.toContain('open-file');
      expect(actions).toContain('open-folder');
    }
  });
});
