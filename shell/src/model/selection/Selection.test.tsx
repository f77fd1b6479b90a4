/** @jest-environment jsdom */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen } from '@testing-library/react';
import { createFakeServices, testFolder, testNode } from '../../test-support/fakeServices';
import { renderShell, stubLayout } from '../../test-support/renderShell';
import { routeChanged } from '../navigation/navigationSlice';

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const contents = () => [testFolder('/Docs'), testNode('/a.txt'), testNode('/b.txt'), testNode('/c.txt'), testNode('/d.txt')];
const box = (name: string) => screen.getByRole('checkbox', { name: `Toggle selection for file "${name}"` }) as HTMLInputElement;
const rowOf = (name: string) => box(name).closest('[role="row"]') as HTMLElement;
const allBox = () => screen.getByRole('checkbox', { name: 'Toggle selection for all files and folders' }) as HTMLInputElement;
const selectedNames = () => screen.getAllByRole('row').filter((row) => row.getAttribute('aria-selected') === 'true').map((row) => row.querySelector('.files-name')?.textContent);

describe('selection in the file list', () => {
  let unstub: () => void;
  beforeAll(() => {
    unstub = stubLayout();
  });
  afterAll(() => unstub());

  it('toggles a row by its checkbox and marks it selected, then shift-click adds the range', async () => {
    const { services } = await createFakeServices({ folders: { '/': contents() } });
    await renderShell(services, '/files');
    await settle();
    fireEvent.click(box('a.txt'));
    expect(rowOf('a.txt').getAttribute('aria-selected')).toBe('true');
    expect(rowOf('a.txt').className).toContain('files-row--selected');
    fireEvent.click(box('d.txt'), { shiftKey: true });
    expect(selectedNames()).toEqual(['a.txt', 'b.txt', 'c.txt', 'd.txt']);
    fireEvent.click(box('b.txt'));
    expect(selectedNames()).toEqual(['a.txt', 'c.txt', 'd.txt']);
  });

  it('shows the select-all checkbox as indeterminate when some are selected, checked when all are', async () => {
    const { services } = await createFakeServices({ folders: { '/': contents() } });
    await renderShell(services, '/files');
    await settle();
    expect(allBox().indeterminate).toBe(false);
    fireEvent.click(box('Docs'));
    expect(allBox().indeterminate).toBe(true);
    expect(allBox().getAttribute('aria-checked')).toBe('mixed');
    fireEvent.click(allBox());
    expect(selectedNames()).toHaveLength(5);
    expect(allBox().checked).toBe(true);
    expect(allBox().indeterminate).toBe(false);
  });

  it('clears on Escape in a checkbox cell', async () => {
    const { services } = await createFakeServices({ folders: { '/': contents() } });
    await renderShell(services, '/files');
    await settle();
    fireEvent.click(box('a.txt'));
    fireEvent.click(box('c.txt'));
    fireEvent.keyDown(box('c.txt'), { key: 'Escape' });
    expect(selectedNames()).toEqual([]);
    fireEvent.click(allBox());
    fireEvent.keyDown(allBox(), { key: 'Escape' });
    expect(selectedNames()).toEqual([]);
  });

  it('clears when the folder changes', async () => {
    const { services } = await createFakeServices({ folders: { '/': contents(), '/Docs': [testNode('/Docs/x.txt')] } });
    const { store } = await renderShell(services, '/files');
    await settle();
    fireEvent.click(box('a.txt'));
    await act(async () => {
      store.dispatch(routeChanged({ view: 'files', dir: '/Docs', fileid: null, openfile: false }));
    });
    expect(store.getState().selection.sources).toEqual([]);
  });
});
