/** @jest-environment jsdom */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { EntryContext, FolderNode, Node, PluginError } from '@cumulus/sdk';
import { createFakeServices, testFolder, testNode } from '../../test-support/fakeServices';
import { renderShell, stubLayout } from '../../test-support/renderShell';

const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0h24v24H0z"/></svg>';
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const row = (name: string) => screen.getAllByRole('row').find((candidate) => candidate.getAttribute('data-source')?.endsWith(`/${name}`)) as HTMLElement;
const sharingTab = { id: 'sharing', name: 'Sharing', icon: ICON, mount: () => undefined };
const contents = () => [testFolder('/Docs', { fileid: 10, attributes: { 'share-types': [3] } }), testNode('/a.txt', { fileid: 11 }), testNode('/b.txt', { fileid: 12, attributes: { 'share-types': [0] } })];

describe('node indicators in rows', () => {
  let unstub: () => void;
  beforeAll(() => {
    unstub = stubLayout();
  });
  afterAll(() => unstub());

  it("shows each indicator's badge, named by its label, only where it has one", async () => {
    const { services } = await createFakeServices({ folders: { '/': contents() } });
    services.host.registries.nodeIndicators.register(
      { id: 'shared', badge: ({ nodes: [node] }) => ((node.attributes['share-types'] ?? []).length > 0 ? { label: (node.attributes['share-types'] ?? []).includes(3) ? 'Shared by link' : 'Shared', iconSvgInline: ICON } : null) },
      'sharing',
    );
    await renderShell(services, '/files');
    await settle();
    expect(within(row('Docs')).getByRole('img', { name: 'Shared by link' }).getAttribute('title')).toBe('Shared by link');
    expect(within(row('b.txt')).getByRole('img', { name: 'Shared' })).toBeTruthy();
    expect(within(row('a.txt')).queryByRole('img', { name: /Shared/ })).toBeNull();
  });

  it('runs exec on a click with the node and the shell commands, which open the details on the asked tab; the row does not open', async () => {
    const { services, calls } = await createFakeServices({ folders: { '/': contents(), '/Docs': [] } });
    services.host.registries.sidebarTabs.register(sharingTab);
    const seen: Node[] = [];
    services.host.registries.nodeIndicators.register(
      {
        id: 'shared',
        badge: () => ({ label: 'Shared', iconSvgInline: ICON }),
        exec: ({ nodes: [node], shell }) => {
          seen.push(node);
          shell.openDetails(node, 'sharing');
        },
      },
      'sharing',
    );
    const { store } = await renderShell(services, '/files');
    await settle();
    await act(async () => {
      fireEvent.click(within(row('Docs')).getByRole('button', { name: 'Shared' }));
    });
    expect(seen.map((node) => node.path)).toEqual(['/Docs']);
    expect(store.getState().sidebar).toEqual({ source: testFolder('/Docs').source, tab: 'sharing' });
    expect(calls.navigations).toEqual([]);
  });

  it("reports a rejected exec as the plugin's failure", async () => {
    const { services } = await createFakeServices({ folders: { '/': contents() } });
    const reported: PluginError[] = [];
    services.host.reportError = (error) => void reported.push(error);
    services.host.registries.nodeIndicators.register({ id: 'broken', badge: () => ({ label: 'Broken', iconSvgInline: ICON }), exec: () => Promise.reject(new Error('no')) }, 'sharing');
    await renderShell(services, '/files');
    await settle();
    await act(async () => {
      fireEvent.click(within(row('a.txt')).getByRole('button', { name: 'Broken' }));
    });
    await settle();
    expect(reported.map((error) => [error.pluginId, error.phase])).toEqual([['sharing', 'action']]);
  });
});

describe('breadcrumb actions', () => {
  let unstub: () => void;
  beforeAll(() => {
    unstub = stubLayout();
  });
  afterAll(() => unstub());

  const shareButton = (runs: FolderNode[]) => ({
    id: 'share',
    displayName: (folder: FolderNode) => ((folder.attributes['share-types'] ?? []).length > 0 ? 'Shared' : 'Share'),
    iconSvgInline: () => ICON,
    enabled: (folder: FolderNode) => folder.path !== '/',
    exec: ({ folder, shell }: EntryContext<readonly [FolderNode]>) => {
      runs.push(folder);
      shell.openDetails(folder, 'sharing');
    },
  });

  it('offers the button on the folder on screen where enabled, named by displayName, and runs it on that folder', async () => {
    const { services } = await createFakeServices({ folders: { '/': contents(), '/Docs': [testNode('/Docs/x.txt')] } });
    services.host.registries.sidebarTabs.register(sharingTab);
    const runs: FolderNode[] = [];
    const undo = services.host.registries.breadcrumbActions.register(shareButton(runs), 'sharing');
    const { store } = await renderShell(services, '/files?dir=/Docs');
    await settle();
    const header = screen.getByRole('banner');
    const button = within(header).getByRole('button', { name: 'Share' });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(runs.map((folder) => folder.path)).toEqual(['/Docs']);
    expect(store.getState().sidebar).toEqual({ source: testFolder('/Docs').source, tab: 'sharing' });
    await act(async () => undo());
    expect(within(header).queryByRole('button', { name: 'Share' })).toBeNull();
  });

  it('hides the button where enabled says no', async () => {
    const { services } = await createFakeServices({ folders: { '/': contents() } });
    services.host.registries.breadcrumbActions.register(shareButton([]), 'sharing');
    await renderShell(services, '/files');
    await settle();
    expect(within(screen.getByRole('banner')).queryByRole('button', { name: /^Share/ })).toBeNull();
  });
});
