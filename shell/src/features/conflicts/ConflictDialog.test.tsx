/** @jest-environment jsdom */
import { afterEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { createFakeServices } from '../../test-support/fakeServices';
import { renderWithStore } from '../../test-support/renderShell';
import { ConflictDialog } from './ConflictDialog';
import { requestConflictResolution, resolveConflictRequest } from './conflictStore';
import type { ConflictAnswer } from './conflictStore';

async function open(mount = true) {
  const { services } = await createFakeServices();
  if (mount) renderWithStore(<ConflictDialog />, services);
  let answer: ConflictAnswer | undefined;
  await act(async () => {
    void requestConflictResolution({
      dirname: 'Docs',
      conflicts: [
        { name: 'a.txt', isFolder: false, existing: { size: 2048, mtime: Date.UTC(2026, 0, 2) }, incoming: { size: 10 } },
        { name: 'b.txt', isFolder: false, existing: {}, incoming: {} },
      ],
    }).then((value) => {
      answer = value;
    });
  });
  return { dialog: screen.getByRole('dialog', { name: '2 file conflicts in Docs' }), answer: () => answer };
}

const click = (element: HTMLElement) =>
  act(async () => {
    fireEvent.click(element);
  });

describe('the conflict dialog', () => {
  afterEach(() => act(() => resolveConflictRequest(null)));

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
    await click(within(dialog).getByRole('checkbox', { name: 'New version: a.txt' }));
    const all = within(dialog).getByRole('checkbox', { name: 'Select all new files' }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    await click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('You need to select at least one version of each file to continue.');
    expect(answer()).toBeUndefined();
    await click(within(dialog).getByRole('checkbox', { name: 'Select all existing files' }));
    await click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(answer()).toEqual([{ action: 'rename', name: 'a (1).txt' }, { action: 'skip' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("answers 'skipped' for 'Skip {count} files' and null for 'Cancel the entire operation' or Escape", async () => {
    const first = await open();
    await click(within(first.dialog).getByRole('button', { name: 'Skip 2 files' }));
    expect(first.answer()).toBe('skipped');
    const second = await open(false);
    await act(async () => {
      fireEvent.keyDown(second.dialog, { key: 'Escape' });
    });
    expect(second.answer()).toBeNull();
  });
});
