/** @jest-environment jsdom */
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Permission } from '@cumulus/sdk';
import type { Node } from '@cumulus/sdk';
import { createFakeServices, httpError, testFolder, testNode } from '../../test-support/fakeServices';
import { renderShell, stubLayout } from '../../test-support/renderShell';
import { clearToasts, getToasts } from '../../ui/toasts/toasts';
import { runBatchAction } from '../actions/runBatchAction';
import { resolveConflictRequest } from '../conflicts/conflictStore';
import { MOVE_COPY_ACTION_ID } from './moveCopyAction';
import { moveCopyErrorMessage } from './moveCopyError';
import { resolvePicker } from './pickerStore';

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const row = (name: string) => screen.getAllByRole('row').find((candidate) => candidate.getAttribute('data-source')?.endsWith(`/${name}`)) as HTMLElement;
const toasts = () => getToasts().map((toast) => `${toast.type}: ${toast.message}`);
const click = (element: HTMLElement) =>
  act(async () => {
    fireEvent.click(element);
  });

async function openPicker(name: string, options: { readOnlyTarget?: boolean; fileInit?: Partial<Node> } = {}) {
  const file = testNode('/a.txt', { fileid: 11, ...options.fileInit });
  const docs = testFolder('/Docs', { fileid: 12, permissions: options.readOnlyTarget ? Permission.READ : Permission.ALL });
  const { services } = await createFakeServices({
    folders: { '/': [file, docs, testFolder('/Empty', { fileid: 14 })], '/Docs': [testNode('/Docs/a.txt', { fileid: 13 })], '/Empty': [] },
  });
  const moved: string[] = [];
  const copied: string[] = [];
  services.dav.move = (node, dir) => {
    moved.push(`${node.path} -> ${dir}`);
    return Promise.resolve();
  };
  services.dav.copy = (node, dir, copyOptions) => {
    copied.push(`${node.path} -> ${dir} as ${copyOptions?.newName ?? node.basename}`);
    return Promise.resolve();
  };
  const shell = await renderShell(services, '/files');
  await settle();
  await click(within(row(name)).getByRole('button', { name: `Actions for ${name}` }));
  await click(screen.getByRole('menuitem', { name: /Move|Copy/ }));
  await settle();
  return { ...shell, services, moved, copied, dialog: () => screen.getByRole('dialog', { name: 'Choose destination' }) };
}

describe('move or copy', () => {
  let unstub: () => void;
  beforeAll(() => {
    unstub = stubLayout();
  });
  afterAll(() => unstub());
  afterEach(async () => {
    act(() => resolvePicker(null));
    act(() => resolveConflictRequest(null));
    // The cancelled action toasts after a tick: let it, then clear.
    await settle();
    act(() => clearToasts());
  });

  it('opens a modal picker in the current folder, refusing the folder the file is in for a move, and copies there under a copy name', async () => {
    const { dialog, copied } = await openPicker('a.txt');
    expect(dialog().getAttribute('aria-modal')).toBe('true');
    expect(within(dialog()).getByRole('button', { name: 'Home' }).getAttribute('aria-current')).toBe('location');
    expect(within(dialog()).getByRole('status').textContent).toBe('This file/folder is already in that directory');
    expect((within(dialog()).getByRole('button', { name: 'Move' }) as HTMLButtonElement).disabled).toBe(true);
    await click(within(dialog()).getByRole('button', { name: 'Copy' }));
    await settle();
    expect(copied).toEqual(['/a.txt -> / as a (copy).txt']);
    expect(toasts()).toEqual(['success: "Move or copy" action executed successfully']);
  });

  it("browses into a folder (breadcrumbs follow) and moves there with 'Move to {target}'", async () => {
    const { dialog, moved } = await openPicker('a.txt');
    await click(within(dialog()).getByRole('button', { name: 'Empty' }));
    await settle();
    expect(within(within(dialog()).getByRole('navigation', { name: 'Folder path' })).getAllByRole('button').map((b) => b.textContent || b.getAttribute('aria-label'))).toEqual(['Home', 'Empty']);
    expect(within(dialog()).getByText('No folders in here')).toBeTruthy();
    await click(within(dialog()).getByRole('button', { name: 'Move to Empty' }));
    await settle();
    expect(moved).toEqual(['/a.txt -> /Empty']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refuses moving a folder into itself, and allows copy only into a folder with create permission', async () => {
    const { dialog } = await openPicker('Docs', { readOnlyTarget: false });
    await click(within(dialog()).getByRole('button', { name: 'Docs' }));
    await settle();
    expect(within(dialog()).getByRole('status').textContent).toBe('You cannot move a file/folder onto itself or into a subfolder of itself');
    expect((within(dialog()).getByRole('button', { name: 'Move to Docs' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog()).getByRole('button', { name: 'Copy to Docs' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("reports a 412 as 'A file or folder with that name already exists in this folder' and keeps the file", async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { dialog, services } = await openPicker('a.txt');
    // The name was free when the picker listed the folder, and taken by the time the MOVE arrived.
    services.dav.move = () => Promise.reject(httpError(412));
    await click(within(dialog()).getByRole('button', { name: 'Empty' }));
    await settle();
    await click(within(dialog()).getByRole('button', { name: 'Move to Empty' }));
    await settle();
    expect(toasts()).toEqual(['error: A file or folder with that name already exists in this folder']);
    expect(row('a.txt')).toBeTruthy();
    error.mockRestore();
  });

  it("closing the picker of one node toasts 'Cancelled move or copy of \"{filename}\".'; Escape closes it", async () => {
    const { dialog } = await openPicker('a.txt');
    await act(async () => {
      fireEvent.keyDown(dialog(), { key: 'Escape' });
    });
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toasts()).toEqual(['info: Cancelled move or copy of "\u2068a.txt\u2069".']);
  });

  it("closing the picker of several nodes toasts 'Cancelled move or copy operation'", async () => {
    const { services } = await createFakeServices({ folders: { '/': [testNode('/a.txt', { fileid: 11 }), testNode('/b.txt', { fileid: 12 })] } });
    const { store } = await renderShell(services, '/files');
    await settle();
    const sources = [testNode('/a.txt').source, testNode('/b.txt').source];
    const run = store.dispatch(runBatchAction({ actionId: MOVE_COPY_ACTION_ID, sources }));
    await settle();
    act(() => resolvePicker(null));
    await act(async () => {
      await run;
    });
    expect(toasts()).toEqual(['info: Cancelled move or copy operation']);
  });

  it("copies into another folder that holds the name under a free '(copy)' name", async () => {
    const { dialog, copied } = await openPicker('a.txt');
    await click(within(dialog()).getByRole('button', { name: 'Docs' }));
    await settle();
    await click(within(dialog()).getByRole('button', { name: 'Copy to Docs' }));
    await settle();
    expect(copied).toEqual(['/a.txt -> /Docs as a (copy).txt']);
  });

  it('moving onto a taken name opens the conflict dialog: keeping the new version overwrites', async () => {
    const { dialog, services } = await openPicker('a.txt');
    const moves: string[] = [];
    services.dav.move = (node, dir, options) => {
      moves.push(`${node.path} -> ${dir} overwrite ${String(options?.overwrite)}${options?.newName ? ` as ${options.newName}` : ''}`);
      return Promise.resolve();
    };
    await click(within(dialog()).getByRole('button', { name: 'Docs' }));
    await settle();
    await click(within(dialog()).getByRole('button', { name: 'Move to Docs' }));
    await settle();
    const conflicts = screen.getByRole('dialog', { name: '1 file conflict in Docs' });
    expect(within(conflicts).getByText('Which files do you want to keep?')).toBeTruthy();
    expect(moves).toEqual([]);
    await click(within(conflicts).getByRole('checkbox', { name: 'New version: a.txt' }));
    await click(within(conflicts).getByRole('button', { name: 'Continue' }));
    await settle();
    expect(moves).toEqual(['/a.txt -> /Docs overwrite true']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    ['Cancel the entire operation', 'info: Move cancelled'],
    ['Skip this file', 'info: Conflicts resolution skipped'],
  ])("choosing '%s' in the conflict dialog moves nothing and toasts '%s'", async (button, toast) => {
    const { dialog, services } = await openPicker('a.txt');
    const moves: string[] = [];
    services.dav.move = (node) => {
      moves.push(node.path);
      return Promise.resolve();
    };
    await click(within(dialog()).getByRole('button', { name: 'Docs' }));
    await settle();
    await click(within(dialog()).getByRole('button', { name: 'Move to Docs' }));
    await settle();
    await click(screen.getByRole('button', { name: button }));
    await settle();
    expect(moves).toEqual([]);
    expect(toasts()).toEqual([toast]);
    expect(row('a.txt')).toBeTruthy();
  });

  it("offers only 'Copy' for a node without delete permission", async () => {
    const { dialog } = await openPicker('a.txt', { fileInit: { permissions: Permission.READ } });
    expect(within(dialog()).queryByRole('button', { name: /^Move/ })).toBeNull();
    expect(within(dialog()).getByRole('button', { name: 'Copy' })).toBeTruthy();
  });

  it('maps failures to the spec messages', () => {
    const t = (key: string) => key;
    expect(moveCopyErrorMessage(httpError(412), t)).toBe('A file or folder with that name already exists in this folder');
    expect(moveCopyErrorMessage(httpError(423), t)).toBe('The files are locked');
    expect(moveCopyErrorMessage(httpError(404), t)).toBe('The file does not exist anymore');
    expect(moveCopyErrorMessage(httpError(500), t)).toBe('Move or copy operation failed');
    expect(moveCopyErrorMessage(new Error('Network down'), t)).toBe('Network down');
    expect(moveCopyErrorMessage('?', t)).toBe('Move or copy operation failed');
  });
});
