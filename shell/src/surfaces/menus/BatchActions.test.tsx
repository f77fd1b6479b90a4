/** @jest-environment jsdom */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { createFakeServices, testNode } from '../../test-support/fakeServices';
import { renderShell, stubLayout } from '../../test-support/renderShell';
import { nodeStatusChanged } from '../../model/nodes/nodesSlice';
import { selectionChanged } from '../../model/selection/selectionSlice';

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const files = () => [testNode('/a.txt', { fileid: 11 }), testNode('/b.txt', { fileid: 12 })];

describe('the batch actions bar', () => {
  let unstub: () => void;
  beforeAll(() => {
    unstub = stubLayout();
  });
  afterAll(() => unstub());

  it('runs a batch action only on the selected nodes that have not failed', async () => {
    const { services } = await createFakeServices({ folders: { '/': files() } });
    const ran: string[][] = [];
    services.host.registries.fileActions.register({
      id: 'archive',
      displayName: () => 'Archive',
      iconSvgInline: () => '<svg xmlns="http://www.w3.org/2000/svg"/>',
      exec: ({ nodes: [node] }) => {
        ran.push([node.basename]);
        return Promise.resolve(null);
      },
      execBatch: ({ nodes }) => {
        ran.push(nodes.map((node) => node.basename));
        return Promise.resolve(nodes.map(() => null));
      },
    });
    const { store } = await renderShell(services, '/files');
    await settle();
    const [a, b] = files().map((node) => node.source) as [string, string];
    await act(async () => {
      store.dispatch(nodeStatusChanged({ sources: [b], status: 'failed' }));
      store.dispatch(selectionChanged({ sources: [a, b] }));
    });
    const bar = screen.getByRole('toolbar', { name: 'Batch actions' });
    await act(async () => {
      fireEvent.click(within(bar).getByRole('button', { name: 'Archive' }));
    });
    await settle();
    expect(ran).toEqual([['a.txt']]);
  });

  it('offers no action when every selected node failed', async () => {
    const { services } = await createFakeServices({ folders: { '/': files() } });
    const { store } = await renderShell(services, '/files');
    await settle();
    const sources = files().map((node) => node.source);
    await act(async () => {
      store.dispatch(nodeStatusChanged({ sources, status: 'failed' }));
      store.dispatch(selectionChanged({ sources }));
    });
    const bar = screen.getByRole('toolbar', { name: 'Batch actions' });
    expect(within(bar).queryAllByRole('button')).toEqual([]);
  });
});
