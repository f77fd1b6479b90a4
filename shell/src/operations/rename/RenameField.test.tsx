/** @jest-environment jsdom */
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Node } from '@cumulus/sdk';
import { createFakeServices, httpError, testFolder, testNode } from '../../test-support/fakeServices';
import { renderShell, stubLayout } from '../../test-support/renderShell';
import { clearToasts, getToasts } from '../../ui/toasts/toasts';
import { stopRename } from '../../model/rename/renameStore';

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const contents = (dir = '') => [testNode(`${dir}/notes.txt`, { fileid: 11 }), testNode(`${dir}/other.txt`, { fileid: 12 }), testFolder(`${dir}/Docs`, { fileid: 13 })];
const row = (name: string) => screen.getAllByRole('row').find((candidate) => candidate.getAttribute('data-source')?.endsWith(`/${name}`)) as HTMLElement;
const toasts = () => getToasts().map((toast) => `${toast.type}: ${toast.message}`);

/** Opens the rename field of `name` in the folder `dir` ('' for the root). */
async function startRenaming(name: string, rename: (node: Node, newName: string) => Promise<void>, dir = '') {
  const { services } = await createFakeServices({ folders: { '/': [...contents(), testFolder('/Work', { fileid: 14 })], '/Work': contents('/Work') } });
  const calls: [string, string][] = [];
  services.dav.rename = (node, newName) => {
    calls.push([node.basename, newName]);
    return rename(node, newName);
  };
  const shell = await renderShell(services, dir === '' ? '/files' : `/files?dir=${dir}`);
  await settle();
  await act(async () => {
    fireEvent.click(within(row(name)).getByRole('button', { name: `Actions for ${name}` }));
  });
  await act(async () => {
    fireEvent.click(screen.getByRole('menuitem', { name: 'Rename' }));
  });
  await settle();
  return { ...shell, calls, field: () => within(row(name)).getByRole('textbox', { name: 'Filename' }) as HTMLInputElement };
}

describe('inline rename', () => {
  let unstub: () => void;
  beforeAll(() => {
    unstub = stubLayout();
  });
  afterAll(() => unstub());
  afterEach(async () => {
    // Closing an open field is leaving it: let what that submits settle before the next test.
    act(() => stopRename());
    await settle();
    act(() => clearToasts());
  });

  it('opens a field in place of the name with the stem selected, and validates live', async () => {
    const { field } = await startRenaming('notes.txt', () => Promise.resolve());
    const input = field();
    expect(input.value).toBe('notes.txt');
    expect(document.activeElement).toBe(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 5]);
    const message = () => document.getElementById(input.getAttribute('aria-describedby') as string)?.textContent;
    fireEvent.change(input, { target: { value: '   ' } });
    expect(message()).toBe('Invalid filename. Filename must not be empty.');
    expect(input.validationMessage).toBe('Invalid filename. Filename must not be empty.');
    expect(input.form?.noValidate).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: 'a/b' } });
    expect(message()).toBe('Invalid filename. "/" is not allowed inside a filename.');
    fireEvent.change(input, { target: { value: 'other.txt' } });
    expect(message()).toBe('Another entry with the same name already exists.');
    fireEvent.change(input, { target: { value: 'x.part' } });
    expect(message()).toBe('Invalid filename. ".part" is not an allowed filetype.');
    fireEvent.change(input, { target: { value: 'fine.txt' } });
    expect(message()).toBe('');
    expect(input.getAttribute('aria-invalid')).toBe('false');
  });

  it('puts the old name back when Enter submits an invalid one, and submits the trimmed name with Escape', async () => {
    const { field, calls } = await startRenaming('notes.txt', () => Promise.resolve());
    fireEvent.change(field(), { target: { value: 'other.txt' } });
    await act(async () => {
      fireEvent.submit(field());
    });
    expect(field().value).toBe('notes.txt');
    expect(document.activeElement).toBe(field());
    expect([field().selectionStart, field().selectionEnd]).toEqual([0, 5]);
    expect(calls).toEqual([]);
    expect(toasts()).toEqual(['error: Another entry with the same name already exists.']);
    act(() => clearToasts());
    fireEvent.change(field(), { target: { value: '  renamed.txt ' } });
    await act(async () => {
      fireEvent.keyDown(field(), { key: 'Escape' });
    });
    await settle();
    expect(calls).toEqual([['notes.txt', 'renamed.txt']]);
    expect(row('renamed.txt')).toBeTruthy();
    expect(toasts()).toEqual(['success: Renamed "\u2068notes.txt\u2069" to "\u2068renamed.txt\u2069"']);
  });

  /**
   * The ways out of the field, in the folder /Work: Escape, a blur (a click outside or Tab), and going
   * to another folder by its breadcrumb without a blur (the field goes away with its row).
   */
  const exits: [string, (field: HTMLInputElement) => void][] = [
    ['Escape', (field) => fireEvent.keyDown(field, { key: 'Escape' })],
    ['a click outside or Tab', (field) => fireEvent.blur(field)],
    ['navigation', () => fireEvent.click(screen.getByRole('button', { name: 'All files' }))],
  ];
  const leave = async (exit: (field: HTMLInputElement) => void, field: HTMLInputElement) => {
    await act(async () => exit(field));
    await settle();
  };

  it.each(exits)('%s with a valid new name renames', async (_exit, exit) => {
    const { field, calls } = await startRenaming('notes.txt', () => Promise.resolve(), '/Work');
    fireEvent.change(field(), { target: { value: 'fresh.txt' } });
    await leave(exit, field());
    expect(calls).toEqual([['notes.txt', 'fresh.txt']]);
    expect(toasts()).toEqual(['success: Renamed "\u2068notes.txt\u2069" to "\u2068fresh.txt\u2069"']);
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it.each(exits)('%s with the name unchanged closes the field and renames nothing', async (_exit, exit) => {
    const { field, calls } = await startRenaming('notes.txt', () => Promise.resolve(), '/Work');
    fireEvent.change(field(), { target: { value: 'note' } });
    fireEvent.change(field(), { target: { value: ' notes.txt' } });
    await leave(exit, field());
    expect(calls).toEqual([]);
    expect(toasts()).toEqual([]);
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  const invalidExits = exits.slice(0, 2).flatMap(([exit, run]) => ['other.txt', 'bad/name', '   '].map((name) => [exit, JSON.stringify(name), run, name] as const));
  it.each(invalidExits)('%s with the invalid name %s puts the old name back; leaving again closes with nothing renamed', async (_exit, _shown, exit, invalid) => {
    const { field, calls } = await startRenaming('notes.txt', () => Promise.resolve(), '/Work');
    fireEvent.change(field(), { target: { value: invalid } });
    await leave(exit, field());
    const reopened = field();
    expect(reopened.value).toBe('notes.txt');
    expect(reopened.getAttribute('aria-invalid')).toBe('false');
    expect(toasts()).toHaveLength(1);
    await leave(exit, reopened);
    expect(within(row('notes.txt')).queryByRole('textbox')).toBeNull();
    expect(calls).toEqual([]);
    expect(toasts()).toHaveLength(1);
  });

  it('navigation with an invalid name renames nothing, says why, and leaves no field to come back to', async () => {
    const { field, calls, location } = await startRenaming('notes.txt', () => Promise.resolve(), '/Work');
    fireEvent.change(field(), { target: { value: 'bad/name' } });
    await leave(exits[2]![1], field());
    expect(location.current?.search).toBe('?dir=/');
    expect(calls).toEqual([]);
    expect(toasts()).toEqual(['error: Invalid filename. "/" is not allowed inside a filename.']);
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('closes without a request when the name is unchanged (leaving the field submits)', async () => {
    const { field, calls } = await startRenaming('notes.txt', () => Promise.resolve());
    await act(async () => {
      fireEvent.blur(field());
    });
    expect(within(row('notes.txt')).queryByRole('textbox')).toBeNull();
    expect(calls).toEqual([]);
    expect(toasts()).toEqual([]);
  });

  it('gives the focus back to the row when Escape or Enter closes the field', async () => {
    const { field } = await startRenaming('notes.txt', () => Promise.resolve());
    await act(async () => {
      fireEvent.keyDown(field(), { key: 'Escape' });
    });
    expect(within(row('notes.txt')).queryByRole('textbox')).toBeNull();
    expect(document.activeElement).toBe(row('notes.txt'));
  });

  it.each([
    [412, 'The name "\u2068taken.txt\u2069" is already used in the folder "\u2068/\u2069". Please choose a different name.', true],
    [500, 'Could not rename "\u2068notes.txt\u2069"', true],
    [404, 'Could not rename "\u2068notes.txt\u2069", it does not exist any more', false],
  ])('on a %i the old name stays, the toast says why, and the field re-opens holding it (unless gone)', async (status, message, reopens) => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { field, calls } = await startRenaming('notes.txt', () => Promise.reject(httpError(status)));
    fireEvent.change(field(), { target: { value: 'taken.txt' } });
    await act(async () => {
      fireEvent.submit(field());
    });
    await settle();
    expect(toasts()).toEqual([`error: ${message}`]);
    expect(row('notes.txt')).toBeTruthy();
    const reopened = within(row('notes.txt')).queryByRole('textbox', { name: 'Filename' }) as HTMLInputElement | null;
    expect(reopened?.value).toBe(reopens ? 'notes.txt' : undefined);
    // Leaving the re-opened field again closes it with nothing more tried.
    if (reopened !== null) {
      await act(async () => {
        fireEvent.blur(reopened);
      });
      expect(within(row('notes.txt')).queryByRole('textbox')).toBeNull();
    }
    expect(calls).toEqual([['notes.txt', 'taken.txt']]);
    error.mockRestore();
  });
  it('shows its message over the next row: the row being renamed is not clipped and paints above its neighbours', async () => {
    const { field } = await startRenaming('notes.txt', () => Promise.resolve());
    fireEvent.change(field(), { target: { value: 'other.txt' } });
    const message = document.getElementById(field().getAttribute('aria-describedby') as string) as HTMLElement;
    expect(message.textContent).toBe('Another entry with the same name already exists.');
    // Every cell clips its content, and each virtual row stacks on its own: without this the message is invisible.
    const nameCell = message.closest('[role="gridcell"]') as HTMLElement;
    expect(getComputedStyle(nameCell).overflow).toBe('visible');
    expect(getComputedStyle(row('notes.txt')).zIndex).toBe('1');
    expect(getComputedStyle(within(row('other.txt')).getAllByRole('gridcell')[1] as HTMLElement).overflow).toBe('hidden');
    expect(getComputedStyle(row('other.txt')).zIndex).not.toBe('1');
    act(() => stopRename());
    expect(getComputedStyle(within(row('notes.txt')).getAllByRole('gridcell')[1] as HTMLElement).overflow).toBe('hidden');
  });

  it('lifts the grid row of a cell being renamed above the next grid row', async () => {
    const { services } = await createFakeServices({ folders: { '/': contents() } });
    await renderShell(services, '/files');
    await settle();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Switch to grid view' }));
    });
    const cell = () => screen.getAllByRole('gridcell').find((candidate) => candidate.getAttribute('data-source')?.endsWith('/notes.txt')) as HTMLElement;
    await act(async () => {
      fireEvent.click(within(cell()).getByRole('button', { name: 'Actions for notes.txt' }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('menuitem', { name: 'Rename' }));
    });
    await settle();
    const gridRow = cell().closest('.files-grid-row') as HTMLElement;
    expect(within(cell()).getByRole('textbox', { name: 'Filename' })).toBeTruthy();
    expect(getComputedStyle(gridRow).zIndex).toBe('1');
    act(() => stopRename());
    expect(getComputedStyle(cell().closest('.files-grid-row') as HTMLElement).zIndex).not.toBe('1');
  });
});
