/** @jest-environment jsdom */
import { afterEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { activatePlugin, definePlugin } from '@cumulus/sdk';
import type { ConfirmOptions } from '@cumulus/sdk';
import { createFakeServices } from '../../test-support/fakeServices';
import { renderShell } from '../../test-support/renderShell';
import { clearToasts, getToasts } from '../toasts/toasts';
import { confirmDialog } from './confirmStore';

const toasts = () => getToasts().map((toast) => `${toast.type}: ${toast.message}`);

/**
 * The whole app with a plugin whose file-list action 'Empty it' asks `ctx.dialogs.confirm`
 * with `options` and counts the yeses.
 */
async function appWithAsker(options: ConfirmOptions) {
  const { services } = await createFakeServices();
  const answers: boolean[] = [];
  await activatePlugin(
    services.host,
    definePlugin({
      id: 'asker',
      activate(ctx) {
        ctx.fileListActions.register({
          id: 'empty-it',
          displayName: () => 'Empty it',
          exec: async () => {
            const yes = await ctx.dialogs.confirm(options);
            answers.push(yes);
            return yes ? true : null;
          },
        });
      },
    }),
  );
  await renderShell(services);
  const opener = await screen.findByRole('button', { name: 'Empty it' });
  const open = async () => {
    act(() => opener.focus());
    await act(async () => fireEvent.click(opener));
    return screen.findByRole('dialog', { name: options.title });
  };
  return { opener, open, answers };
}

const DESTRUCTIVE: ConfirmOptions = { title: 'Confirm permanent deletion', message: 'All of it goes for good.', confirmLabel: 'Empty it now', destructive: true };

describe("the shell's confirmation dialog (ctx.dialogs.confirm)", () => {
  afterEach(async () => {
    await act(async () => confirmDialog.cancel());
    act(() => clearToasts());
  });

  it('shows the title, the message, Cancel and the yes button, modal and described by the message', async () => {
    const { open } = await appWithAsker(DESTRUCTIVE);
    const dialog = await open();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe('All of it goes for good.');
    expect(within(dialog).getAllByRole('button').map((button) => button.textContent)).toEqual(['Cancel', 'Empty it now']);
    expect(within(dialog).getByRole('button', { name: 'Empty it now' }).className).toContain('files-button--destructive');
    // A destructive question starts on the safe answer.
    expect(document.activeElement?.textContent).toBe('Cancel');
  });

  it('Escape cancels: false, no toast, the focus back on the button that asked', async () => {
    const { open, opener, answers } = await appWithAsker(DESTRUCTIVE);
    const dialog = await open();
    await act(async () => fireEvent.keyDown(dialog, { key: 'Escape' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(answers).toEqual([false]));
    expect(document.activeElement).toBe(opener);
    expect(toasts()).toEqual([]);
  });

  it("'Cancel' answers false and the yes button true, each time with the focus back on the opener", async () => {
    const { open, opener, answers } = await appWithAsker(DESTRUCTIVE);
    await act(async () => fireEvent.click(within(await open()).getByRole('button', { name: 'Cancel' })));
    await waitFor(() => expect(answers).toEqual([false]));
    expect(document.activeElement).toBe(opener);
    await act(async () => fireEvent.click(within(await open()).getByRole('button', { name: 'Empty it now' })));
    await waitFor(() => expect(answers).toEqual([false, true]));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    await waitFor(() => expect(toasts()).toEqual(['success: "Empty it" action executed successfully']));
  });

  it('a question that destroys nothing starts on its yes button, shown as the primary one', async () => {
    const { open } = await appWithAsker({ title: 'Go on?', message: 'It takes a while.', confirmLabel: 'Go on' });
    const dialog = await open();
    const yes = within(dialog).getByRole('button', { name: 'Go on' });
    expect(yes.className).toContain('files-button--primary');
    expect(document.activeElement).toBe(yes);
  });
});
