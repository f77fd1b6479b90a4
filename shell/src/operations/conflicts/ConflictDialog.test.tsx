/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { createFakeServices, testFolder, testNode } from '../../test-support/fakeServices';
import { renderWithStore } from '../../test-support/renderShell';
import { ConflictDialog } from './ConflictDialog';
import { requestConflictResolution, resolveConflictRequest } from './conflictStore';
import type { ConflictAnswer, ConflictRequest } from './conflictStore';
import { versionOfFile, versionOfNode } from './versions';

const TWO_FILES: ConflictRequest = {
  dirname: 'Docs',
  conflicts: [
    { name: 'a.txt', isFolder: false, existing: { size: 2048, mtime: Date.UTC(2026, 0, 2) }, incoming: { size: 10 } },
    { name: 'b.txt', isFolder: false, existing: {}, incoming: {} },
  ],
};

async function open(request: ConflictRequest = TWO_FILES, mount = true) {
  const { services } = await createFakeServices();
  if (mount) renderWithStore(<ConflictDialog />, services);
  let answer: ConflictAnswer | undefined;
  await act(async () => {
    void requestConflictResolution(request).then((value) => {
      answer = value;
    });
  });
  const dialog = screen.getByRole('dialog');
  return { dialog, answer: () => answer };
}

const click = (element: HTMLElement) =>
  act(async () => {
    fireEvent.click(element);
  });
const checkbox = (dialog: HTMLElement, name: string) => within(dialog).getByRole('checkbox', { name }) as HTMLInputElement;

describe('the conflict dialog', () => {
  afterEach(() => act(() => resolveConflictRequest(null)));

  it('is a labelled modal dialog: "{count} file conflict in {dirname}" with the plural of i18next', async () => {
    const { dialog } = await open();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('dialog', { name: '2 file conflicts in Docs' })).toBe(dialog);
    await act(() => resolveConflictRequest(null));
    await open({ dirname: 'Home', conflicts: [TWO_FILES.conflicts[0]!] }, false);
    expect(screen.getByRole('dialog', { name: '1 file conflict in Home' })).toBeTruthy();
  });

  it("shows each version's size and date, 'Unknown size' and 'Last modified date unknown' when missing", async () => {
    const { dialog } = await open();
    expect(within(dialog).getByText('Which files do you want to keep?')).toBeTruthy();
    expect(within(dialog).getByText('2 KB')).toBeTruthy();
    expect(within(dialog).getAllByText('Unknown size')).toHaveLength(2);
    expect(within(dialog).getAllByText('Last modified date unknown')).toHaveLength(3);
    expect(within(dialog).getByRole('columnheader', { name: /Existing version/ })).toBeTruthy();
    expect(within(dialog).getByRole('columnheader', { name: /New version/ })).toBeTruthy();
  });

  it("refuses to continue until each file has a version: 'You need to select at least one version of each file to continue.'", async () => {
    const { dialog, answer } = await open();
    await click(checkbox(dialog, 'New version: a.txt'));
    expect(checkbox(dialog, 'Select all new files').indeterminate).toBe(true);
    expect(checkbox(dialog, 'Select all checkboxes').indeterminate).toBe(true);
    await click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('You need to select at least one version of each file to continue.');
    expect(within(dialog).getByRole('button', { name: 'Continue' }).getAttribute('aria-describedby')).toBe(within(dialog).getByRole('alert').id);
    expect(answer()).toBeUndefined();
    // A change of the ticks takes the refusal away.
    await click(checkbox(dialog, 'Select all existing files'));
    expect(within(dialog).getByRole('alert').textContent).toBe('');
    await click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(answer()).toEqual([{ action: 'rename', name: 'a (1).txt' }, { action: 'skip' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("'Select all existing files' keeps every existing version: each file is skipped", async () => {
    const { dialog, answer } = await open();
    await click(checkbox(dialog, 'Select all existing files'));
    expect(checkbox(dialog, 'Existing version: a.txt').checked).toBe(true);
    expect(checkbox(dialog, 'Existing version: b.txt').checked).toBe(true);
    expect(checkbox(dialog, 'New version: a.txt').checked).toBe(false);
    await click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(answer()).toEqual([{ action: 'skip' }, { action: 'skip' }]);
  });

  it("'Select all new files' keeps every new version: a file overwrites, a folder merges", async () => {
    const { dialog, answer } = await open({
      dirname: 'Docs',
      conflicts: [
        { name: 'a.txt', isFolder: false, existing: {}, incoming: {} },
        { name: 'Photos', isFolder: true, existing: {}, incoming: {} },
      ],
    });
    await click(checkbox(dialog, 'Select all new files'));
    expect(checkbox(dialog, 'Select all new files').checked).toBe(true);
    await click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(answer()).toEqual([
      { action: 'overwrite', name: 'a.txt' },
      { action: 'merge', name: 'Photos' },
    ]);
  });

  it("'Select all checkboxes' keeps both versions of everything: numbered names, free among the existing content and each other ('Rename')", async () => {
    const { dialog, answer } = await open({
      dirname: 'Docs',
      conflicts: [
        { name: 'a.txt', isFolder: false, existing: {}, incoming: {} },
        { name: 'a (1).txt', isFolder: false, existing: {}, incoming: {} },
        { name: 'Photos.2024', isFolder: true, existing: {}, incoming: {} },
      ],
      existingNames: ['a.txt', 'a (1).txt', 'a (2).txt', 'Photos.2024'],
    });
    await click(checkbox(dialog, 'Select all checkboxes'));
    for (const name of ['Select all existing files', 'Select all new files', 'Select all checkboxes']) expect(checkbox(dialog, name).checked).toBe(true);
    // Each row says the name its incoming item gets.
    expect(within(within(dialog).getByRole('row', { name: 'a.txt' })).getByText('a (3).txt')).toBeTruthy();
    expect(within(dialog).getAllByText(/^Rename/)).toHaveLength(3);
    await click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(answer()).toEqual([
      { action: 'rename', name: 'a (3).txt' },
      { action: 'rename', name: 'a (1) (1).txt' },
      { action: 'rename', name: 'Photos.2024 (1)' },
    ]);
  });

  it("unticking 'Select all checkboxes' clears both columns", async () => {
    const { dialog } = await open();
    await click(checkbox(dialog, 'Select all checkboxes'));
    await click(checkbox(dialog, 'Select all checkboxes'));
    expect(within(dialog).getAllByRole('checkbox').every((box) => !(box as HTMLInputElement).checked)).toBe(true);
  });

  it("answers 'skipped' for 'Skip this file' / 'Skip {count} files' and null for 'Cancel the entire operation' or Escape", async () => {
    const first = await open();
    await click(within(first.dialog).getByRole('button', { name: 'Skip 2 files' }));
    expect(first.answer()).toBe('skipped');
    const single = await open({ dirname: 'Docs', conflicts: [TWO_FILES.conflicts[0]!] }, false);
    await click(within(single.dialog).getByRole('button', { name: 'Skip this file' }));
    expect(single.answer()).toBe('skipped');
    const cancelled = await open(TWO_FILES, false);
    await click(within(cancelled.dialog).getByRole('button', { name: 'Cancel the entire operation' }));
    expect(cancelled.answer()).toBeNull();
    const escaped = await open(TWO_FILES, false);
    await act(async () => {
      fireEvent.keyDown(checkbox(escaped.dialog, 'New version: b.txt'), { key: 'Escape' });
    });
    expect(escaped.answer()).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the keyboard inside: focus starts on the first checkbox, Tab from the last button wraps to it', async () => {
    const { dialog } = await open();
    const first = checkbox(dialog, 'Select all checkboxes');
    expect(document.activeElement).toBe(first);
    const buttons = within(dialog).getAllByRole('button');
    const last = buttons[buttons.length - 1]!;
    expect(last.textContent).toBe('Continue');
    last.focus();
    await act(async () => {
      fireEvent.keyDown(last, { key: 'Tab' });
    });
    expect(document.activeElement).toBe(first);
    // Every choice is a native checkbox: Space toggles it, Tab reaches it.
    expect(within(dialog).getAllByRole('checkbox').every((box) => box.tagName === 'INPUT' && !box.hasAttribute('tabindex'))).toBe(true);
  });

  it.each([
    [true, 'When an incoming folder is selected, its content is written into the existing folder and its conflicts are resolved the same way.'],
    [false, 'When an incoming folder is selected, it is merged into the existing folder and any conflicting files within it are overwritten.'],
  ])('with a folder in conflict and recursive %s, says what keeping the incoming folder does', async (recursive, note) => {
    const { dialog } = await open({ dirname: 'Docs', conflicts: [{ name: 'Photos', isFolder: true, existing: {}, incoming: {} }], recursive });
    expect(within(dialog).getByText(note)).toBeTruthy();
    expect(dialog.getAttribute('aria-describedby')).toBe(within(dialog).getByText(note).id);
  });
});

describe('previews in the conflict dialog', () => {
  let created: Blob[];
  let revoked: string[];
  beforeEach(() => {
    created = [];
    revoked = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      created.push(blob);
      return `blob:https://cloud.test/${created.length}`;
    });
    URL.revokeObjectURL = jest.fn((url: string) => {
      revoked.push(url);
    });
  });
  afterEach(() => act(() => resolveConflictRequest(null)));

  it("shows the server's preview of the existing file and an object URL of the new image ('Preview image'), revoked on close", async () => {
    const existing = testNode('/Docs/photo.jpg', { fileid: 42, size: 3000, mtime: Date.UTC(2026, 1, 3), mime: 'image/jpeg', attributes: { etag: 'abcdef123' } });
    const file = new File(['new pixels'], 'photo.jpg', { type: 'image/jpeg', lastModified: Date.UTC(2026, 2, 4) });
    const { dialog } = await open({
      dirname: 'Docs',
      conflicts: [{ name: 'photo.jpg', isFolder: false, existing: versionOfNode(existing), incoming: versionOfFile(file) }],
    });
    const [serverPreview, localPreview] = within(dialog).getAllByRole('img', { name: 'Preview image' }) as HTMLImageElement[];
    expect(serverPreview?.getAttribute('src')).toBe('/core/preview?fileId=42&x=128&y=128&mimeFallback=true&v=abcdef&a=0');
    expect(localPreview?.getAttribute('src')).toBe('blob:https://cloud.test/1');
    expect(created).toEqual([file]);
    expect(within(dialog).getByText('10 B')).toBeTruthy();
    await act(() => resolveConflictRequest(null));
    expect(revoked).toEqual(['blob:https://cloud.test/1']);
  });

  it('shows an icon, not an image, for a folder, a file that is no image and a preview that fails to load', async () => {
    const { dialog } = await open({
      dirname: 'Docs',
      conflicts: [
        { name: 'Photos', isFolder: true, existing: versionOfNode(testFolder('/Docs/Photos', { fileid: 7 })), incoming: versionOfFile({ size: 5, lastModified: 0 }) },
        {
          name: 'notes.txt',
          isFolder: false,
          existing: { previewUrl: '/core/preview?fileId=8' },
          incoming: versionOfFile(new File(['text'], 'notes.txt', { type: 'text/plain' })),
        },
      ],
    });
    expect(created).toEqual([]);
    const images = within(dialog).getAllByRole('img', { name: 'Preview image' });
    expect(images).toHaveLength(1);
    await act(async () => {
      fireEvent.error(images[0]!);
    });
    expect(within(dialog).queryAllByRole('img', { name: 'Preview image' })).toHaveLength(0);
  });
});
