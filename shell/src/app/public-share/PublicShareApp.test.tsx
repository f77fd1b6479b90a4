/** @jest-environment jsdom */
import '../../test-support/jsdomFetch';
import { describe, expect, it } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { createAppStore } from '../store';
import type { PublicShare } from '../../services/publicShare';
import { createFakeServices } from '../../test-support/fakeServices';
import { PublicShareApp } from './PublicShareApp';

const FILE: PublicShare = { token: 'Abc2345678defgh', type: 'file', name: 'Report.txt', fileName: 'Report.txt', mime: 'text/plain', size: 2048, mtime: 1700000000, permissions: 1, hideDownload: false, downloadable: true, ownerDisplayName: 'Alice', note: 'Read this first' };

async function show(share: PublicShare) {
  const { services } = await createFakeServices();
  const visitor = { ...services, uid: '', publicShare: share };
  await act(async () => {
    render(<PublicShareApp store={createAppStore(visitor)} services={visitor} share={share} router={null} />);
  });
  return visitor;
}

describe('the public link page without a list', () => {
  it('a file link shows the file, who shared it, the note, and a Download link to the file on the link’s WebDAV', async () => {
    const visitor = await show(FILE);
    expect(screen.getByRole('heading', { level: 1, name: 'Report.txt' })).toBeTruthy();
    expect(screen.getByText('Shared by Alice')).toBeTruthy();
    expect(screen.getByText('Read this first')).toBeTruthy();
    expect(screen.getByText('2 KB')).toBeTruthy();
    const download = screen.getByRole('link', { name: 'Download' });
    expect(download.getAttribute('href')).toBe(visitor.dav.filesUrl);
    expect(download.getAttribute('download')).toBe('Report.txt');
  });

  it('hide download and the download attribute leave no Download link', async () => {
    for (const change of [{ hideDownload: true }, { downloadable: false }]) {
      document.body.innerHTML = '';
      await show({ ...FILE, ...change });
      expect(screen.getByRole('heading', { level: 1, name: 'Report.txt' })).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
    }
  });

  it('a file drop shows only its upload area: no list, no rows', async () => {
    document.body.innerHTML = '';
    await show({ ...FILE, type: 'folder', name: 'Drop', fileName: 'Drop', permissions: 4, note: '' });
    expect(screen.getByRole('heading', { level: 1, name: 'Upload files to Drop' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload files' })).toBeTruthy();
    expect(screen.getByText('Drop your files to upload')).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
    expect(screen.queryByRole('row')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Uploads' })).toBeNull();
  });
});
