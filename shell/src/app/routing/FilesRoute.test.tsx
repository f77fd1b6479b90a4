/** @jest-environment jsdom */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { act } from '@testing-library/react';
import { createFakeServices, testFolder, testNode } from '../../test-support/fakeServices';
import { renderShell, stubLayout } from '../../test-support/renderShell';

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('the filelist route', () => {
  let unstub: () => void;
  beforeAll(() => {
    unstub = stubLayout();
  });
  afterAll(() => unstub());

  it.each([
    ['/?dir=/Photos', '/files', '?dir=/Photos', { dir: '/Photos', fileid: null, openfile: false }],
    ['?dir=/Photos', '/files', '?dir=/Photos', { dir: '/Photos', fileid: null, openfile: false }],
    ['/?dir=/Photos&fileid=21', '/files/21', '?dir=/Photos', { dir: '/Photos', fileid: 21, openfile: false }],
    ['/?dir=/Photos&openfile=21', '/files/21', '?dir=/Photos&openfile=true', { dir: '/Photos', fileid: 21, openfile: true }],
    ['/some/old/page?dir=/Photos', '/files', '?dir=/Photos', { dir: '/Photos', fileid: null, openfile: false }],
  ])('the root and unknown paths keep the query: %s opens %s%s', async (url, pathname, search, navigation) => {
    const { services, calls } = await createFakeServices({ folders: { '/': [testFolder('/Photos', { fileid: 20 })], '/Photos': [testNode('/Photos/lake.jpg', { fileid: 21 })] } });
    const { location, store } = await renderShell(services, url);
    await settle();
    expect(location.current?.pathname).toBe(pathname);
    expect(location.current?.search).toBe(search);
    expect(store.getState().navigation).toMatchObject({ view: 'files', ...navigation });
    expect(calls.listed).toContain('/Photos');
  });

  it('marks the file a link names as the active row of its folder', async () => {
    const names = Array.from({ length: 40 }, (_, index) => `photo-${String(index).padStart(2, '0')}.jpg`);
    const { services } = await createFakeServices({ folders: { '/': [], '/Photos': names.map((name, index) => testNode(`/Photos/${name}`, { fileid: 100 + index })) } });
    await renderShell(services, '/files/130?dir=/Photos');
    await settle();
    const active = document.querySelectorAll('.files-row--active');
    expect([...active].map((row) => row.getAttribute('data-fileid'))).toEqual(['130']);
    expect(active[0]?.getAttribute('tabindex')).toBe('0');
  });

  it('drops a fileid that is not digits but keeps the folder and openfile of the query', async () => {
    const { services } = await createFakeServices({ folders: { '/': [], '/Docs': [testNode('/Docs/a.txt')] } });
    const { location, store } = await renderShell(services, '/files/abc?dir=/Docs&openfile=false');
    await settle();
    expect(location.current?.pathname).toBe('/files');
    expect(location.current?.search).toBe('?dir=/Docs&openfile=false');
    expect(store.getState().navigation).toMatchObject({ view: 'files', dir: '/Docs', fileid: null, openfile: false });
  });
});
