/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { activatePlugin, createEventBus, createNode, createRegistries, entryContext, isPluginDefinition } from '@cumulus/sdk';
import type { FileAction, FolderNode, Node, NodeIndicator, View } from '@cumulus/sdk';
import plugin, { createFavoritesPlugin } from './index';
import type { FavoritesDav } from './favoritesDav';
import { favoriteViewId } from './favoriteFolders';

const ORIGIN = 'http://cloud.test';
const session = { origin: ORIGIN, uid: 'alice', requestToken: 'tok' };
const node = (path: string, type: 'file' | 'folder' = 'file', favorite: 0 | 1 = 0): Node =>
  createNode({ type, source: `${ORIGIN}/remote.php/dav/files/alice${path}`, root: '/files/alice', path, fileid: path.length, permissions: 31, attributes: { favorite } });

function setup(overrides: Partial<FavoritesDav> = {}) {
  const dav: FavoritesDav = {
    favorites: jest.fn(() => Promise.resolve([node('/b-folder', 'folder', 1), node('/a.txt', 'file', 1), node('/a-folder', 'folder', 1)])),
    folder: jest.fn((path: string) => Promise.resolve({ folder: node(path, 'folder') as never, contents: [node(`${path}/inside.txt`)] })),
    setFavorite: jest.fn(() => Promise.resolve()),
    ...overrides,
  };
  const host = { registries: createRegistries(), events: createEventBus(), t: (key: string) => `«${key}»` };
  const events: string[] = [];
  host.events.on('files:node:updated', ({ node: n }) => void events.push(`updated ${n.path} ${String(n.attributes.favorite)}`));
  host.events.on('files:node:deleted', ({ node: n }) => void events.push(`deleted ${n.path}`));
  return { dav, host, events, definition: createFavoritesPlugin(() => ({ session, dav })) };
}

/** The context of an entry on `nodes` in the root folder of `view`. */
const on = <const N extends readonly Node[]>(nodes: N, view: View) => entryContext({ nodes, view, folder: node('/', 'folder') as FolderNode });
const viewOf = (host: ReturnType<typeof setup>['host'], id = 'favorites') => host.registries.views.get(id) as View;
const actionOf = (host: ReturnType<typeof setup>['host']) => host.registries.fileActions.get('favorite') as FileAction;

describe('the Favorites plugin (web)', () => {
  it('is a plugin definition with the id its package declares', () => {
    expect(isPluginDefinition(plugin)).toBe(true);
    expect(plugin.id).toBe('favorites');
  });

  it('registers the Favorites view and the favorite action with translated texts and hotkey S; deactivation takes everything back', async () => {
    const { host, definition } = setup();
    const active = await activatePlugin(host, definition);
    expect(viewOf(host)).toMatchObject({ name: '«Favorites»', caption: '«List of favorite files and folders.»', emptyTitle: '«No favorites yet»', emptyCaption: '«Files and folders you mark as favorite will show up here»', pluginId: 'favorites' });
    expect(actionOf(host).hotkey).toEqual({ key: 's', description: '«Add or remove favorite»' });
    await viewOf(host).loadChildViews?.(viewOf(host));
    await active.deactivate();
    expect(host.registries.views.getAll()).toEqual([]);
    expect(host.registries.fileActions.getAll()).toEqual([]);
    expect(host.registries.nodeIndicators.getAll()).toEqual([]);
  });

  it("labels 'Add to favorites' when any node is not a favorite, else 'Remove from favorites'; only for the user's files with permissions", async () => {
    const { host, definition } = setup();
    await activatePlugin(host, definition);
    const action = actionOf(host);
    const view = viewOf(host);
    expect(action.displayName([node('/a', 'file', 1), node('/b')], view)).toBe('«Add to favorites»');
    expect(action.displayName([node('/a', 'file', 1)], view)).toBe('«Remove from favorites»');
    expect(action.enabled?.([node('/a')], view)).toBe(true);
    expect(action.enabled?.([createNode({ type: 'file', source: `${ORIGIN}/x/a`, root: '/x', permissions: 31 })], view)).toBe(false);
    expect(action.enabled?.([createNode({ type: 'file', source: `${ORIGIN}/remote.php/dav/files/alice/a`, root: '/files/alice', permissions: 0 })], view)).toBe(false);
  });

  it("offers the details sidebar its star (a toggle named 'Favorite', pressed on a favorite, yellow when filled)", async () => {
    const { host, definition } = setup();
    await activatePlugin(host, definition);
    const action = actionOf(host);
    const view = viewOf(host);
    expect(action.sidebarToggle?.(on([node('/a')], view))).toEqual({ label: '«Favorite»', pressed: false, iconSvgInline: action.iconSvgInline([node('/a')], view) });
    const starred = action.sidebarToggle?.(on([node('/a', 'file', 1)], view));
    expect(starred).toMatchObject({ label: '«Favorite»', pressed: true });
    expect(starred?.iconSvgInline).toContain('#e5a50a');
  });

  it('marks a node, tells the app it changed, and gives a favorite folder its child view; unmarking takes it back', async () => {
    const { host, definition, dav, events } = setup();
    await activatePlugin(host, definition);
    const files = { id: 'files' } as View;
    expect(await actionOf(host).exec(on([node('/Photos', 'folder')], files))).toBe(true);
    expect(dav.setFavorite).toHaveBeenCalledWith(expect.objectContaining({ path: '/Photos' }), true);
    expect(events).toEqual(['updated /Photos 1']);
    expect(host.registries.views.get(favoriteViewId('/Photos'))).toMatchObject({ name: 'Photos', parent: 'favorites', params: { dir: '/Photos', fileid: '7' } });
    expect(await actionOf(host).exec(on([node('/Photos', 'folder', 1)], files))).toBe(true);
    expect(dav.setFavorite).toHaveBeenLastCalledWith(expect.objectContaining({ path: '/Photos' }), false);
    expect(host.registries.views.get(favoriteViewId('/Photos'))).toBeUndefined();
  });

  it('in a batch marks every node when some are not favorites; unmarked in the Favorites root, the list is fetched again', async () => {
    const { host, definition, events } = setup();
    await activatePlugin(host, definition);
    const results = await actionOf(host).execBatch?.(on([node('/a', 'file', 1), node('/b')], { id: 'files' } as View));
    expect(results).toEqual([true, true]);
    expect(events).toEqual(['updated /a 1', 'updated /b 1']);
    events.length = 0;
    await actionOf(host).exec(on([node('/a', 'file', 1)], viewOf(host)));
    // The root of the Favorites view changed: the app lists it again, without the node.
    expect(events).toEqual(['updated /a 0', 'updated / undefined']);
  });

  it('a failed PROPPATCH fails the action and changes nothing', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { host, definition, events } = setup({ setFavorite: () => Promise.reject(new Error('423')) });
    await activatePlugin(host, definition);
    expect(await actionOf(host).exec(on([node('/a')], { id: 'files' } as View))).toBe(false);
    expect(events).toEqual([]);
    error.mockRestore();
  });

  it('shows a star on favorite rows only, as a node indicator (not in the actions column)', async () => {
    const { host, definition } = setup();
    await activatePlugin(host, definition);
    const indicator = host.registries.nodeIndicators.get('favorite') as NodeIndicator;
    const badge = indicator.badge(on([node('/a', 'file', 1)], viewOf(host)));
    expect(badge?.label).toBe('«Favorite»');
    expect(badge?.iconSvgInline).toContain('<svg');
    expect(indicator.badge(on([node('/a')], viewOf(host)))).toBeNull();
    expect(indicator.exec).toBeUndefined();
    expect(actionOf(host).renderInline).toBeUndefined();
  });

  it('lists the favorites at the root and a favorite folder below it; child views come sorted by path on first expansion', async () => {
    const { host, definition, dav } = setup();
    await activatePlugin(host, definition);
    const root = await viewOf(host).getContents('/');
    expect(root.folder).toMatchObject({ path: '/', root: '/favorites', source: 'http://cloud.test/favorites', permissions: 1 });
    expect(root.contents.map((n) => n.path)).toEqual(['/b-folder', '/a.txt', '/a-folder']);
    expect((await viewOf(host).getContents('/a-folder')).contents.map((n) => n.path)).toEqual(['/a-folder/inside.txt']);
    expect(dav.folder).toHaveBeenCalledWith('/a-folder', undefined);
    await viewOf(host).loadChildViews?.(viewOf(host));
    const children = host.registries.views.getAll().filter((view) => view.parent === 'favorites');
    expect(children.map((view) => view.params?.['dir'])).toEqual(['/a-folder', '/b-folder']);
  });
});
