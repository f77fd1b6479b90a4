/** @jest-environment jsdom */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { createFakeServices, testNode } from '../../test-support/fakeServices';
import { renderShell, stubLayout } from '../../test-support/renderShell';
import { clearToasts, getToasts } from '../../ui/toasts/toasts';

// Whole-app renders on a busy machine.
jest.setTimeout(30_000);

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)));

describe("the New menu's 'New folder'", () => {
  let unstub: () => void;
  beforeAll(() => {
    unstub = stubLayout();
  });
  afterAll(() => unstub());

  it('asks for a free name, checks it with the rename rules, creates the folder with MKCOL and shows it', async () => {
    const { services } = await createFakeServices({ folders: { '/': [testNode('/New folder', { type: 'folder' }), testNode('/notes.txt')] } });
    const created = testNode('/Projects', { type: 'folder', fileid: 77 });
    const createDirectory = jest.fn((_path: string) => Promise.resolve());
    services.dav.createDirectory = createDirectory;
    services.dav.stat = () => Promise.resolve(created);
    clearToasts();
    await renderShell(services, '/files');
    await settle();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'New' }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('menuitem', { name: 'New folder' }));
    });
    await settle();
    const dialog = await screen.findByRole('dialog', { name: 'Create new folder' });
    const field = within(dialog).getByRole('textbox', { name: 'Folder name' }) as HTMLInputElement;
    // 'New folder' is taken in this folder: the suggestion is made unique.
    expect(field.value).toBe('New folder (1)');
    const create = within(dialog).getByRole('button', { name: 'Create' }) as HTMLButtonElement;

    fireEvent.change(field, { target: { value: '   ' } });
    expect(within(dialog).getByRole('status').textContent).toBe('Can not create empty directory');
    expect(create.disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'a/b' } });
    expect(within(dialog).getByRole('status').textContent).toBe('"/" is not allowed inside a filename.');
    fireEvent.change(field, { target: { value: 'notes.txt' } });
    expect(within(dialog).getByRole('status').textContent).toBe('Another entry with the same name already exists.');
    expect(createDirectory).not.toHaveBeenCalled();

    fireEvent.change(field, { target: { value: '  Projects ' } });
    expect(create.disabled).toBe(false);
    await act(async () => {
      fireEvent.click(create);
    });
    await settle();
    expect(createDirectory).toHaveBeenCalledWith('/Projects');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(getToasts().map((toast) => toast.message)).toEqual(['Created new folder "\u2068Projects\u2069"']);
    // The created node shows in the list at once (files:node:created).
    expect(await screen.findByRole('row', { name: /Projects/ })).toBeTruthy();
  });

  it('Escape cancels without creating anything', async () => {
    const { services } = await createFakeServices({ folders: { '/': [] } });
    const createDirectory = jest.fn((_path: string) => Promise.resolve());
    services.dav.createDirectory = createDirectory;
    document.body.replaceChildren();
    await renderShell(services, '/files');
    await settle();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'New' }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('menuitem', { name: 'New folder' }));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Create new folder' });
    expect((within(dialog).getByRole('textbox', { name: 'Folder name' }) as HTMLInputElement).value).toBe('New folder');
    await act(async () => {
      fireEvent.keyDown(dialog, { key: 'Escape' });
    });
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(createDirectory).not.toHaveBeenCalled();
  });
});
