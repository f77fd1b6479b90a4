/** @jest-environment jsdom */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { DavListing } from '../../services/dav/davService';
import { createFakeServices, httpError, testFolder, testNode } from '../../test-support/fakeServices';
import { renderShell, stubLayout } from '../../test-support/renderShell';
import { setUserConfig } from '../../model/config/configThunks';
import { filenameFilterChanged } from '../../model/filter/filterSlice';
import { routeChanged } from '../../model/navigation/navigationSlice';
import { pluginsSettled } from '../../model/views/viewsSlice';

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

/** The names of the rows in display order. */
function rowNames(): string[] {
  return screen
    .getAllByRole('row')
    .filter((row) => row.hasAttribute('data-source'))
    .map((row) => row.querySelector('.files-name')?.textContent ?? '');
}

/** The row showing `name`. */
function rowOf(name: string): HTMLElement {
  const row = screen.getAllByRole('row').find((candidate) => candidate.hasAttribute('data-source') && candidate.querySelector('.files-name')?.textContent === name);
  if (row === undefined) throw new Error(`No row "${name}"`);
  return row;
}

const folderContents = () => [
  testNode('/file 10.txt', { size: 2048, mtime: Date.now() - 3600e3 }),
  testNode('/file 2.txt', { size: 10, mtime: Date.now() - 60e3 }),
  testFolder('/Zeta'),
  testNode('/pending.bin', { size: -1 }),
  testNode('/.hidden'),
  testFolder('/alpha'),
];

describe('the file list', () => {
  let unstub: () => void;
  beforeAll(() => {
    unstub = stubLayout();
  });
  afterAll(() => unstub());

  it('shows the folder sorted naturally with folders first, hidden files left out, sizes and Pending', async () => {
    const { services } = await createFakeServices({ folders: { '/': folderContents() } });
    await renderShell(services, '/files');
    await settle();
    expect(rowNames()).toEqual(['alpha', 'Zeta', 'file 2.txt', 'file 10.txt', 'pending.bin']);
    const pending = screen.getAllByRole('row').find((row) => row.textContent?.includes('pending.bin'));
    expect(within(pending as HTMLElement).getByText('Pending')).toBeTruthy();
    const ten = screen.getAllByRole('row').find((row) => row.textContent?.includes('file 10.txt'));
    expect(within(ten as HTMLElement).getByText('2 KB')).toBeTruthy();
    expect(screen.getByText('3 files and 2 folders')).toBeTruthy();
  });

  it('sorts by a column on click, toggles on a second click, and saves the view config', async () => {
    const { services, calls } = await createFakeServices({ folders: { '/': folderContents() } });
    await renderShell(services, '/files');
    await settle();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Size' }));
    });
    expect(rowNames()).toEqual(['alpha', 'Zeta', 'file 2.txt', 'file 10.txt', 'pending.bin']);
    expect(screen.getByRole('columnheader', { name: 'Size' }).getAttribute('aria-sort')).toBe('ascending');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Size' }));
    });
    // Folders stay first; unknown sizes tie and fall back to the name, reversed too.
    expect(rowNames()).toEqual(['Zeta', 'alpha', 'file 10.txt', 'file 2.txt', 'pending.bin']);
    expect(screen.getByRole('columnheader', { name: 'Size' }).getAttribute('aria-sort')).toBe('descending');
    expect(calls.viewConfig).toEqual([
      ['files', 'sorting_mode', 'size'],
      ['files', 'sorting_direction', 'asc'],
      ['files', 'sorting_mode', 'size'],
      ['files', 'sorting_direction', 'desc'],
    ]);
  });

  it('selects all, and shows the header checkbox as indeterminate when only some are selected', async () => {
    const { services } = await createFakeServices({ folders: { '/': folderContents() } });
    const { store } = await renderShell(services, '/files');
    await settle();
    const all = screen.getByRole('checkbox', { name: 'Toggle selection for all files and folders' }) as HTMLInputElement;
    fireEvent.click(screen.getByRole('checkbox', { name: 'Toggle selection for file "alpha"' }));
    expect(all.indeterminate).toBe(true);
    expect(all.checked).toBe(false);
    fireEvent.click(all);
    expect(store.getState().selection.sources).toHaveLength(5);
    expect(all.indeterminate).toBe(false);
    expect(all.checked).toBe(true);
    fireEvent.click(all);
    expect(store.getState().selection.sources).toEqual([]);
  });

  it('selects the range between the last selected row and a shift-clicked one', async () => {
    const { services } = await createFakeServices({ folders: { '/': folderContents() } });
    const { store } = await renderShell(services, '/files');
    await settle();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Toggle selection for file "Zeta"' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Toggle selection for file "file 10.txt"' }), { shiftKey: true });
    const names = store.getState().selection.sources.map((source) => decodeURIComponent(source.split('/').pop() ?? ''));
    expect(names).toEqual(['Zeta', 'file 2.txt', 'file 10.txt']);
  });

  it('shows the empty state with the spec texts, and Go back below the root', async () => {
    const { services } = await createFakeServices({ folders: { '/': [], '/Empty': [] } });
    const { location } = await renderShell(services, '/files?dir=/Empty');
    await settle();
    expect(screen.getByRole('heading', { name: 'No files in here' })).toBeTruthy();
    expect(screen.getByText('Upload some content or sync with your devices!')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Go back' }));
    });
    await settle();
    expect(location.current?.search).toBe('?dir=/');
    expect(screen.queryByRole('button', { name: 'Go back' })).toBeNull();
  });

  it("shows a view's own empty title and caption", async () => {
    const { services } = await createFakeServices();
    services.host.registries.views.register({
      id: 'quiet',
      name: 'Quiet',
      icon: '<svg xmlns="http://www.w3.org/2000/svg"/>',
      emptyTitle: 'Nothing here yet',
      emptyCaption: 'Come back later',
      getContents: () => Promise.resolve({ folder: testFolder('/'), contents: [] }),
    });
    await renderShell(services, '/quiet');
    await settle();
    expect(screen.getByRole('heading', { name: 'Nothing here yet' })).toBeTruthy();
    expect(screen.getByText('Come back later')).toBeTruthy();
  });

  it('shows the load failure message by status with Retry, which lists again', async () => {
    let status = 403;
    const failing = async (): Promise<DavListing> => {
      if (status !== 0) throw httpError(status);
      return { folder: testFolder('/Locked'), contents: [testNode('/Locked/ok.txt')] };
    };
    const { services } = await createFakeServices({ folders: { '/Locked': failing } });
    await renderShell(services, '/files?dir=/Locked');
    await settle();
    expect(screen.getByRole('heading', { name: 'This operation is forbidden' })).toBeTruthy();
    status = 0;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    await settle();
    expect(rowNames()).toEqual(['ok.txt']);
  });

  it("says 'Folder not found' for a missing folder and 'File not found' for a file id not in the list", async () => {
    const { services } = await createFakeServices({ folders: { '/': [testNode('/a.txt', { fileid: 3 })] } });
    await renderShell(services, '/files?dir=/nope');
    await settle();
    expect(screen.getByRole('heading', { name: 'Folder not found' })).toBeTruthy();

    const second = await createFakeServices({ folders: { '/': [testNode('/a.txt', { fileid: 3 })] } });
    document.body.replaceChildren();
    await renderShell(second.services, '/files/99?dir=/');
    await settle();
    expect(screen.getByText('File not found').getAttribute('role')).toBe('alert');

    // A listed file that show_hidden leaves out is not 'not found'.
    const third = await createFakeServices({ folders: { '/': [testNode('/a.txt', { fileid: 3 }), testNode('/.env', { fileid: 4 })] } });
    document.body.replaceChildren();
    await renderShell(third.services, '/files/4?dir=/');
    await settle();
    expect(rowNames()).toEqual(['a.txt']);
    expect(screen.queryByText('File not found')).toBeNull();
  });

  it('shows hidden files at once when show_hidden is switched on, and hides them again', async () => {
    const { services } = await createFakeServices({ folders: { '/': [testNode('/a.txt'), testNode('/.env'), testFolder('/.config')] } });
    const { store } = await renderShell(services, '/files');
    await settle();
    expect(rowNames()).toEqual(['a.txt']);
    await act(async () => {
      await store.dispatch(setUserConfig({ key: 'show_hidden', value: true }));
    });
    await settle();
    expect(rowNames()).toEqual(['.config', '.env', 'a.txt']);
    await act(async () => {
      await store.dispatch(setUserConfig({ key: 'show_hidden', value: false }));
    });
    await settle();
    expect(rowNames()).toEqual(['a.txt']);
  });

  it("shows 'Folder not found' with Retry and a heading for a view no plugin registered, instead of loading forever", async () => {
    const { services } = await createFakeServices();
    const { store } = await renderShell(services, '/nope');
    expect(screen.getByText('Loading current folder')).toBeTruthy();
    await act(async () => {
      store.dispatch(pluginsSettled());
    });
    await settle();
    expect(screen.getByRole('heading', { name: 'Folder not found' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByText('Loading current folder')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('nope');
    expect(document.title).toBe('nope - Cumulus Files');
  });

  it('shows the loading icon, not the empty state, while a sub-folder known from its parent loads for the first time', async () => {
    let finish: (listing: DavListing) => void = () => undefined;
    const docs = testFolder('/Docs');
    const { services } = await createFakeServices({
      folders: { '/': [docs], '/Docs': () => new Promise<DavListing>((resolve) => (finish = resolve)) },
    });
    const { store, container } = await renderShell(services, '/files');
    await settle();
    expect(rowNames()).toEqual(['Docs']);
    // What opening the folder does to the store (the fake navigator does not route).
    await act(async () => {
      store.dispatch(routeChanged({ view: 'files', dir: '/Docs', fileid: null, openfile: false }));
    });
    await settle();
    expect(screen.getByText('Loading current folder')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'No files in here' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Go back' })).toBeNull();
    // The small refresh icon is for content already shown.
    expect(container.querySelector('.files-header .files-spinner')).toBeNull();
    await act(async () => {
      finish({ folder: { ...docs, _children: [] }, contents: [testNode('/Docs/a.txt')] });
    });
    await settle();
    expect(rowNames()).toEqual(['a.txt']);
    expect(screen.queryByText('Loading current folder')).toBeNull();
  });

  it('keys rows by node: after a re-sort each row keeps its own element and state', async () => {
    const { services } = await createFakeServices({ folders: { '/': [testNode('/a.png', { fileid: 11, mime: 'image/png' }), testNode('/b.png', { fileid: 12, mime: 'image/png' })] } });
    await renderShell(services, '/files');
    await settle();
    const rowA = rowOf('a.png');
    fireEvent.error(rowA.querySelector('img.files-preview') as HTMLImageElement);
    expect(rowA.querySelector('img.files-preview')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    });
    expect(rowNames()).toEqual(['b.png', 'a.png']);
    expect(rowOf('a.png')).toBe(rowA);
    expect(rowOf('a.png').querySelector('img.files-preview')).toBeNull();
    expect(rowOf('b.png').querySelector('img.files-preview')?.getAttribute('src')).toContain('fileId=12');
  });

  it('shows the footer counts with plural forms, sorts names and writes times in the interface language', async () => {
    const { services } = await createFakeServices({
      language: 'sv',
      folders: { '/': [testNode('/ä.txt', { mtime: Date.now() - 3600e3 }), testNode('/z.txt')] },
    });
    await renderShell(services, '/files');
    await settle();
    // Swedish sorts ä after z; the browser's default locale (English here) would not.
    expect(rowNames()).toEqual(['z.txt', 'ä.txt']);
    expect(within(rowOf('ä.txt')).getByText('för 1 timme sedan')).toBeTruthy();
    expect(screen.getByText('2 files')).toBeTruthy();

    const one = await createFakeServices({ folders: { '/': [testNode('/a.txt'), testFolder('/Docs')] } });
    document.body.replaceChildren();
    await renderShell(one.services, '/files');
    await settle();
    expect(screen.getByText('1 file and 1 folder')).toBeTruthy();
  });

  it('selects all by the rows shown: a filter hiding selected rows neither checks the header nor makes it clear', async () => {
    const { services } = await createFakeServices({ folders: { '/': [testNode('/apple.txt'), testNode('/avocado.txt'), testNode('/banana.txt')] } });
    const { store } = await renderShell(services, '/files');
    await settle();
    const all = screen.getByRole('checkbox', { name: 'Toggle selection for all files and folders' }) as HTMLInputElement;
    fireEvent.click(screen.getByRole('checkbox', { name: 'Toggle selection for file "banana.txt"' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Toggle selection for file "apple.txt"' }));
    await act(async () => {
      store.dispatch(filenameFilterChanged('a'));
    });
    await act(async () => {
      store.dispatch(filenameFilterChanged('av'));
    });
    await settle();
    expect(rowNames()).toEqual(['avocado.txt']);
    // Two selected, one row shown, and it is not selected.
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(false);
    fireEvent.click(all);
    expect(store.getState().selection.sources.map((source) => source.split('/').pop())).toEqual(['avocado.txt']);
    expect(all.checked).toBe(true);
    fireEvent.click(all);
    expect(store.getState().selection.sources).toEqual([]);
  });
});
