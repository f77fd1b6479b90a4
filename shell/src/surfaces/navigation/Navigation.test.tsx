/** @jest-environment jsdom */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen } from '@testing-library/react';
import { createFakeServices, testFolder } from '../../test-support/fakeServices';
import { renderShell, stubLayout } from '../../test-support/renderShell';
import { routeChanged } from '../../model/navigation/navigationSlice';

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

/** A window as narrow as a phone for `(max-width: 520px)`. */
function narrowWindow(): () => void {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    matches: query.includes('max-width: 520px'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}

describe('the navigation toggle on narrow screens', () => {
  let undo: (() => void)[] = [];
  beforeAll(() => {
    undo = [stubLayout(), narrowWindow()];
  });
  afterAll(() => undo.forEach((fn) => fn()));

  it('opens the navigation as a modal overlay, keeps focus in it, and Escape closes it back to the toggle', async () => {
    const { services } = await createFakeServices({ folders: { '/': [testFolder('/Docs')] } });
    const { container } = await renderShell(services, '/files');
    await settle();
    const toggle = screen.getByRole('button', { name: 'Open navigation' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe('files-navigation');

    await act(async () => {
      fireEvent.click(toggle);
    });
    const overlay = screen.getByRole('dialog', { name: 'Files' });
    expect(overlay.id).toBe('files-navigation');
    expect(overlay.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('button', { name: 'Close navigation' }).getAttribute('aria-expanded')).toBe('true');
    expect(overlay.contains(document.activeElement)).toBe(true);
    expect(container.querySelector('.files-nav-backdrop')).not.toBeNull();

    await act(async () => {
      fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open navigation' }));
  });

  it('closes when the user goes to another view or folder, and on the backdrop', async () => {
    const { services } = await createFakeServices({ folders: { '/': [], '/Docs': [] } });
    const { store, container } = await renderShell(services, '/files');
    await settle();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    });
    await act(async () => {
      store.dispatch(routeChanged({ view: 'files', dir: '/Docs', fileid: null, openfile: false }));
    });
    expect(store.getState().appNavigation.open).toBe(false);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    });
    await act(async () => {
      fireEvent.click(container.querySelector('.files-nav-backdrop') as Element);
    });
    expect(store.getState().appNavigation.open).toBe(false);
  });
});
