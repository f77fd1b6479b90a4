/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import type { ComponentType } from 'react';
import { createFakeServices } from '../test-support/fakeServices';
import { createDialogRequest } from './dialogRequest';
import type { Opened } from './dialogRequest';
import { ModalDialog } from './ModalDialog';
import { createOnDemandDialog } from './OnDemandDialog';
import { ServicesContext } from './ServicesContext';

type Props = { request: Opened<{ question: string }> };

/** A dialog code fetch the test finishes or fails itself, counting the fetches. */
function controlledLoad() {
  const calls = { count: 0 };
  let finish: (component: ComponentType<Props>) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const load = (): Promise<ComponentType<Props>> => {
    calls.count += 1;
    return new Promise((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  return { load, calls, finish: (component: ComponentType<Props>) => finish(component), fail: (error: Error) => fail(error) };
}

const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

/** A small dialog with a name field that takes the focus, as the New-folder dialog's does. */
function makeNameDialog(dialog: ReturnType<typeof createDialogRequest<{ question: string }, string | null>>): ComponentType<Props> {
  return function NameDialog({ request }: Props) {
    const field = useRef<HTMLInputElement>(null);
    return (
      <ModalDialog className="test" labelledBy="title" initialFocus={field} onCancel={() => dialog.cancel()}>
        <h2 id="title">{request.question}</h2>
        <input ref={field} aria-label="Name" />
        <button type="button">OK</button>
      </ModalDialog>
    );
  };
}

async function setup() {
  const { services } = await createFakeServices();
  const dialog = createDialogRequest<{ question: string }, string | null>(null);
  const chunk = controlledLoad();
  const Mount = createOnDemandDialog(dialog, chunk.load);
  render(
    <ServicesContext.Provider value={services}>
      <button type="button">New</button>
      <button type="button">Reload content</button>
      <Mount />
    </ServicesContext.Provider>,
  );
  const opener = screen.getByRole('button', { name: 'New' });
  opener.focus();
  return { dialog, chunk, Mount, opener };
}

describe('createOnDemandDialog', () => {
  it('holds the keyboard focus while the dialog code loads (a Tab goes nowhere), then the dialog takes it and gives it back to the opener', async () => {
    const { dialog, chunk, opener } = await setup();
    let answer: Promise<string | null> = Promise.resolve(null);
    await act(async () => {
      answer = dialog.ask({ question: 'Create new folder' });
    });
    // The code is still on its way: a stand-in holds the focus, not the page behind.
    const loading = screen.getByRole('progressbar', { name: 'Loading' });
    expect(document.activeElement).toBe(loading);
    const tab = fireEvent.keyDown(loading, { key: 'Tab' });
    expect(tab).toBe(false);
    expect(document.activeElement).toBe(loading);

    await act(async () => chunk.finish(makeNameDialog(dialog)));
    await flush();
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));

    await act(async () => fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' }));
    expect(await answer).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('shows the dialog at once, with no stand-in, when its code was preloaded; fetches the code once', async () => {
    const { dialog, chunk, Mount } = await setup();
    const preloaded = Mount.preload();
    await act(async () => chunk.finish(makeNameDialog(dialog)));
    await preloaded;
    act(() => {
      void dialog.ask({ question: 'Create new folder' });
    });
    // Synchronously after the ask's render: the dialog, focused, and no loading stand-in ever.
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    expect(chunk.calls.count).toBe(1);
    act(() => dialog.cancel());
  });

  it('Escape while loading cancels the request; a failed fetch cancels it too and is tried again on the next ask', async () => {
    const { dialog, chunk, opener } = await setup();
    let answer: Promise<string | null> = Promise.resolve('x');
    await act(async () => {
      answer = dialog.ask({ question: 'Create new folder' });
    });
    await act(async () => fireEvent.keyDown(screen.getByRole('progressbar', { name: 'Loading' }), { key: 'Escape' }));
    expect(await answer).toBeNull();
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).toBeNull();
    expect(document.activeElement).toBe(opener);

    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      answer = dialog.ask({ question: 'Create new folder' });
    });
    await act(async () => chunk.fail(new Error('ChunkLoadError')));
    await flush();
    expect(await answer).toBeNull();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();

    await act(async () => {
      answer = dialog.ask({ question: 'Create new folder' });
    });
    expect(chunk.calls.count).toBe(2);
    await act(async () => chunk.finish(makeNameDialog(dialog)));
    await flush();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
  });
});
