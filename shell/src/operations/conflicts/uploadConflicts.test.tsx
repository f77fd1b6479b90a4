/** @jest-environment jsdom */
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Node } from '@cumulus/sdk';
import type { ConflictDecision, ConflictRequest, IncomingConflict } from '../../lib/engine';
import { createFakeServices, testFolder, testNode } from '../../test-support/fakeServices';
import { renderWithStore } from '../../test-support/renderShell';
import { clearToasts, getToasts } from '../../ui/toasts/toasts';
import { createUploadDecisions } from '../upload-decisions';
import { ConflictDialog } from './ConflictDialog';
import { resolveConflictRequest } from './conflictStore';

const click = (element: HTMLElement) =>
  act(async () => {
    fireEvent.click(element);
  });
const toasts = () => getToasts().map((toast) => `${toast.type}: ${toast.message}`);
const incomingFile = (name: string, text = 'new'): IncomingConflict => {
  const file = new File([text], name, { type: 'text/plain', lastModified: Date.UTC(2026, 3, 5) });
  return { name, isFolder: false, size: file.size, lastModified: file.lastModified, file };
};
const incomingFolder = (name: string, size: number): IncomingConflict => ({ name, isFolder: true, size, lastModified: Date.UTC(2026, 3, 6) });

/** An engine request for one folder level: the incoming entries collide with `existing`, the folder holds `content`. */
function levelRequest(incoming: IncomingConflict[], existing: Node[], content: Node[], recursive = false, dirname = 'Docs'): ConflictRequest {
  return { destination: { source: 'https://cloud.test/remote.php/dav/files/alice/Docs', path: '/Docs' }, dirname, incoming, existing, content, recursive };
}

async function setup() {
  const { services } = await createFakeServices();
  renderWithStore(<ConflictDialog />, services);
  return createUploadDecisions(services.t);
}

async function ask(decisions: ReturnType<typeof createUploadDecisions>, request: ConflictRequest) {
  let decision: ConflictDecision | undefined;
  await act(async () => {
    void decisions.resolveConflicts(request).then((value) => {
      decision = value;
    });
  });
  return () => decision;
}

describe('upload conflicts through the conflict dialog (the engine\'s resolveConflicts)', () => {
  beforeAll(() => {
    URL.createObjectURL = () => 'blob:https://cloud.test/x';
    URL.revokeObjectURL = () => undefined;
  });
  afterEach(async () => {
    await act(async () => resolveConflictRequest(null));
    act(() => clearToasts());
  });

  const a = testNode('/Docs/a.txt', { fileid: 1, size: 2048, mtime: Date.UTC(2026, 0, 1) });
  const b = testNode('/Docs/b.txt', { fileid: 2, size: 10 });
  const bOne = testNode('/Docs/b (1).txt', { fileid: 3 });
  const photos = testFolder('/Docs/Photos', { fileid: 4 });

  it('shows each incoming file beside the existing node and answers a choice per name: keep existing, keep new, keep both', async () => {
    const decisions = await setup();
    const c = testNode('/Docs/c.txt', { fileid: 5 });
    const decision = await ask(
      decisions,
      levelRequest([incomingFile('a.txt'), incomingFile('b.txt'), incomingFile('c.txt')], [a, b, c], [a, b, bOne, c]),
    );
    const dialog = screen.getByRole('dialog', { name: '3 file conflicts in Docs' });
    expect(within(within(dialog).getByRole('row', { name: 'a.txt' })).getByText('2 KB')).toBeTruthy();
    expect(within(within(dialog).getByRole('row', { name: 'a.txt' })).getByText('3 B')).toBeTruthy();
    await click(within(dialog).getByRole('checkbox', { name: 'Existing version: a.txt' }));
    await click(within(dialog).getByRole('checkbox', { name: 'New version: b.txt' }));
    await click(within(dialog).getByRole('checkbox', { name: 'Existing version: c.txt' }));
    await click(within(dialog).getByRole('checkbox', { name: 'New version: c.txt' }));
    // Keeping both: the engine renames with the same helper; the dialog shows the name it will get.
    expect(within(within(dialog).getByRole('row', { name: 'c.txt' })).getByText('c (1).txt')).toBeTruthy();
    await click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(decision()).toEqual({ 'a.txt': 'keep-existing', 'b.txt': 'keep-new', 'c.txt': 'keep-both' });
    expect(toasts()).toEqual([]);
  });

  it('keeping both picks a number free in the existing content', async () => {
    const decisions = await setup();
    await ask(decisions, levelRequest([incomingFile('b.txt')], [b], [a, b, bOne]));
    const dialog = screen.getByRole('dialog', { name: '1 file conflict in Docs' });
    await click(within(dialog).getByRole('checkbox', { name: 'Select all checkboxes' }));
    expect(within(dialog).getByText('b (2).txt')).toBeTruthy();
  });

  it('an incoming folder kept merges (keep-new); below the destination the dialog says its conflicts are asked again', async () => {
    const decisions = await setup();
    const decision = await ask(decisions, levelRequest([incomingFolder('Photos', 4096)], [photos], [photos], true, 'Photos'));
    const dialog = screen.getByRole('dialog', { name: '1 file conflict in Photos' });
    expect(
      within(dialog).getByText('When an incoming folder is selected, its content is written into the existing folder and its conflicts are resolved the same way.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('4 KB')).toBeTruthy();
    await click(within(dialog).getByRole('checkbox', { name: 'Select all new files' }));
    await click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(decision()).toEqual({ Photos: 'keep-new' });
  });

  it('says at the top level too that an incoming folder kept has its own conflicts asked, as the engine does', async () => {
    const decisions = await setup();
    await ask(decisions, levelRequest([incomingFolder('Photos', 4096)], [photos], [photos], false));
    const dialog = screen.getByRole('dialog', { name: '1 file conflict in Docs' });
    expect(
      within(dialog).getByText('When an incoming folder is selected, its content is written into the existing folder and its conflicts are resolved the same way.'),
    ).toBeTruthy();
    expect(within(dialog).queryByText(/conflicting files within it are overwritten/)).toBeNull();
  });

  it("names the root 'Home' in the title: the engine's folder name of / is empty", async () => {
    const decisions = await setup();
    await ask(decisions, levelRequest([incomingFile('a.txt')], [a], [a], false, ''));
    expect(screen.getByRole('dialog', { name: '1 file conflict in Home' })).toBeTruthy();
  });

  it("'Skip this file' answers no choice (every entry keeps the existing version) and toasts 'Conflicts resolution skipped'", async () => {
    const decisions = await setup();
    const decision = await ask(decisions, levelRequest([incomingFile('a.txt')], [a], [a]));
    await click(screen.getByRole('button', { name: 'Skip this file' }));
    expect(decision()).toEqual({});
    expect(toasts()).toEqual(['info: Conflicts resolution skipped']);
  });

  it("'Cancel the entire operation' and Escape answer 'cancel' and toast 'Upload cancelled'", async () => {
    const decisions = await setup();
    const cancelled = await ask(decisions, levelRequest([incomingFile('a.txt')], [a], [a]));
    await click(screen.getByRole('button', { name: 'Cancel the entire operation' }));
    expect(cancelled()).toBe('cancel');
    const escaped = await ask(decisions, levelRequest([incomingFile('a.txt')], [a], [a]));
    await act(async () => {
      fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    });
    expect(escaped()).toBe('cancel');
    expect(toasts()).toEqual(['info: Upload cancelled', 'info: Upload cancelled']);
  });

  it('asks folder levels one at a time, in order: a second ask waits and never cancels the open one', async () => {
    const decisions = await setup();
    const first = await ask(decisions, levelRequest([incomingFile('a.txt')], [a], [a], false, 'Docs'));
    const second = await ask(decisions, levelRequest([incomingFile('b.txt')], [b], [b], true, 'Sub'));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: '1 file conflict in Docs' })).toBeTruthy();
    await click(screen.getByRole('checkbox', { name: 'New version: a.txt' }));
    await click(screen.getByRole('button', { name: 'Continue' }));
    expect(first()).toEqual({ 'a.txt': 'keep-new' });
    expect(second()).toBeUndefined();
    await act(async () => undefined);
    const next = screen.getByRole('dialog', { name: '1 file conflict in Sub' });
    await click(within(next).getByRole('checkbox', { name: 'Existing version: b.txt' }));
    await click(within(next).getByRole('button', { name: 'Continue' }));
    expect(second()).toEqual({ 'b.txt': 'keep-existing' });
  });

  it("closes silently when the upload is cancelled elsewhere (the request's signal); a queued level then never opens", async () => {
    const decisions = await setup();
    const batch = new AbortController();
    const open = await ask(decisions, { ...levelRequest([incomingFile('a.txt')], [a], [a]), signal: batch.signal } as ConflictRequest);
    const queued = await ask(decisions, { ...levelRequest([incomingFile('b.txt')], [b], [b], true, 'Sub'), signal: batch.signal } as ConflictRequest);
    expect(screen.getByRole('dialog', { name: '1 file conflict in Docs' })).toBeTruthy();
    await act(async () => batch.abort());
    await act(async () => undefined);
    expect(open()).toBe('cancel');
    expect(queued()).toBe('cancel');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toasts()).toEqual([]);
  });
});
