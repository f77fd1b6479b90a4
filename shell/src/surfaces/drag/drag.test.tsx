/** @jest-environment jsdom */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Permission } from '@cumulus/sdk';
import type { FolderNode, Node } from '@cumulus/sdk';
import type { DavListing } from '../../services/dav/davService';
import { createFakeServices, httpError, testFolder, testNode } from '../../test-support/fakeServices';
import { renderShell, stubLayout } from '../../test-support/renderShell';
import { resolveConflictRequest } from '../../operations/conflicts/conflictStore';
import { clearToasts, getToasts } from '../../ui/toasts/toasts';
import { installDragEvent } from './installDragEvent';

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const rowOf = (name: string) => screen.getAllByRole('row').find((row) => row.querySelector('.files-name')?.textContent === name) as HTMLElement;
const names = (sources: string[]) => sources.map((source) => decodeURIComponent(source.split('/').pop() ?? ''));

const READ_ONLY = Permission.READ;
const contents = () => [
  testFolder('/Docs', { fileid: 2 }),
  testFolder('/Locked', { fileid: 3, permissions: Permission.READ | Permission.UPDATE }),
  testNode('/a.txt', { fileid: 4 }),
  testNode('/b.txt', { fileid: 5 }),
  testNode('/ro.txt', { fileid: 6, permissions: READ_ONLY }),
];

/** A DataTransfer stand-in: jsdom has none. */
function transfer() {
  const data = new Map<string, string>();
  return {
    data,
    types: [] as string[],
    dropEffect: 'none',
    effectAllowed: 'all',
    setData(type: string, value: string) {
      data.set(type, value);
      this.types.push(type);
    },
    getData: (type: string) => data.get(type) ?? '',
    setDragImage() {},
  };
}

/** Renders the list; the fake server moves and copies and knows which folders exist. */
async function setup(existing: string[] = ['/Docs', '/Locked'], locked: string[] = [], inDocs: Node[] = []) {
  const folders: Record<string, Node[] | (() => Promise<DavListing>)> = { '/': contents() };
  for (const path of existing) {
    const folder = contents().find((node) => node.path === path) as FolderNode;
    folders[path] = () => Promise.resolve({ folder, contents: path === '/Docs' ? inDocs : [] });
  }
  const { services, calls } = await createFakeServices({ folders });
  const ops: string[] = [];
  services.dav.move = (node: Node, dir: string, options) => {
    ops.push(`move ${node.basename} ${dir}${options?.newName ? ` as ${options.newName}` : ''}${options?.overwrite ? ' overwrite' : ''}`);
    return locked.includes(node.basename) ? Promise.reject(httpError(423)) : Promise.resolve();
  };
  services.dav.copy = (node: Node, dir: string, options) => {
    ops.push(`copy ${node.basename} ${dir}${options?.newName ? ` as ${options.newName}` : ''}`);
    return Promise.resolve();
  };
  const shell = await renderShell(services, '/files');
  await settle();
  return { ...shell, services, calls, ops };
}

async function drag(from: string, to: string, options: { ctrlKey?: boolean; button?: number } = {}) {
  const init = { button: 0, ctrlKey: false, ...options };
  const dataTransfer = transfer();
  let over = false;
  await act(async () => {
    fireEvent.dragStart(rowOf(from), { dataTransfer });
    over = !fireEvent.dragOver(rowOf(to), { dataTransfer, ...init });
    fireEvent.drop(rowOf(to), { dataTransfer, ...init });
  });
  await settle();
  await settle();
  return { dataTransfer, accepted: over };
}

describe('drag and drop inside the list', () => {
  let unstub: () => void;
  beforeAll(() => {
    unstub = stubLayout();
    installDragEvent();
  });
  afterAll(() => unstub());
  afterEach(() => {
    act(() => resolveConflictRequest(null));
    clearToasts();
  });

  it('moves a file onto a folder: target read again, toast, selection kept when the file was not selected, folder listed again', async () => {
    const { ops, calls, store } = await setup();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Toggle selection for file "b.txt"' }));
    const listed = calls.listed.length;
    const { dataTransfer, accepted } = await drag('a.txt', 'Docs');
    expect(accepted).toBe(true);
    expect(dataTransfer.dropEffect).toBe('move');
    expect(ops).toEqual(['move a.txt /Docs']);
    expect(getToasts().map((toast) => toast.message)).toEqual(['Files moved successfully']);
    expect(names(store.getState().selection.sources)).toEqual(['b.txt']);
    expect(calls.listed.length).toBeGreaterThan(listed);
    expect(store.getState().drag.sources).toEqual([]);
  });

  it('drags the whole selection from a selected row, copies with ctrl, and clears the selection', async () => {
    const { ops, store } = await setup();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Toggle selection for file "a.txt"' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Toggle selection for file "b.txt"' }));
    const { dataTransfer } = await drag('b.txt', 'Docs', { ctrlKey: true });
    expect(dataTransfer.dropEffect).toBe('copy');
    expect(ops.sort()).toEqual(['copy a.txt /Docs', 'copy b.txt /Docs']);
    expect(getToasts().map((toast) => toast.message)).toEqual(['Files copied successfully']);
    expect(store.getState().selection.sources).toEqual([]);
  });

  it("says 'Some files could not be moved' when one of them fails, with its own reason", async () => {
    const { ops } = await setup(['/Docs'], ['b.txt']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Toggle selection for file "a.txt"' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Toggle selection for file "b.txt"' }));
    await drag('a.txt', 'Docs');
    expect(ops.sort()).toEqual(['move a.txt /Docs', 'move b.txt /Docs']);
    expect(getToasts().map((toast) => toast.message)).toEqual(['The files are locked', 'Some files could not be moved']);
  });

  it("refuses a drop onto a folder that is gone: 'Target folder does not exist any more'", async () => {
    const { ops } = await setup([]);
    await drag('a.txt', 'Docs');
    expect(ops).toEqual([]);
    expect(getToasts().map((toast) => toast.message)).toEqual(['Target folder does not exist any more']);
  });

  it('accepts no drop onto a file, a folder without create permission, a dragged folder, or with another button', async () => {
    const { ops } = await setup();
    expect((await drag('a.txt', 'b.txt')).accepted).toBe(false);
    expect((await drag('a.txt', 'Locked')).accepted).toBe(false);
    expect((await drag('Docs', 'Docs')).accepted).toBe(false);
    expect((await drag('a.txt', 'Docs', { button: 2 })).accepted).toBe(false);
    expect(ops).toEqual([]);
  });

  it('does not drag a node without update permission, nor a selection that holds one', async () => {
    const { store } = await setup();
    expect(rowOf('ro.txt').getAttribute('draggable')).toBe('false');
    expect(rowOf('a.txt').getAttribute('draggable')).toBe('true');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Toggle selection for file "a.txt"' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Toggle selection for file "ro.txt"' }));
    const started = fireEvent.dragStart(rowOf('a.txt'), { dataTransfer: transfer() });
    expect(started).toBe(false);
    expect(store.getState().drag.sources).toEqual([]);
  });

  it('highlights the folder while a drag hovers it and marks the dragged rows', async () => {
    await setup();
    const dataTransfer = transfer();
    await act(async () => {
      fireEvent.dragStart(rowOf('a.txt'), { dataTransfer });
      fireEvent.dragOver(rowOf('Docs'), { dataTransfer });
    });
    expect(rowOf('Docs').className).toContain('files-row--drop-target');
    expect(rowOf('a.txt').className).toContain('files-row--dragging');
    expect(JSON.parse(dataTransfer.getData('application/x-cumulus-nodes'))).toHaveLength(1);
    await act(async () => {
      fireEvent.dragLeave(rowOf('Docs'), { dataTransfer, relatedTarget: document.body });
    });
    expect(rowOf('Docs').className).not.toContain('files-row--drop-target');
  });

  it("a ctrl-drop onto a folder holding the same name copies under a free '(copy)' name", async () => {
    const { ops } = await setup(['/Docs'], [], [testNode('/Docs/a.txt', { fileid: 40 }), testNode('/Docs/a (copy).txt', { fileid: 41 })]);
    await drag('a.txt', 'Docs', { ctrlKey: true });
    expect(ops).toEqual(['copy a.txt /Docs as a (copy 2).txt']);
    expect(getToasts().map((toast) => toast.message)).toEqual(['Files copied successfully']);
  });

  it('a drop moving onto a taken name asks the conflict dialog; keeping both moves under a numbered name', async () => {
    const { ops } = await setup(['/Docs'], [], [testNode('/Docs/a.txt', { fileid: 40, size: 10 })]);
    await drag('a.txt', 'Docs');
    const dialog = screen.getByRole('dialog', { name: '1 file conflict in Docs' });
    expect(ops).toEqual([]);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Select all existing files' }));
      fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Select all new files' }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    });
    await settle();
    await settle();
    expect(ops).toEqual(['move a.txt /Docs as a (1).txt']);
    expect(getToasts().map((toast) => toast.message)).toEqual(['Files moved successfully']);
  });
});
