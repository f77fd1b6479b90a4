/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { activatePlugin, createEventBus, createNode, createRegistries, entryContext, isPluginDefinition } from '@cumulus/sdk';
import type { FolderNode, View } from '@cumulus/sdk';
import plugin from './index';

const host = () => ({ registries: createRegistries(), events: createEventBus(), t: (key: string) => `«${key}»` });

describe('the Recent plugin (web)', () => {
  it('is a plugin definition with the id its package declares', () => {
    expect(isPluginDefinition(plugin)).toBe(true);
    expect(plugin.id).toBe('recent');
  });

  it('registers the Recent view: Nextcloud strings, newest first, a folder column; deactivation takes it back', async () => {
    const h = host();
    const active = await activatePlugin(h, plugin);
    const view = h.registries.views.get('recent') as View;
    expect(view).toMatchObject({
      name: '«Recent»',
      caption: '«List of recently modified files and folders.»',
      emptyTitle: '«No recently modified files»',
      emptyCaption: '«Files and folders you recently modified will show up here.»',
      defaultSortKey: 'mtime',
      order: 10,
      pluginId: 'recent',
    });
    const column = view.columns?.[0];
    const folder = createNode({ type: 'folder', source: 'http://cloud.test/recent', root: '/recent', path: '/' }) as FolderNode;
    expect(column?.title).toBe('«Folder»');
    const inRoot = createNode({ type: 'file', source: 'http://cloud.test/remote.php/dav/files/alice/a.txt', root: '/files/alice' });
    const deep = createNode({ type: 'file', source: 'http://cloud.test/remote.php/dav/files/alice/Docs/2024/b.txt', root: '/files/alice' });
    expect(column?.render(entryContext({ nodes: [inRoot], view, folder })).textContent).toBe('«All files»');
    expect(column?.render(entryContext({ nodes: [deep], view, folder })).textContent).toBe('Docs/2024');
    expect(column?.sort?.(inRoot, deep)).toBeLessThan(0);
    await active.deactivate();
    expect(h.registries.views.getAll()).toEqual([]);
  });
});
