/** @jest-environment jsdom */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen } from '@testing-library/react';
import { Permission } from '@cumulus/sdk';
import { DRAG_NOTICE_MS } from '../../lib/engine';
import { createAppStore } from '../../app/store';
import { createFakeServices, testFolder } from '../../test-support/fakeServices';
import { renderWithStore } from '../../test-support/renderShell';
import { draggingStarted } from '../../model/drag/dragSlice';
import { installDragEvent } from './installDragEvent';
import { folderLoaded } from '../../model/base/folderActions';
import { routeChanged } from '../../model/navigation/navigationSlice';
import { clearToasts, getToasts } from '../../ui/toasts/toasts';
import { DropNotice } from './DropNotice';

const files = { types: ['Files'], files: [] as File[] };

async function setup(permissions: number = Permission.ALL, { listed = true } = {}) {
  const { services } = await createFakeServices();
  const store = createAppStore(services);
  store.dispatch(routeChanged({ view: 'files', dir: '/', fileid: null, openfile: false }));
  if (listed) store.dispatch(folderLoaded({ view: 'files', dir: '/', folder: testFolder('/', { permissions }), contents: [] }));
  renderWithStore(
    <main data-testid="content">
      <DropNotice />
      <p data-testid="inside">list</p>
    </main>,
    services,
    store,
  );
  return { store, content: screen.getByTestId('content') };
}

installDragEvent();

describe('DropNotice', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows while desktop files are dragged over the content and hides 3000 ms after the last drag movement', async () => {
    jest.useFakeTimers();
    await setup();
    expect(screen.queryByText('Drop your files to upload')).toBeNull();
    const accepted = !fireEvent.dragOver(screen.getByTestId('inside'), { dataTransfer: files });
    expect(accepted).toBe(true);
    expect(screen.getByText('Drop your files to upload')).toBeTruthy();
    expect(DRAG_NOTICE_MS).toBe(3000);
    act(() => jest.advanceTimersByTime(2999));
    expect(screen.queryByText('Drop your files to upload')).not.toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Drop your files to upload')).toBeNull();
  });

  it("hides when the drag leaves the content or drops (the drop is kept from the browser); a drop without files says 'No files to process'", async () => {
    const { content } = await setup();
    fireEvent.dragOver(content, { dataTransfer: files });
    fireEvent.dragLeave(content, { dataTransfer: files, relatedTarget: screen.getByTestId('inside') });
    expect(screen.queryByText('Drop your files to upload')).not.toBeNull();
    fireEvent.dragLeave(content, { dataTransfer: files, relatedTarget: document.body });
    expect(screen.queryByText('Drop your files to upload')).toBeNull();
    fireEvent.dragOver(content, { dataTransfer: files });
    clearToasts();
    expect(fireEvent.drop(content, { dataTransfer: files })).toBe(false);
    expect(screen.queryByText('Drop your files to upload')).toBeNull();
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(getToasts().map((toast) => toast.message)).toEqual(['No files to process']);
  });

  it("takes a drop that comes before the folder's listing, for the folder the route names", async () => {
    const { content } = await setup(Permission.ALL, { listed: false });
    clearToasts();
    fireEvent.dragOver(content, { dataTransfer: files });
    expect(fireEvent.drop(content, { dataTransfer: files })).toBe(false);
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(getToasts().map((toast) => toast.message)).toEqual(['No files to process']);
  });

  it('says why the folder refuses uploads, and ignores rows dragged inside the list', async () => {
    const { store, content } = await setup(Permission.READ);
    fireEvent.dragOver(content, { dataTransfer: files });
    expect(screen.getByText('You don’t have permission to upload or create files here')).toBeTruthy();
    fireEvent.dragLeave(content, { dataTransfer: files, relatedTarget: null });
    store.dispatch(draggingStarted(['x']));
    expect(fireEvent.dragOver(content, { dataTransfer: { types: ['application/x-cumulus-nodes'] } })).toBe(true);
    expect(screen.queryByRole('status')?.textContent).toBe('');
  });
});
