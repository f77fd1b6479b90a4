/** @jest-environment jsdom */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen } from '@testing-library/react';
import type { View } from '@cumulus/sdk';
import { createFakeServices, testFolder } from '../../test-support/fakeServices';
import { renderShell, stubLayout } from '../../test-support/renderShell';
import { loadConfigs } from '../../model/config/configThunks';

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const ICON = '<svg xmlns="http://www.w3.org/2000/svg"/>';
const getContents = () => Promise.resolve({ folder: testFolder('/'), contents: [] });

describe('the view tree', () => {
  let unstub: () => void;
  beforeAll(() => {
    unstub = stubLayout();
  });
  afterAll(() => unstub());

  it('loads the lazy children of a view saved as expanded once, without a click', async () => {
    const { services } = await createFakeServices({ viewConfigs: { tags: { expanded: true } } });
    const { views } = services.host.registries;
    const loadChildViews = jest.fn(async (parent: View) => {
      views.register({ id: 'tag-red', name: 'Red', icon: ICON, parent: parent.id, getContents });
    });
    views.register({ id: 'tags', name: 'Tags', icon: ICON, loadChildViews, getContents });
    const { store } = await renderShell(services, '/files');
    await act(async () => {
      await store.dispatch(loadConfigs());
    });
    await settle();
    expect(loadChildViews).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('treeitem', { name: 'Red' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Collapse Tags' })).toBeTruthy();

    // Collapsing and expanding again does not load a second time.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Collapse Tags' }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Expand Tags' }));
    });
    await settle();
    expect(loadChildViews).toHaveBeenCalledTimes(1);
  });

  it('loads the children of a view that declares itself expanded, and of a collapsed one on its first expansion', async () => {
    const { services } = await createFakeServices();
    const { views } = services.host.registries;
    const openLoad = jest.fn(() => Promise.resolve());
    const closedLoad = jest.fn(() => Promise.resolve());
    views.register({ id: 'open', name: 'Open', icon: ICON, expanded: true, loadChildViews: openLoad, getContents });
    views.register({ id: 'closed', name: 'Closed', icon: ICON, loadChildViews: closedLoad, getContents });
    await renderShell(services, '/files');
    await settle();
    expect(openLoad).toHaveBeenCalledTimes(1);
    expect(closedLoad).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Expand Closed' }));
    });
    await settle();
    expect(closedLoad).toHaveBeenCalledTimes(1);
  });

  it('pins sticky views outside the scrolling list, above the navigation footer', async () => {
    const { services } = await createFakeServices();
    services.host.registries.views.register({ id: 'trash', name: 'Deleted files', icon: ICON, sticky: true, getContents });
    const { container } = await renderShell(services, '/files');
    await settle();
    const pinned = screen.getByRole('tree', { name: 'Pinned views' });
    expect(pinned.textContent).toContain('Deleted files');
    expect(screen.getByRole('tree', { name: 'Views' }).textContent).not.toContain('Deleted files');
    expect(pinned.closest('.files-nav__views')).toBeNull();
    expect(pinned.nextElementSibling).toBe(container.querySelector('.files-nav__footer'));
  });
});
