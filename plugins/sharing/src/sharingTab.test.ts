/**
 * @jest-environment jsdom
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { Permission, createNode } from '@cumulus/sdk';
import type { Node, View } from '@cumulus/sdk';
import { sharingTab } from './sharingTab';
import { fake, installFakeServer, share } from './test-support/fakeServer';

const t = (key: string): string => key;
let uninstall: () => void;

beforeEach(() => {
  uninstall = installFakeServer();
});
afterEach(() => uninstall());

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
const folder = (permissions: number): Node => createNode({ type: 'folder', source: 'http://cloud/remote.php/dav/files/admin/Photos', root: '/files/admin', path: '/Photos', permissions });

function button(el: HTMLElement, text: string): HTMLButtonElement {
  const found = [...el.querySelectorAll('button')].find((item) => item.textContent === text);
  if (!found) throw new Error(`no button ${text}`);
  return found;
}

function box(el: HTMLElement, label: string, index = 0): HTMLInputElement {
  const found = [...el.querySelectorAll('label')].filter((item) => item.textContent?.trim() === label)[index]?.querySelector('input');
  if (!found) throw new Error(`no checkbox ${label}`);
  return found;
}

describe('the Sharing tab', () => {
  it('is offered only with share permission, never on the root', () => {
    const tab = sharingTab(t);
    expect(tab.enabled?.(folder(Permission.ALL))).toBe(true);
    expect(tab.enabled?.(folder(Permission.READ))).toBe(false);
  });

  it('creates a link, allows upload and hides download through the OCS API with the request token', async () => {
    const el = document.body.appendChild(document.createElement('div'));
    const cleanup = sharingTab(t).mount(el, folder(Permission.ALL), { view: {} as View });
    await settle();
    expect(fake.calls[0]).toMatchObject({ method: 'GET', url: '/ocs/v2.php/apps/files_sharing/api/v1/shares?path=%2FPhotos&reshares=true&format=json' });
    expect(fake.calls[0]?.headers).toMatchObject({ 'OCS-APIRequest': 'true', requesttoken: 'csrf-token' });
    button(el, 'Create a new share link').click();
    await settle();
    await settle();
    expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({ path: '/Photos', shareType: 3 });
    expect((el.querySelector('input[type=text]') as HTMLInputElement).value).toBe('http://cloud/index.php/s/tok');
    box(el, 'Allow upload').click();
    await settle();
    await settle();
    expect(fake.calls.find((call) => call.method === 'PUT')?.body).toEqual({ publicUpload: 'true' });
    expect(box(el, 'Allow upload').checked).toBe(true);
    box(el, 'Hide download').click();
    await settle();
    expect(fake.calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ hideDownload: 'true' });
    if (typeof cleanup === 'function') cleanup();
    expect(el.childElementCount).toBe(0);
  });

  it('keeps the keyboard focus on the control it was on across the re-render after a change, or in the tab when that control went', async () => {
    const el = document.body.appendChild(document.createElement('div'));
    sharingTab(t).mount(el, folder(Permission.ALL), { view: {} as View });
    await settle();
    button(el, 'Create a new share link').focus();
    button(el, 'Create a new share link').click();
    await settle();
    await settle();
    expect(el.querySelector('input[type=text]')).not.toBeNull();
    expect(document.activeElement).toBe(button(el, 'Create a new share link'));
    box(el, 'Hide download').focus();
    box(el, 'Hide download').click();
    await settle();
    await settle();
    expect(document.activeElement).toBe(box(el, 'Hide download'));
    button(el, 'Delete share link').focus();
    button(el, 'Delete share link').click();
    await settle();
    await settle();
    expect(el.querySelector('input[type=text]')).toBeNull();
    expect(document.activeElement).toBe(button(el, 'Create a new share link'));
    el.remove();
  });

  it('adds a user from the sharee search and changes their permissions', async () => {
    const el = document.body.appendChild(document.createElement('div'));
    sharingTab(t).mount(el, folder(Permission.ALL), { view: {} as View });
    await settle();
    const input = el.querySelector('input[type=search]') as HTMLInputElement;
    expect(input.getAttribute('aria-expanded')).toBe('false');
    input.value = 'bo';
    input.dispatchEvent(new Event('input'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await settle();
    expect(fake.calls.some((call) => call.url.includes('/sharees?itemType=folder&search=bo'))).toBe(true);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(el.querySelector(`#${input.getAttribute('aria-controls') ?? ''}`)?.getAttribute('role')).toBe('listbox');
    (el.querySelector('[role=option]') as HTMLElement).click();
    await settle();
    await settle();
    expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({ path: '/Photos', shareType: 0, shareWith: 'bob' });
    expect(el.textContent).toContain('bob');
    box(el, 'Delete').click();
    await settle();
    expect(fake.calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ permissions: 23 });
  });

  it("tells the app the node's share types after a change (not on the first load), as the server reports them", async () => {
    const emitted: unknown[] = [];
    const el = document.body.appendChild(document.createElement('div'));
    sharingTab(t, { emit: (name, payload) => void emitted.push([name, payload]) }).mount(el, folder(Permission.ALL), { view: {} as View });
    await settle();
    await settle();
    expect(emitted).toEqual([]);
    button(el, 'Create a new share link').click();
    for (let i = 0; i < 5; i += 1) await settle();
    const propfind = fake.calls.find((call) => call.method === 'PROPFIND');
    expect(propfind).toMatchObject({ url: `${location.origin}/remote.php/dav/files/admin/Photos` });
    expect(propfind?.headers).toMatchObject({ Depth: '0', requesttoken: 'csrf-token' });
    expect(emitted).toHaveLength(1);
    const [name, payload] = emitted[0] as [string, { node: Node }];
    expect(name).toBe('files:node:updated');
    expect(payload.node).toMatchObject({ source: folder(Permission.ALL).source, path: '/Photos', permissions: Permission.ALL, attributes: { 'share-types': [3] } });
  });

  it('says nothing when a change leaves the share types as they were', async () => {
    fake.shares = [share({ share_type: 3 })];
    const emitted: unknown[] = [];
    const el = document.body.appendChild(document.createElement('div'));
    const linked = createNode({ ...folder(Permission.ALL), attributes: { 'share-types': [3] } });
    sharingTab(t, { emit: (name, payload) => void emitted.push([name, payload]) }).mount(el, linked, { view: {} as View });
    await settle();
    await settle();
    box(el, 'Hide download').click();
    for (let i = 0; i < 5; i += 1) await settle();
    expect(fake.calls.some((call) => call.method === 'PROPFIND')).toBe(true);
    expect(emitted).toEqual([]);
  });

  it("sets a user share's download attribute with 'Allow download'", async () => {
    fake.shares = [share({ share_type: 0, share_with: 'bob', share_with_displayname: 'Bob', permissions: 1 })];
    const el = document.body.appendChild(document.createElement('div'));
    sharingTab(t).mount(el, folder(Permission.ALL), { view: {} as View });
    await settle();
    await settle();
    expect(box(el, 'Allow download').checked).toBe(true);
    box(el, 'Allow download').click();
    await settle();
    await settle();
    expect(fake.calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ attributes: '[{"scope":"permissions","key":"download","value":false}]' });
    expect(box(el, 'Allow download').checked).toBe(false);
  });

  it("keeps a share's options closed until its toggle opens them, and opens those of a link just created", async () => {
    // The open state outlives a mount and is kept per share id: an id no earlier test opened.
    fake.shares = [share({ id: '900', share_type: 3 })];
    const el = document.body.appendChild(document.createElement('div'));
    sharingTab(t).mount(el, folder(Permission.ALL), { view: {} as View });
    await settle();
    await settle();
    const toggles = (): HTMLButtonElement[] => [...el.querySelectorAll<HTMLButtonElement>('button[aria-label="Options"]')];
    const panelOf = (toggle: HTMLButtonElement): HTMLElement => el.querySelector(`#${toggle.getAttribute('aria-controls') ?? ''}`) as HTMLElement;
    expect(toggles()).toHaveLength(1);
    expect(toggles()[0]?.getAttribute('aria-expanded')).toBe('false');
    expect(panelOf(toggles()[0]!).hidden).toBe(true);
    expect(panelOf(toggles()[0]!).contains(box(el, 'Hide download'))).toBe(true);
    toggles()[0]!.click();
    expect(toggles()[0]?.getAttribute('aria-expanded')).toBe('true');
    expect(panelOf(toggles()[0]!).hidden).toBe(false);
    toggles()[0]!.click();
    expect(panelOf(toggles()[0]!).hidden).toBe(true);
    button(el, 'Create a new share link').click();
    await settle();
    await settle();
    expect(toggles().map((toggle) => toggle.getAttribute('aria-expanded'))).toEqual(['false', 'true']);
    el.remove();
  });
});
