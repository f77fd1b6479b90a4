/** @jest-environment jsdom */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen } from '@testing-library/react';
import { coreConfigLoaded } from '../../model/config/coreConfigSlice';
import { createFakeServices, testFolder, testNode } from '../../test-support/fakeServices';
import { renderShell, stubLayout } from '../../test-support/renderShell';

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('the files header', () => {
  let unstub: () => void;
  beforeAll(() => {
    unstub = stubLayout();
  });
  afterAll(() => unstub());

  it('toggles the grid, saved as grid_view, and the list shows as a grid', async () => {
    const { services, calls } = await createFakeServices({ folders: { '/': [testNode('/a.txt'), testFolder('/Docs')] } });
    const { container } = await renderShell(services, '/files');
    await settle();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Switch to grid view' }));
    });
    expect(calls.userConfig).toEqual([['grid_view', true]]);
    expect(container.querySelector('.files-list')?.getAttribute('data-layout')).toBe('grid');
    expect(screen.getByRole('button', { name: 'Switch to list view' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('has no grid toggle and no grid when enable_non-accessible_features is false (product §2)', async () => {
    const { services } = await createFakeServices({ folders: { '/': [testNode('/a.txt')] }, userConfig: { grid_view: true } });
    const { store, container } = await renderShell(services, '/files');
    await act(async () => {
      store.dispatch(coreConfigLoaded({ enableNonAccessibleFeatures: false }));
    });
    await settle();
    expect(screen.queryByRole('button', { name: /Switch to (grid|list) view/ })).toBeNull();
    expect(container.querySelector('.files-list')?.getAttribute('data-layout')).toBe('list');
  });

  it('shows the heading and document title of a sub-folder, and a reload action', async () => {
    const { services, calls } = await createFakeServices({ folders: { '/': [testFolder('/Docs')], '/Docs': [testNode('/Docs/a.txt')] } });
    await renderShell(services, '/files?dir=/Docs');
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Docs - All files');
    // The folder's name isolated (U+2068 … U+2069): it keeps its own direction in a right-to-left title.
    expect(document.title).toBe('\u2068Docs\u2069 - All files - Cumulus Files');
    const before = calls.listed.length;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Reload content' }));
    });
    await settle();
    expect(calls.listed.slice(before)).toEqual(['/Docs']);
  });
});
