/** @jest-environment jsdom */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { EntryContext } from '@cumulus/sdk';
import { createFakeServices, testFolder, testNode } from '../../test-support/fakeServices';
import { renderShell, stubLayout } from '../../test-support/renderShell';

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const ICON = '<svg xmlns="http://www.w3.org/2000/svg"/>';

describe('the New button', () => {
  let unstub: () => void;
  beforeAll(() => {
    unstub = stubLayout();
  });
  afterAll(() => unstub());

  it("opens the menu: 'Upload from device' with the built-in upload entries, 'Create new' with 'New folder' first then entries by order and name, then 'other'; runs the handler", async () => {
    const file = testNode('/a.txt');
    const { services } = await createFakeServices({ folders: { '/': [file] } });
    const handler = jest.fn((_ctx: EntryContext) => undefined);
    const entries = services.host.registries.newMenuEntries;
    entries.register({ id: 'sheet', displayName: 'New spreadsheet', iconSvgInline: ICON, handler });
    entries.register({ id: 'template', displayName: 'From template', iconSvgInline: ICON, category: 'other', handler });
    entries.register({ id: 'doc', displayName: 'New document', iconSvgInline: ICON, handler });
    entries.register({ id: 'drawing', displayName: 'A drawing', iconClass: 'icon-draw', order: -10, handler });
    entries.register({ id: 'scan', displayName: 'Scan a document', iconSvgInline: ICON, category: 'upload-from-device', order: 5, handler });
    entries.register({ id: 'never', displayName: 'Never here', iconSvgInline: ICON, enabled: () => false, handler });
    await renderShell(services, '/files');
    await settle();

    const button = screen.getByRole('button', { name: 'New' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.closest('form')).not.toBeNull();
    await act(async () => {
      fireEvent.click(button);
    });
    const menu = screen.getByRole('menu', { name: 'New' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const groups = within(menu).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('aria-label'))).toEqual(['Upload from device', 'Create new', null]);
    // jsdom's <input> cannot pick folders, so 'Upload folders' is not offered (product §2).
    expect(within(groups[0] as HTMLElement).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Upload files', 'Scan a document']);
    expect(within(groups[1] as HTMLElement).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['New folder', 'A drawing', 'New document', 'New spreadsheet']);
    expect(within(groups[2] as HTMLElement).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['From template']);
    expect(within(menu).queryByText('Never here')).toBeNull();
    expect(document.activeElement?.textContent).toBe('Upload files');

    await act(async () => {
      fireEvent.click(within(menu).getByRole('menuitem', { name: 'New document' }));
    });
    await settle();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(handler).toHaveBeenCalledTimes(1);
    const [ctx] = handler.mock.calls[0] ?? [];
    expect(ctx?.folder.path).toBe('/');
    expect(ctx?.view.id).toBe('files');
    expect(ctx?.nodes.map((node) => node.source)).toEqual([file.source]);
    expect(ctx?.signal.aborted).toBe(false);
  });

  it('closes with Tab from the button, so the browser moves the focus on from there instead of dropping it on the page', async () => {
    const { services } = await createFakeServices({ folders: { '/': [] } });
    await renderShell(services, '/files');
    await settle();
    const button = screen.getByRole('button', { name: 'New' });
    await act(async () => {
      fireEvent.click(button);
    });
    let notPrevented = false;
    await act(async () => {
      notPrevented = fireEvent.keyDown(screen.getByRole('menuitem', { name: 'Upload files' }), { key: 'Tab' });
    });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    // The Tab goes on to the browser, which moves the focus from the button to the next control.
    expect(notPrevented).toBe(true);
  });

  it('closes with Escape back to the button, and is disabled with the spec\'s reason without create permission or with the quota used up', async () => {
    const { services } = await createFakeServices({ folders: { '/': [], '/Shared': [] } });
    services.host.registries.newMenuEntries.register({ id: 'doc', displayName: 'New document', iconSvgInline: ICON, handler: () => undefined });
    await renderShell(services, '/files');
    await settle();
    const button = screen.getByRole('button', { name: 'New' });
    await act(async () => {
      fireEvent.click(button);
    });
    await act(async () => {
      fireEvent.keyDown(screen.getByRole('menuitem', { name: 'New document' }), { key: 'Escape' });
    });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);

    const readOnly = await createFakeServices({
      folders: { '/': async () => ({ folder: { ...testFolder('/', { permissions: 1 }), _children: [] }, contents: [] }) },
    });
    readOnly.services.host.registries.newMenuEntries.register({ id: 'doc', displayName: 'New document', iconSvgInline: ICON, handler: () => undefined });
    document.body.replaceChildren();
    await renderShell(readOnly.services, '/files');
    await settle();
    const locked = screen.getByRole('button', { name: 'New' }) as HTMLButtonElement;
    expect(locked.disabled).toBe(true);
    expect(locked.title).toBe('You don’t have permission to upload or create files here');
    expect(locked.getAttribute('aria-description')).toBe('You don’t have permission to upload or create files here');

    const full = await createFakeServices({
      folders: { '/': async () => ({ folder: { ...testFolder('/', { attributes: { 'quota-available-bytes': 0 } }), _children: [] }, contents: [] }) },
    });
    document.body.replaceChildren();
    await renderShell(full.services, '/files');
    await settle();
    const quota = screen.getByRole('button', { name: 'New' }) as HTMLButtonElement;
    expect(quota.disabled).toBe(true);
    expect(quota.title).toBe('Your have used your space quota and cannot upload files anymore');
  });
});
