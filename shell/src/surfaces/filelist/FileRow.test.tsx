/** @jest-environment jsdom */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Permission } from '@cumulus/sdk';
import { createFakeServices, testFolder, testNode } from '../../test-support/fakeServices';
import { renderShell, stubLayout } from '../../test-support/renderShell';
import { nodeStatusChanged } from '../../model/nodes/nodesSlice';
import { sidebarClosed } from '../../model/sidebar/sidebarSlice';
import { applyLiveBatch } from '../../model/live/applyLiveBatch';
import { sameRowProps } from './FileRow';
import type { FileRowProps } from './FileRow';

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const row = (name: string) => screen.getAllByRole('row').find((candidate) => candidate.getAttribute('data-source')?.endsWith(`/${name}`)) as HTMLElement;
const contents = () => [testFolder('/Docs', { fileid: 10 }), testNode('/a.txt', { fileid: 11, size: 2048, mtime: Date.UTC(2026, 0, 1) }), testNode('/none.txt', { fileid: 12, permissions: Permission.NONE, size: 5 })];
const sharingTab = { id: 'sharing', name: 'Sharing', icon: '<svg xmlns="http://www.w3.org/2000/svg"/>', mount: () => undefined };

describe('a row of the list', () => {
  let unstub: () => void;
  beforeAll(() => {
    unstub = stubLayout();
  });
  afterAll(() => unstub());

  it("opens the details on the sharing tab from described size and date buttons, where the details action is enabled", async () => {
    const { services } = await createFakeServices({ folders: { '/': contents() } });
    services.host.registries.sidebarTabs.register(sharingTab);
    const { store } = await renderShell(services, '/files');
    await settle();
    const [size, date] = within(row('a.txt')).getAllByRole('button', { description: 'Open details of a.txt' });
    // Named by their visible text (label in name), described by what they do.
    expect(size?.textContent).toBe('2 KB');
    expect(within(row('a.txt')).getByRole('button', { name: '2 KB' })).toBe(size);
    await act(async () => {
      fireEvent.click(size as HTMLElement);
    });
    expect(store.getState().sidebar).toEqual({ source: testNode('/a.txt').source, tab: 'sharing' });
    await act(async () => {
      store.dispatch(sidebarClosed());
    });
    await act(async () => {
      fireEvent.click(date as HTMLElement);
    });
    expect(store.getState().sidebar.source).toBe(testNode('/a.txt').source);
    // Permissions none: no details action, so no button and no sidebar.
    expect(within(row('none.txt')).queryByRole('button', { description: /Open details/ })).toBeNull();
  });

  it('opens the first tab when no sharing tab is registered', async () => {
    const { services } = await createFakeServices({ folders: { '/': contents() } });
    const { store } = await renderShell(services, '/files');
    await settle();
    await act(async () => {
      fireEvent.click(within(row('a.txt')).getAllByRole('button', { description: 'Open details of a.txt' })[0] as HTMLElement);
    });
    expect(store.getState().sidebar).toEqual({ source: testNode('/a.txt').source, tab: null });
  });

  it('is a row of a grid (where aria-selected is allowed), with a menu button named for its file', async () => {
    const { services } = await createFakeServices({ folders: { '/': contents() } });
    await renderShell(services, '/files');
    await settle();
    expect(row('a.txt').closest('[role="grid"]')).not.toBeNull();
    expect(within(row('a.txt')).getAllByRole('gridcell').length).toBeGreaterThan(3);
    expect(within(row('a.txt')).getByRole('button', { name: 'Actions for a.txt' })).toBeTruthy();
  });

  it('does not run the default action again on a click while the node is loading', async () => {
    const { services, calls } = await createFakeServices({ folders: { '/': contents(), '/Docs': [] } });
    const { store } = await renderShell(services, '/files');
    await settle();
    await act(async () => {
      store.dispatch(nodeStatusChanged({ sources: [testFolder('/Docs').source], status: 'loading' }));
    });
    await act(async () => {
      fireEvent.click(within(row('Docs')).getByTitle('Docs'));
    });
    await settle();
    expect(calls.navigations).toEqual([]);
  });
});

describe('inline-rendered actions', () => {
  let unstub: () => void;
  beforeAll(() => {
    unstub = stubLayout();
  });
  afterAll(() => unstub());

  it("mounts an action's renderInline element in the actions cell, and keeps a failing one inside its plugin's boundary", async () => {
    const { services } = await createFakeServices({ folders: { '/': contents() } });
    const base = { iconSvgInline: () => '<svg xmlns="http://www.w3.org/2000/svg"/>', exec: () => Promise.resolve(null) };
    services.host.registries.fileActions.register(
      {
        ...base,
        id: 'shared-badge',
        displayName: () => 'Shared badge',
        enabled: (nodes) => nodes.every((node) => node.type === 'file'),
        renderInline: ({ nodes: [node] }) => {
          const badge = document.createElement('span');
          badge.textContent = `Shared ${node.basename}`;
          return Promise.resolve(badge);
        },
      },
      'sharing',
    );
    services.host.registries.fileActions.register({ ...base, id: 'broken', displayName: () => 'Broken', renderInline: () => Promise.reject(new Error('no badge')) }, 'broken-plugin');
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderShell(services, '/files');
    await settle();
    await settle();
    const cell = row('a.txt').querySelector('.files-cell--actions') as HTMLElement;
    expect(within(cell).getByText('Shared a.txt')).toBeTruthy();
    expect(within(cell).getByText('Plugin "broken-plugin" failed to render: no badge')).toBeTruthy();
    // Not enabled for a folder: nothing of it there.
    expect(row('Docs').textContent).not.toContain('Shared');
    error.mockRestore();
  });
});

describe('rows under live changes', () => {
  let unstub: () => void;
  beforeAll(() => {
    unstub = stubLayout();
  });
  afterAll(() => unstub());

  it('re-renders only the rows a batch changes, and a shift-click after it takes the new order', async () => {
    const { services } = await createFakeServices({ folders: { '/': contents() } });
    const asked: string[] = [];
    services.host.registries.fileActions.register(
      {
        id: 'count-renders',
        displayName: () => 'Counted',
        iconSvgInline: () => '<svg xmlns="http://www.w3.org/2000/svg"/>',
        exec: () => Promise.resolve(null),
        // Asked at every render of a row's actions.
        inline: (node) => {
          asked.push(node.basename);
          return false;
        },
      },
      'counter',
    );
    const { store } = await renderShell(services, '/files');
    await settle();
    expect(asked).toContain('a.txt');
    asked.length = 0;
    const added = testNode('/b.txt', { fileid: 13 });
    await act(async () => {
      store.dispatch(applyLiveBatch([{ change: { id: 1, type: 'file', folder: '/', path: '/b.txt', fileid: 13, etag: 'b1' }, node: added }]));
    });
    await settle();
    expect(row('b.txt')).toBeDefined();
    // The new row rendered; the rows before it kept their render (none.txt, after it, moved down one).
    expect(asked).toContain('b.txt');
    expect(asked).not.toContain('a.txt');
    expect(asked).not.toContain('Docs');
    // A range from a.txt to none.txt now holds b.txt, shown between them.
    fireEvent.click(within(row('a.txt')).getByRole('checkbox'));
    fireEvent.click(within(row('none.txt')).getByRole('checkbox'), { shiftKey: true });
    expect(store.getState().selection.sources).toEqual([testNode('/a.txt').source, added.source, testNode('/none.txt').source]);
  });

  it('are the same props when the list hands over a new style object of the same values', () => {
    const props = { node: testNode('/a.txt'), index: 1, style: { position: 'absolute', transform: 'translateY(55px)', height: 55 } } as unknown as FileRowProps;
    expect(sameRowProps(props, { ...props, style: { ...props.style } })).toBe(true);
    expect(sameRowProps(props, { ...props, style: { ...props.style, transform: 'translateY(110px)' } })).toBe(false);
    expect(sameRowProps(props, { ...props, node: { ...props.node } })).toBe(false);
    expect(sameRowProps(props, { ...props, index: 2 })).toBe(false);
  });
});
