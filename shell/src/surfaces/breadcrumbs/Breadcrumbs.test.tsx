/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { createAppStore } from '../../app/store';
import { routeChanged } from '../../model/navigation/navigationSlice';
import { createFakeServices, testFolder, testNode } from '../../test-support/fakeServices';
import { installDragEvent } from '../drag/installDragEvent';
import { renderShell, renderWithStore } from '../../test-support/renderShell';
import { Breadcrumbs } from './Breadcrumbs';
import { crumbsOf } from './crumbs';

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const crumbNames = () =>
  within(screen.getByRole('navigation', { name: 'Current directory path' }))
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label') ?? button.textContent);

describe('breadcrumbs', () => {
  it('splits a path into the root and each folder', () => {
    expect(crumbsOf('/')).toEqual([{ dir: '/', name: '' }]);
    expect(crumbsOf('/A/B c')).toEqual([
      { dir: '/', name: '' },
      { dir: '/A', name: 'A' },
      { dir: '/A/B c', name: 'B c' },
    ]);
  });

  it('shows the view name at the root, navigates up, and reloads the current folder on click', async () => {
    const { services, calls } = await createFakeServices({ folders: { '/': [testFolder('/A')], '/A': [testFolder('/A/B')], '/A/B': [] } });
    const { location } = await renderShell(services, '/files?dir=/A/B');
    await settle();
    expect(crumbNames()).toEqual(['All files', 'A', 'B']);
    const current = screen.getByRole('button', { name: 'B' });
    expect(current.getAttribute('aria-current')).toBe('page');
    await act(async () => {
      fireEvent.click(current);
    });
    await settle();
    expect(calls.listed).toEqual(['/A/B', '/A/B']);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'A' }));
    });
    await settle();
    expect(location.current?.search).toBe('?dir=/A');
    expect(calls.listed.at(-1)).toBe('/A');
  });

  it("ends a long folder name that does not fit with '…'", async () => {
    const long = 'a very long folder name for breadcrumbs';
    const { services } = await createFakeServices({ folders: { '/': [testFolder(`/${long}`)], [`/${long}`]: [] } });
    await renderShell(services, `/files?dir=/${long}`);
    await settle();
    const current = screen.getByRole('button', { name: long });
    // The label is the button's flex item: the ellipsis has to be its own, and it must be allowed to shrink.
    const label = within(current).getByText(long);
    expect(getComputedStyle(label).textOverflow).toBe('ellipsis');
    expect(getComputedStyle(label).overflow).toBe('hidden');
    expect(parseFloat(getComputedStyle(label).minWidth)).toBe(0);
  });

  it('keeps the root and the current folder under 512 px, and hides the root text under 486 px', async () => {
    const { services } = await createFakeServices();
    const store = createAppStore(services);
    store.dispatch(routeChanged({ view: 'files', dir: '/A/B/C', fileid: null, openfile: false }));
    const view = services.host.registries.views.get('files')!;
    const { rerender } = renderWithStore(
      <MemoryRouter>
        <Breadcrumbs view={view} width={500} />
      </MemoryRouter>,
      services,
      store,
    );
    expect(crumbNames()).toEqual(['All files', 'C']);
    rerender(
      <MemoryRouter>
        <Breadcrumbs view={view} width={480} />
      </MemoryRouter>,
    );
    const root = screen.getByRole('button', { name: 'All files' });
    expect(root.textContent).toBe('');
    rerender(
      <MemoryRouter>
        <Breadcrumbs view={view} width={800} />
      </MemoryRouter>,
    );
    expect(crumbNames()).toEqual(['All files', 'A', 'B', 'C']);
  });

  it('takes dragged rows: a drop on a crumb moves them into that folder; another button is refused', async () => {
    installDragEvent();
    const { services } = await createFakeServices({ folders: { '/': [testFolder('/A', { fileid: 5 })], '/A': [testNode('/A/x.txt', { fileid: 6 }), testFolder('/A/B', { fileid: 7 })], '/A/B': [] } });
    const moved: string[] = [];
    services.dav.move = (node, dir) => {
      moved.push(`${node.path} -> ${dir}`);
      return Promise.resolve();
    };
    const { store } = await renderShell(services, '/files');
    await settle();
    await act(async () => {
      store.dispatch(routeChanged({ view: 'files', dir: '/A', fileid: null, openfile: false }));
    });
    await settle();
    const rowOf = (name: string) => screen.getAllByRole('row').find((row) => row.querySelector('.files-name')?.textContent === name) as HTMLElement;
    const data = new Map<string, string>();
    const dataTransfer = { types: [] as string[], dropEffect: 'none', effectAllowed: 'all', setData: (type: string, value: string) => data.set(type, value), getData: (type: string) => data.get(type) ?? '', setDragImage() {} };
    const root = screen.getByRole('button', { name: 'All files' });
    let accepted = false;
    await act(async () => {
      fireEvent.dragStart(rowOf('x.txt'), { dataTransfer });
      accepted = !fireEvent.dragOver(root, { dataTransfer, button: 0 });
    });
    expect(accepted).toBe(true);
    expect(root.className).toContain('files-breadcrumbs__button--drop-target');
    await act(async () => {
      fireEvent.drop(root, { dataTransfer, button: 0 });
    });
    await settle();
    await settle();
    expect(moved).toEqual(['/A/x.txt -> /']);
    // Another button than the primary one is refused, as on rows (the rules are the shared canDrop).
    await act(async () => {
      fireEvent.dragStart(rowOf('x.txt'), { dataTransfer });
    });
    expect(fireEvent.dragOver(root, { dataTransfer, button: 2 })).toBe(true);
  });
});
