/** @jest-environment jsdom */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { FileAction, Node } from '@cumulus/sdk';
import { createFakeServices, testFolder, testNode } from '../../test-support/fakeServices';
import { renderShell, stubLayout } from '../../test-support/renderShell';
import { closeContextMenu } from '../../model/context-menu/contextMenuStore';
import { nodeStatusChanged } from '../../model/nodes/nodesSlice';
import { selectionChanged } from '../../model/selection/selectionSlice';

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const contents = () => [testFolder('/Docs', { fileid: 10 }), testNode('/a.txt', { fileid: 11 }), testNode('/b.txt', { fileid: 12 }), testNode('/c.txt', { fileid: 13 })];
const rowOf = (name: string) => screen.getAllByRole('row').find((row) => row.querySelector('.files-name')?.textContent === name) as HTMLElement;
const names = (sources: string[]) => sources.map((source) => decodeURIComponent(source.split('/').pop() ?? ''));
const key = async (init: KeyboardEventInit, target: Element = document.activeElement ?? document.body) => {
  await act(async () => {
    fireEvent.keyDown(target, init);
  });
};

/** A plugin action with a hotkey, recording the nodes it ran on. */
function shareAction(ran: string[]): FileAction {
  return {
    id: 'plugin-share',
    displayName: () => 'Share by mail',
    iconSvgInline: () => '<svg xmlns="http://www.w3.org/2000/svg"/>',
    enabled: (nodes: Node[]) => nodes.every((node) => node.type === 'file'),
    exec: ({ nodes: [node] }) => {
      ran.push(node.basename);
      return Promise.resolve(null);
    },
    hotkey: { key: 'm', ctrl: true, shift: true, description: 'Share by mail' },
  };
}

describe('the file list keyboard', () => {
  let unstub: () => void;
  beforeAll(() => {
    unstub = stubLayout();
  });
  afterAll(() => unstub());
  afterEach(() => act(() => closeContextMenu()));

  it('moves the active row with the arrows (roving focus), toggles with Space, selects all with ctrl+A, clears with Escape', async () => {
    const { services } = await createFakeServices({ folders: { '/': contents() } });
    const { store } = await renderShell(services, '/files');
    await settle();
    await key({ key: 'ArrowDown' }, document.body);
    expect(document.activeElement).toBe(rowOf('Docs'));
    expect(rowOf('Docs').tabIndex).toBe(0);
    expect(rowOf('a.txt').tabIndex).toBe(-1);
    await key({ key: 'ArrowDown' });
    await key({ key: 'ArrowDown' });
    expect(document.activeElement).toBe(rowOf('b.txt'));
    expect(rowOf('b.txt').className).toContain('files-row--active');
    await key({ key: 'ArrowUp' });
    expect(document.activeElement).toBe(rowOf('a.txt'));
    await key({ key: ' ' });
    expect(names(store.getState().selection.sources)).toEqual(['a.txt']);
    await key({ key: 'End' });
    await key({ key: ' ', shiftKey: true });
    expect(names(store.getState().selection.sources)).toEqual(['a.txt', 'b.txt', 'c.txt']);
    await key({ key: 'Escape' });
    expect(store.getState().selection.sources).toEqual([]);
    await key({ key: 'a', ctrlKey: true });
    expect(names(store.getState().selection.sources)).toEqual(['Docs', 'a.txt', 'b.txt', 'c.txt']);
  });

  it('opens the active folder with Enter (its default action) and goes to the parent folder with alt+Up', async () => {
    const { services, calls } = await createFakeServices({ folders: { '/': contents(), '/Docs': [testNode('/Docs/x.txt')] } });
    const first = await renderShell(services, '/files');
    await settle();
    await key({ key: 'ArrowDown' }, document.body);
    await key({ key: 'Enter' });
    await settle();
    expect(calls.navigations).toEqual([{ view: 'files', dir: '/Docs' }]);

    first.unmount();
    const { location } = await renderShell(services, '/files?dir=/Docs');
    await settle();
    await key({ key: 'ArrowUp', altKey: true }, document.body);
    await settle();
    expect(location.current?.search).toBe('?dir=/');
    // At the root there is no parent: nothing happens.
    await key({ key: 'ArrowUp', altKey: true }, document.body);
    expect(location.current?.search).toBe('?dir=/');
  });

  it('hands the focus to the folder just left after alt+Up, not to the page', async () => {
    const { services } = await createFakeServices({ folders: { '/': contents(), '/Docs': [testNode('/Docs/x.txt')] } });
    await renderShell(services, '/files?dir=/Docs');
    await settle();
    await key({ key: 'ArrowDown' }, document.body);
    expect(document.activeElement).toBe(rowOf('x.txt'));
    await key({ key: 'ArrowUp', altKey: true });
    await settle();
    await settle();
    expect(document.activeElement).toBe(rowOf('Docs'));
    expect(rowOf('Docs').tabIndex).toBe(0);
  });

  it('toggles the grid with V (saved as grid_view)', async () => {
    const { services, calls } = await createFakeServices({ folders: { '/': contents() } });
    await renderShell(services, '/files');
    await settle();
    await key({ key: 'v' }, document.body);
    await settle();
    expect(calls.userConfig).toEqual([['grid_view', true]]);
  });

  it("runs a plugin action's hotkey on the active row, or on the selection, only where it is enabled", async () => {
    const { services } = await createFakeServices({ folders: { '/': contents() } });
    const ran: string[] = [];
    services.host.registries.fileActions.register(shareAction(ran));
    await renderShell(services, '/files');
    await settle();
    await key({ key: 'ArrowDown' }, document.body);
    await key({ key: 'M', ctrlKey: true, shiftKey: true });
    await settle();
    // A folder: the action is not enabled for it.
    expect(ran).toEqual([]);
    await key({ key: 'ArrowDown' });
    await key({ key: 'M', ctrlKey: true, shiftKey: true });
    await settle();
    expect(ran).toEqual(['a.txt']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Toggle selection for file "b.txt"' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Toggle selection for file "c.txt"' }));
    await key({ key: 'm', ctrlKey: true, shiftKey: true }, document.body);
    await settle();
    expect(ran).toEqual(['a.txt', 'b.txt', 'c.txt']);
  });

  it("opens the shortcuts help with '?', listing the list's keys and the actions' hotkeys, and closes it with Escape", async () => {
    const { services } = await createFakeServices({ folders: { '/': contents() } });
    services.host.registries.fileActions.register(shareAction([]));
    const { store } = await renderShell(services, '/files');
    await settle();
    const before = document.activeElement;
    await key({ key: '?', shiftKey: true }, document.body);
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByText('Ctrl+Shift+M')).toBeTruthy();
    expect(within(dialog).getByText('Share by mail')).toBeTruthy();
    expect(within(dialog).getByText('Select all files and folders')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    // The list's keys do nothing behind the dialog.
    await key({ key: 'a', ctrlKey: true });
    expect(store.getState().selection.sources).toEqual([]);
    await key({ key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(before);
  });

  it('ignores the shortcuts while typing in an input', async () => {
    const { services, calls } = await createFakeServices({ folders: { '/': contents() } });
    const { store } = await renderShell(services, '/files');
    await settle();
    const filter = screen.getByRole('searchbox', { name: 'Filter filenames…' }) as HTMLInputElement;
    filter.focus();
    await key({ key: 'v' }, filter);
    await key({ key: 'a', ctrlKey: true }, filter);
    await key({ key: 'ArrowDown' }, filter);
    expect(calls.userConfig).toEqual([]);
    expect(store.getState().selection.sources).toEqual([]);
    expect(document.activeElement).toBe(filter);
  });

  it('runs an action hotkey once per press (auto-repeat ignored) and never on a failed or loading node', async () => {
    const { services } = await createFakeServices({ folders: { '/': contents() } });
    const ran: string[] = [];
    services.host.registries.fileActions.register(shareAction(ran));
    const { store } = await renderShell(services, '/files');
    await settle();
    await key({ key: 'ArrowDown' }, document.body);
    await key({ key: 'ArrowDown' });
    // Holding the keys: the first press runs, the repeats do not.
    await key({ key: 'M', ctrlKey: true, shiftKey: true });
    await key({ key: 'M', ctrlKey: true, shiftKey: true, repeat: true });
    await key({ key: 'M', ctrlKey: true, shiftKey: true, repeat: true });
    await settle();
    expect(ran).toEqual(['a.txt']);
    const [a, b, c] = ['/a.txt', '/b.txt', '/c.txt'].map((path) => testNode(path).source) as [string, string, string];
    await act(async () => {
      store.dispatch(nodeStatusChanged({ sources: [a], status: 'failed' }));
      store.dispatch(nodeStatusChanged({ sources: [b], status: 'loading' }));
    });
    await key({ key: 'M', ctrlKey: true, shiftKey: true });
    await settle();
    expect(ran).toEqual(['a.txt']);
    await act(async () => {
      store.dispatch(selectionChanged({ sources: [a, b, c] }));
    });
    await key({ key: 'm', ctrlKey: true, shiftKey: true }, document.body);
    await settle();
    expect(ran).toEqual(['a.txt', 'c.txt']);
  });

  it("opens the active row's context menu with Shift+F10 or the ContextMenu key", async () => {
    const { services } = await createFakeServices({ folders: { '/': contents() } });
    await renderShell(services, '/files');
    await settle();
    await key({ key: 'ArrowDown' }, document.body);
    await key({ key: 'ArrowDown' });
    await key({ key: 'F10', shiftKey: true });
    await settle();
    expect(screen.getByRole('menu', { name: 'Actions for a.txt' })).toBeTruthy();
    await key({ key: 'Escape' }, screen.getByRole('menu'));
    await settle();
    expect(screen.queryByRole('menu')).toBeNull();
    // Escape gives the focus back to the row the menu was opened on, not to the page.
    expect(document.activeElement).toBe(rowOf('a.txt'));
    await key({ key: 'ArrowDown' });
    await key({ key: 'ContextMenu' });
    await settle();
    expect(screen.getByRole('menu', { name: 'Actions for b.txt' })).toBeTruthy();
  });

  it('gives the focus back to the row after a right-click menu closed with Escape, but not after a click outside', async () => {
    const { services } = await createFakeServices({ folders: { '/': contents() } });
    await renderShell(services, '/files');
    await settle();
    act(() => rowOf('b.txt').focus());
    await act(async () => {
      fireEvent.contextMenu(rowOf('b.txt'));
    });
    expect(document.activeElement?.getAttribute('role')).toBe('menuitem');
    await key({ key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(rowOf('b.txt'));
    await act(async () => {
      fireEvent.contextMenu(rowOf('b.txt'));
    });
    await act(async () => {
      fireEvent.mouseDown(document.body);
    });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).not.toBe(rowOf('b.txt'));
  });
});
