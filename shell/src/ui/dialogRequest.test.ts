import { describe, expect, it } from '@jest/globals';
import { createDialogRequest } from './dialogRequest';

describe('createDialogRequest', () => {
  it('opens with a request, numbered, and resolves to the answer given', async () => {
    const dialog = createDialogRequest<{ question: string }, string | null>(null);
    expect(dialog.current()).toBeNull();
    const answer = dialog.ask({ question: 'keep?' });
    expect(dialog.current()).toMatchObject({ question: 'keep?', id: expect.any(Number) });
    dialog.answer('yes');
    await expect(answer).resolves.toBe('yes');
    expect(dialog.current()).toBeNull();
  });

  it('cancels an open request when a newer one comes, which gets a new id', async () => {
    const dialog = createDialogRequest<{ question: string }, string | null>(null);
    const first = dialog.ask({ question: 'one' });
    const firstId = dialog.current()?.id;
    const second = dialog.ask({ question: 'two' });
    await expect(first).resolves.toBeNull();
    expect(dialog.current()).toMatchObject({ question: 'two' });
    expect(dialog.current()?.id).not.toBe(firstId);
    dialog.answer('done');
    await expect(second).resolves.toBe('done');
  });

  it('ignores an answer when nothing is open', () => {
    const dialog = createDialogRequest<{ question: string }, string | null>(null);
    expect(() => dialog.answer('late')).not.toThrow();
    expect(dialog.current()).toBeNull();
  });

  it('cancel answers the open request with the cancelled value', async () => {
    const dialog = createDialogRequest<{ question: string }, string | null>(null);
    const answer = dialog.ask({ question: 'keep?' });
    dialog.cancel();
    await expect(answer).resolves.toBeNull();
    expect(dialog.current()).toBeNull();
  });

  it('closes with the cancelled value when the asking operation aborts, and never opens for an aborted one', async () => {
    const dialog = createDialogRequest<{ question: string }, string | null>(null);
    const controller = new AbortController();
    const answer = dialog.ask({ question: 'keep?' }, controller.signal);
    expect(dialog.current()).toMatchObject({ question: 'keep?' });
    controller.abort();
    await expect(answer).resolves.toBeNull();
    expect(dialog.current()).toBeNull();
    await expect(dialog.ask({ question: 'again?' }, controller.signal)).resolves.toBeNull();
    expect(dialog.current()).toBeNull();
  });

  it("an abort after the request was answered or replaced leaves the open one alone", async () => {
    const dialog = createDialogRequest<{ question: string }, string | null>(null);
    const controller = new AbortController();
    const first = dialog.ask({ question: 'one' }, controller.signal);
    const second = dialog.ask({ question: 'two' });
    await expect(first).resolves.toBeNull();
    controller.abort();
    expect(dialog.current()).toMatchObject({ question: 'two' });
    dialog.answer('kept');
    await expect(second).resolves.toBe('kept');
  });
});
