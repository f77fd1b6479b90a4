/** @jest-environment jsdom */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { activatePlugin, createFileListFilter, definePlugin } from '@cumulus/sdk';
import type { Node } from '@cumulus/sdk';
import { createFakeServices, testNode } from '../../test-support/fakeServices';
import { renderShell, stubLayout } from '../../test-support/renderShell';
import { filenameFilterChanged } from '../../model/filter/filterSlice';

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const names = () =>
  screen
    .getAllByRole('row')
    .filter((row) => row.hasAttribute('data-source'))
    .map((row) => row.querySelector('.files-name')?.textContent ?? '');

describe('the filter area', () => {
  let unstub: () => void;
  beforeAll(() => {
    unstub = stubLayout();
  });
  afterAll(() => unstub());

  it("applies a plugin's file-list filter, shows its chip, and removing the chip lets everything through again", async () => {
    const { services } = await createFakeServices({ folders: { '/': [testNode('/a.txt'), testNode('/b.png', { mime: 'image/png' })] } });
    let onlyImages = false;
    const filter = Object.assign(createFileListFilter('type'), {
      filter: (nodes: Node[]) => (onlyImages ? nodes.filter((node) => node.mime.startsWith('image/')) : nodes),
    });
    const setImages = (value: boolean) => {
      onlyImages = value;
      filter.updateChips(value ? [{ text: 'Images', onclick: () => setImages(false) }] : []);
      filter.filterUpdated();
    };
    await activatePlugin(services.host, definePlugin({ id: 'types', activate: (ctx) => void ctx.fileListFilters.register(filter) }));
    await renderShell(services, '/files');
    await settle();
    expect(names()).toEqual(['a.txt', 'b.png']);
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();

    await act(async () => setImages(true));
    expect(names()).toEqual(['b.png']);
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(within(chips).getByText('Images').closest('li')?.getAttribute('data-plugin-id')).toBe('types');

    await act(async () => {
      fireEvent.click(within(chips).getByRole('button', { name: 'Remove filter "Images"' }));
    });
    expect(names()).toEqual(['a.txt', 'b.png']);
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
  });

  it("shows the 'Filter filenames…' query as a chip that clears it", async () => {
    const { services } = await createFakeServices({ folders: { '/': [testNode('/report.pdf'), testNode('/photo.jpg')] } });
    const { store } = await renderShell(services, '/files');
    await settle();
    await act(async () => {
      store.dispatch(filenameFilterChanged('rep'));
    });
    expect(names()).toEqual(['report.pdf']);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove filter "rep"' }));
    });
    expect(store.getState().filter.filename).toBe('');
    expect(names()).toEqual(['photo.jpg', 'report.pdf']);
  });
});
