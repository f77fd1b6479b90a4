/** @jest-environment jsdom */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { act } from '@testing-library/react';
import { createFakeServices, testNode } from '../../test-support/fakeServices';
import { renderShell, stubLayout } from '../../test-support/renderShell';

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('the filelist route', () => {
  let unstub: () => void;
  beforeAll(() => {
    unstub = stubLayout();
  });
  afterAll(() => unstub());

  it('drops a fileid that is not digits but keeps the folder and openfile of the query', async () => {
    const { services } = await createFakeServices({ folders: { '/': [], '/Docs': [testNode('/Docs/a.txt')] } });
    const { location, store } = await renderShell(services, '/files/abc?dir=/Docs&openfile=false');
    await settle();
    expect(location.current?.pathname).toBe('/files');
    expect(location.current?.search).toBe('?dir=/Docs&openfile=false');
    expect(store.getState().navigation).toMatchObject({ view: 'files', dir: '/Docs', fileid: null, openfile: false });
  });
});
