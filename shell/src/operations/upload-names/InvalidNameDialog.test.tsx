/** @jest-environment jsdom */
import { afterEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { checkFilename } from '../../lib/engine';
import type { FilenameRules, InvalidFilenameError, InvalidNameDecision, InvalidNameRequest } from '../../lib/engine';
import { createFakeServices } from '../../test-support/fakeServices';
import { renderWithStore } from '../../test-support/renderShell';
import { clearToasts, getToasts } from '../../ui/toasts/toasts';
import { createUploadDecisions } from '../upload-decisions';
import { InvalidNameDialog } from './InvalidNameDialog';
import { invalidNameDialog } from './invalidNameStore';

const toasts = () => getToasts().map((toast) => `${toast.type}: ${toast.message}`);
const click = (element: HTMLElement) =>
  act(async () => {
    fireEvent.click(element);
  });
const type = (element: HTMLElement, value: string) =>
  act(async () => {
    fireEvent.change(element, { target: { value } });
  });

/** The engine's request for `name`, refused by the default rules (or `rules`). */
function request(name: string, options: { isFolder?: boolean; siblings?: string[]; rules?: FilenameRules } = {}): InvalidNameRequest {
  const error = checkFilename(name, options.rules) as InvalidFilenameError;
  expect(error).not.toBeNull();
  return { name, path: `/${name}`, isFolder: options.isFolder ?? false, error, siblings: options.siblings ?? [] };
}

async function open(req: InvalidNameRequest, forbiddenCharacters = ['/', '\\']) {
  const { services } = await createFakeServices();
  services.api.getCapabilities = () => Promise.resolve({ raw: {}, forbiddenCharacters, undelete: true });
  renderWithStore(<InvalidNameDialog />, services);
  const decisions = createUploadDecisions(services.t);
  let decision: InvalidNameDecision | undefined;
  await act(async () => {
    void decisions.resolveInvalidName(req).then((value) => {
      decision = value;
    });
  });
  // The filename rules arrive.
  await act(async () => undefined);
  const dialog = screen.getByRole('dialog');
  return { dialog, field: within(dialog).getByRole('textbox', { name: 'New name' }) as HTMLInputElement, decision: () => decision, decisions };
}

describe('the invalid-filename dialog of uploads', () => {
  afterEach(async () => {
    await act(async () => invalidNameDialog.cancel());
    act(() => clearToasts());
  });

  it.each<[string, FilenameRules, string]>([
    ['a:b.txt', { forbiddenCharacters: [':'] }, '":" is not allowed inside a file or folder name.'],
    ['.htaccess', {}, '".htaccess" is a forbidden file or folder name.'],
    ['movie.part', {}, '".part" is a forbidden file type.'],
    ['notes~', { forbiddenExtensions: ['~'] }, 'Filenames must not end with "~".'],
  ])('"%s": the dialog is titled with the upload wording of product §5', async (name, rules, message) => {
    const { dialog } = await open(request(name, { rules }), [...(rules.forbiddenCharacters ?? ['/', '\\'])]);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('dialog', { name: message })).toBe(dialog);
    expect(within(dialog).getByText(name)).toBeTruthy();
  });

  it('starts with the name as it is, focused, the refused part selected', async () => {
    const { field } = await open(request('movie.part'));
    expect(field.value).toBe('movie.part');
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([5, 10]);
  });

  it('checks the new name as it is typed, with the server’s rules, and refuses to rename while it is invalid', async () => {
    const { dialog, field, decision } = await open(request('a:b.txt', { rules: { forbiddenCharacters: [':'] } }), [':']);
    const alert = within(dialog).getByRole('alert');
    expect(alert.textContent).toBe('":" is not allowed inside a file or folder name.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await type(field, '   ');
    expect(alert.textContent).toBe('Filename must not be empty.');
    await type(field, 'x.filepart');
    expect(alert.textContent).toBe('".filepart" is a forbidden file type.');
    await click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(decision()).toBeUndefined();
    expect(document.activeElement).toBe(field);
    await type(field, '  a-b.txt ');
    expect(alert.textContent).toBe('');
    expect(field.getAttribute('aria-invalid')).toBe('false');
    await click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(decision()).toBe('a-b.txt');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toasts()).toEqual([]);
  });

  it('makes the new name unique among the siblings and says so before renaming', async () => {
    const { dialog, field, decision } = await open(request('photo.part', { siblings: ['photo.jpg', 'photo (1).jpg'] }));
    await type(field, 'photo.jpg');
    // The name in a <bdi>: isolated from the interface's direction.
    expect(dialog.querySelector('.files-upload-name__unique')?.textContent).toBe('It will be uploaded as "photo (2).jpg".');
    expect(dialog.querySelector('.files-upload-name__unique bdi')?.textContent).toBe('photo (2).jpg');
    await act(async () => {
      fireEvent.submit(field.form as HTMLFormElement);
    });
    expect(decision()).toBe('photo (2).jpg');
  });

  it('a folder gets its number at the very end', async () => {
    const { field, decision } = await open(request('Holiday.part', { isFolder: true, siblings: ['Holiday.2024'] }));
    await type(field, 'Holiday.2024');
    await click(screen.getByRole('button', { name: 'Rename' }));
    expect(decision()).toBe('Holiday.2024 (1)');
  });

  it("'Skip this file' skips the file: 'Upload has been skipped'", async () => {
    const { dialog, decision } = await open(request('.htaccess'));
    await click(within(dialog).getByRole('button', { name: 'Skip this file' }));
    expect(decision()).toBe('skip');
    expect(toasts()).toEqual(['info: Upload has been skipped']);
  });

  it("'Skip this folder' and Escape skip a folder: 'Upload of \"{folder}\" has been skipped'", async () => {
    const first = await open(request('Backup.part', { isFolder: true }));
    await click(within(first.dialog).getByRole('button', { name: 'Skip this folder' }));
    expect(first.decision()).toBe('skip');
    let second: InvalidNameDecision | undefined;
    await act(async () => {
      void first.decisions.resolveInvalidName(request('Old.part', { isFolder: true })).then((value) => {
        second = value;
      });
    });
    await act(async () => {
      fireEvent.keyDown(screen.getByRole('textbox', { name: 'New name' }), { key: 'Escape' });
    });
    expect(second).toBe('skip');
    expect(toasts()).toEqual(['info: Upload of "\u2068Backup.part\u2069" has been skipped', 'info: Upload of "\u2068Old.part\u2069" has been skipped']);
  });

  it('keeps the keyboard inside the dialog', async () => {
    const { dialog, field } = await open(request('.htaccess'));
    const rename = within(dialog).getByRole('button', { name: 'Rename' });
    rename.focus();
    await act(async () => {
      fireEvent.keyDown(rename, { key: 'Tab' });
    });
    expect(document.activeElement).toBe(field);
  });

  it("closes silently, skipping, when the upload is cancelled elsewhere (the request's signal)", async () => {
    const batch = new AbortController();
    const { decision } = await open({ ...request('.htaccess'), signal: batch.signal } as InvalidNameRequest);
    await act(async () => batch.abort());
    expect(decision()).toBe('skip');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toasts()).toEqual([]);
  });
});
