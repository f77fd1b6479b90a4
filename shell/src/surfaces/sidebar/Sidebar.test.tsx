/** @jest-environment jsdom */
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { FileAction, Node, SidebarTab } from '@cumulus/sdk';
import { createFakeServices, testFolder, testNode } from '../../test-support/fakeServices';
import { renderShell, stubLayout } from '../../test-support/renderShell';
import { clearToasts, getToasts } from '../../ui/toasts/toasts';
import { INFO_ICON } from './icons';
import { sidebarOpened } from '../../model/sidebar/sidebarSlice';
import { selectNodeBySource } from '../../model/nodes/selectors';

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

const report = () =>
  testNode('/report.pdf', {
    fileid: 42,
    size: 3 * 1024 * 1024,
    mtime: Date.UTC(2026, 0, 2, 3, 4, 5),
    mime: 'application/pdf',
    owner: 'alice',
    permissions: 1 | 2 | 8,
    attributes: { etag: 'abc123def', favorite: 0 },
  });

/** A file action with a sidebar toggle, like the Favorites plugin's star; `mark` does its work. */
function starAction(mark: (node: Node) => Promise<boolean | null>): FileAction {
  return {
    id: 'star',
    displayName: (nodes) => (nodes[0]?.attributes.favorite === 1 ? 'Remove from favorites' : 'Add to favorites'),
    iconSvgInline: () => '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
    exec: ({ nodes: [node] }) => mark(node),
    sidebarToggle: ({ nodes: [node] }) => ({ label: 'Favorite', pressed: node.attributes.favorite === 1 }),
  };
}

async function openShell(extraTabs: SidebarTab[] = [], { favorites = true, mark = (_node: Node): Promise<boolean | null> => Promise.resolve(true) } = {}) {
  const { services } = await createFakeServices({ folders: { '/': [report(), testFolder('/Docs', { fileid: 7 })] } });
  for (const tab of extraTabs) services.host.registries.sidebarTabs.register(tab, 'sharing-plugin');
  // A plugin's action with a sidebar toggle (the Favorites plugin's star); without it there is no star.
  if (favorites) services.host.registries.fileActions.register(starAction((node) => mark(node)), 'favorites');
  const rendered = await renderShell(services, '/files');
  await settle();
  return { ...rendered, services };
}

function rowOf(name: string): HTMLElement {
  const row = screen.getAllByRole('row').find((candidate) => candidate.querySelector('.files-name')?.textContent === name);
  if (row === undefined) throw new Error(`no row ${name}`);
  return row;
}

describe('the details sidebar', () => {
  let unstub: () => void;
  beforeAll(() => {
    unstub = stubLayout();
  });
  afterAll(() => unstub());
  afterEach(() => {
    clearToasts();
    jest.restoreAllMocks();
  });

  it('opens from a row size click as a labelled complementary landmark with the Details tab', async () => {
    const { services } = await openShell();
    const opened = jest.fn();
    services.host.events.on('files:sidebar:opened', opened);
    await act(async () => {
      fireEvent.click(rowOf('report.pdf').querySelector('.files-cell--size button') as HTMLElement);
    });
    const sidebar = screen.getByRole('complementary', { name: 'Details of "report.pdf"' });
    expect(within(sidebar).getByRole('heading', { name: 'report.pdf' })).toBe(document.activeElement);
    expect(sidebar.querySelector('.files-sidebar__meta')?.textContent).toMatch(/^3 MB · /);
    const tab = within(sidebar).getByRole('tab', { name: 'Details' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    const panel = within(sidebar).getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(tab.id);
    const details = Object.fromEntries(
      Array.from(panel.querySelectorAll('dt')).map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(details).toMatchObject({
      'File ID': '42',
      Type: 'application/pdf',
      Size: '3 MB',
      Path: '/report.pdf',
      Owner: 'alice',
      Permissions: 'Read, Edit, Delete',
      ETag: 'abc123def',
    });
    expect(opened).toHaveBeenCalledWith({ node: expect.objectContaining({ fileid: 42 }), tab: 'details' });
  });

  it('opens from the modified time too, on the sharing tab when a plugin offers it', async () => {
    const mount = jest.fn<SidebarTab['mount']>((el) => {
      el.textContent = 'Shared with nobody';
    });
    await openShell([{ id: 'sharing', name: 'Sharing', icon: INFO_ICON, mount }]);
    await act(async () => {
      fireEvent.click(rowOf('report.pdf').querySelector('.files-cell--mtime button') as HTMLElement);
    });
    const sidebar = screen.getByRole('complementary');
    expect(within(sidebar).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Details', 'Sharing']);
    expect(within(sidebar).getByRole('tab', { name: 'Sharing' }).getAttribute('aria-selected')).toBe('true');
    expect(within(sidebar).getByRole('tabpanel').textContent).toBe('Shared with nobody');
    expect(mount).toHaveBeenCalledWith(expect.any(HTMLElement), expect.objectContaining({ nodes: [expect.objectContaining({ fileid: 42 })], view: expect.objectContaining({ id: 'files' }), folder: expect.objectContaining({ path: '/' }) }));
  });

  it('moves between tabs with the arrow keys and runs the cleanup of the tab it leaves', async () => {
    const cleanup = jest.fn();
    await openShell([{ id: 'activity', name: 'Activity', icon: INFO_ICON, mount: () => cleanup }]);
    await act(async () => {
      fireEvent.click(rowOf('report.pdf').querySelector('.files-cell--size button') as HTMLElement);
    });
    // No sharing tab here: the first tab shows.
    const details = screen.getByRole('tab', { name: 'Details' });
    expect(details.getAttribute('aria-selected')).toBe('true');
    await act(async () => {
      fireEvent.keyDown(details, { key: 'ArrowRight' });
    });
    const activity = screen.getByRole('tab', { name: 'Activity' });
    expect(activity.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(activity);
    await act(async () => {
      fireEvent.keyDown(activity, { key: 'Home' });
    });
    expect(cleanup).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('tab', { name: 'Details' }).getAttribute('aria-selected')).toBe('true');
  });

  it("keeps a failing plugin tab inside its boundary, naming the plugin", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await openShell([
      {
        id: 'sharing',
        name: 'Sharing',
        icon: INFO_ICON,
        mount: () => {
          throw new Error('boom');
        },
      },
    ]);
    await act(async () => {
      fireEvent.click(rowOf('report.pdf').querySelector('.files-cell--size button') as HTMLElement);
    });
    const sidebar = screen.getByRole('complementary');
    expect(within(sidebar).getByRole('alert').textContent).toBe('Plugin "sharing-plugin" failed to render: boom');
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'Details' }));
    });
    expect(screen.getByRole('tabpanel').textContent).toContain('File ID');
  });

  it("shows a plugin action's sidebar toggle and runs the action on a click, the node's update pressing it", async () => {
    const marked = jest.fn<(node: Node) => Promise<boolean | null>>();
    const { services, store } = await openShell([], {
      mark: (node) => {
        marked(node);
        // What the Favorites plugin does once its PROPPATCH succeeded.
        services.host.events.emit('files:node:updated', { node: { ...node, attributes: { ...node.attributes, favorite: 1 } } });
        return Promise.resolve(true);
      },
    });
    await act(async () => {
      fireEvent.click(rowOf('report.pdf').querySelector('.files-cell--size button') as HTMLElement);
    });
    const star = screen.getByRole('button', { name: 'Favorite' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    expect(star.getAttribute('title')).toBe('Add to favorites');
    await act(async () => {
      fireEvent.click(star);
    });
    expect(marked).toHaveBeenCalledWith(expect.objectContaining({ fileid: 42 }));
    expect(screen.getByRole('button', { name: 'Favorite' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Favorite' }).getAttribute('title')).toBe('Remove from favorites');
    const source = store.getState().sidebar.source as string;
    expect(selectNodeBySource(store.getState(), source)?.attributes.favorite).toBe(1);
  });

  it('has no star while no action offers a sidebar toggle (the Favorites plugin is off)', async () => {
    await openShell([], { favorites: false });
    await act(async () => {
      fireEvent.click(rowOf('report.pdf').querySelector('.files-cell--size button') as HTMLElement);
    });
    expect(screen.getByRole('complementary')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Favorite' })).toBeNull();
  });

  it('says so when the favorite cannot be saved, and leaves the node as it was', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await openShell([], { mark: () => Promise.reject(new Error('423')) });
    await act(async () => {
      fireEvent.click(rowOf('report.pdf').querySelector('.files-cell--size button') as HTMLElement);
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Favorite' }));
    });
    expect(screen.getByRole('button', { name: 'Favorite' }).getAttribute('aria-pressed')).toBe('false');
    expect(getToasts().map((toast) => toast.message)).toEqual(['"Add to favorites" action failed']);
  });

  it('closes with the close button and with Escape, announcing it and giving focus back', async () => {
    const { services, store } = await openShell();
    const closed = jest.fn();
    services.host.events.on('files:sidebar:closed', closed);
    const size = rowOf('report.pdf').querySelector('.files-cell--size button') as HTMLElement;
    const name = rowOf('report.pdf').querySelector('.files-name') as HTMLElement;
    name.focus();
    await act(async () => {
      fireEvent.click(size);
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Close sidebar' }));
    });
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(document.activeElement).toBe(name);
    expect(closed).toHaveBeenCalledTimes(1);

    await act(async () => {
      store.dispatch(sidebarOpened({ source: store.getState().folder.paths['files']?.['/Docs'] as string }));
    });
    expect(screen.getByRole('complementary', { name: 'Details of "Docs"' })).toBeTruthy();
    expect(within(screen.getByRole('tabpanel')).getByText('Folder')).toBeTruthy();
    await act(async () => {
      fireEvent.keyDown(screen.getByRole('heading', { name: 'Docs' }), { key: 'Escape' });
    });
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(closed).toHaveBeenCalledTimes(2);
  });
});
