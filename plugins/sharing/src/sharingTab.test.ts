/**
 * @jest-environment jsdom
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { Permission, createNode, entryContext } from '@cumulus/sdk';
import type { FolderNode, Node, View } from '@cumulus/sdk';
import { sharingTab } from './sharingTab';
import { fake, installFakeServer, share } from './test-support/fakeServer';

const t = (key: string): string => key;
let uninstall: () => void;

beforeEach(() => {
  uninstall = installFakeServer();
});
afterEach(() => uninstall());

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
/** The tab's context on `node`, in the root folder. */
const on = (node: Node) => entryContext({ nodes: [node], view: {} as View, folder: createNode({ type: 'folder', source: 'http://cloud/remote.php/dav/files/admin', root: '/files/admin', path: '/' }) as FolderNode });
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

/** The quick permission select of the share whose row names `name`. */
function select(el: HTMLElement, name: string): HTMLSelectElement {
  const found = [...el.querySelectorAll<HTMLSelectElement>('select.sharing-choice')].find((item) => el.querySelector(`#${item.getAttribute('aria-describedby') ?? ''}`)?.textContent === name);
  if (!found) throw new Error(`no permission choice of ${name}`);
  return found;
}

const options = (choice: HTMLSelectElement): string[] => [...choice.options].map((option) => option.textContent ?? '');
const selected = (choice: HTMLSelectElement): string => choice.selectedOptions[0]?.textContent ?? '';

function choose(choice: HTMLSelectElement, label: string): void {
  const index = options(choice).indexOf(label);
  if (index < 0) throw new Error(`no choice ${label}`);
  choice.selectedIndex = index;
  choice.dispatchEvent(new Event('change'));
}

const file = (permissions: number): Node => createNode({ type: 'file', source: 'http://cloud/remote.php/dav/files/admin/Report.txt', root: '/files/admin', path: '/Report.txt', permissions, mime: 'text/plain' });

describe('the Sharing tab', () => {
  it('is offered only with share permission, never on the root', () => {
    const tab = sharingTab(t);
    expect(tab.enabled?.(folder(Permission.ALL))).toBe(true);
    expect(tab.enabled?.(folder(Permission.READ))).toBe(false);
  });

  it('hands the listing of the shares the signal of its context: taking the tab back cancels it, and says nothing', async () => {
    const signals: (AbortSignal | undefined)[] = [];
    const served = globalThis.fetch;
    globalThis.fetch = ((input: string | URL, init?: RequestInit) => {
      signals.push(init?.signal ?? undefined);
      // The answer never comes before the abort: the request is still on its way.
      return new Promise<Response>((resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        if (!init?.signal) void served(input, init).then(resolve, reject);
      });
    }) as typeof fetch;
    const el = document.body.appendChild(document.createElement('div'));
    const controller = new AbortController();
    const node = folder(Permission.ALL);
    sharingTab(t).mount(el, entryContext({ nodes: [node], view: {} as View, folder: on(node).folder, signal: controller.signal }));
    await settle();
    expect(signals[0]).toBe(controller.signal);
    controller.abort();
    await settle();
    expect(el.querySelector('.sharing-status')?.textContent).toBe('');
    globalThis.fetch = served;
  });

  it('creates a link, lets it allow upload and editing and hides download through the OCS API with the request token', async () => {
    const el = document.body.appendChild(document.createElement('div'));
    const cleanup = sharingTab(t).mount(el, on(folder(Permission.ALL)));
    await settle();
    expect(fake.calls[0]).toMatchObject({ method: 'GET', url: '/ocs/v2.php/apps/files_sharing/api/v1/shares?path=%2FPhotos&reshares=true&format=json' });
    expect(fake.calls[0]?.headers).toMatchObject({ 'OCS-APIRequest': 'true', requesttoken: 'csrf-token' });
    button(el, 'Create a new share link').click();
    await settle();
    await settle();
    expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({ path: '/Photos', shareType: 3 });
    expect((el.querySelector('input[type=text]') as HTMLInputElement).value).toBe('http://cloud/index.php/s/tok');
    choose(select(el, 'Share link'), 'Allow upload and editing');
    await settle();
    await settle();
    expect(fake.calls.find((call) => call.method === 'PUT')?.body).toEqual({ permissions: 15 });
    expect(selected(select(el, 'Share link'))).toBe('Allow upload and editing');
    box(el, 'Hide download').click();
    await settle();
    expect(fake.calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ hideDownload: 'true' });
    if (typeof cleanup === 'function') cleanup();
    expect(el.childElementCount).toBe(0);
  });

  it('keeps the keyboard focus on the control it was on across the re-render after a change, or in the tab when that control went', async () => {
    const el = document.body.appendChild(document.createElement('div'));
    sharingTab(t).mount(el, on(folder(Permission.ALL)));
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
    sharingTab(t).mount(el, on(folder(Permission.ALL)));
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
    // Names are isolated: in a right-to-left interface a name keeps its own direction.
    expect(el.querySelector('.sharing-user .sharing-entry__name')?.getAttribute('dir')).toBe('auto');
    box(el, 'Delete').click();
    await settle();
    expect(fake.calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ permissions: 23 });
  });

  it("tells the app the node's share types after a change (not on the first load), as the server reports them", async () => {
    const emitted: unknown[] = [];
    const el = document.body.appendChild(document.createElement('div'));
    sharingTab(t, { emit: (name, payload) => void emitted.push([name, payload]) }).mount(el, on(folder(Permission.ALL)));
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
    sharingTab(t, { emit: (name, payload) => void emitted.push([name, payload]) }).mount(el, on(linked));
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
    sharingTab(t).mount(el, on(folder(Permission.ALL)));
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
    sharingTab(t).mount(el, on(folder(Permission.ALL)));
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

  it("shows a link's permissions as Nextcloud's choices and sets each (folder: view, upload and editing, file drop; file: view, edit)", async () => {
    fake.shares = [share({ id: '1', permissions: 17, label: 'View' }), share({ id: '2', permissions: 31, label: 'Edit' }), share({ id: '3', permissions: 4, label: 'Drop' }), share({ id: '4', permissions: 21, label: 'Odd' })];
    const el = document.body.appendChild(document.createElement('div'));
    sharingTab(t).mount(el, on(folder(Permission.ALL)));
    await settle();
    await settle();
    expect(options(select(el, 'View'))).toEqual(['View only', 'Allow upload and editing', 'File drop (upload only)']);
    expect(['View', 'Edit', 'Drop', 'Odd'].map((name) => selected(select(el, name)))).toEqual(['View only', 'Allow upload and editing', 'File drop (upload only)', 'Custom permissions']);
    expect(select(el, 'View').getAttribute('aria-label')).toBe('Permissions');
    choose(select(el, 'Edit'), 'File drop (upload only)');
    await settle();
    await settle();
    expect(fake.calls.filter((call) => call.method === 'PUT').at(-1)).toMatchObject({ url: expect.stringContaining('/shares/2?') as unknown as string, body: { permissions: 4 } });
    expect(selected(select(el, 'Edit'))).toBe('File drop (upload only)');
    choose(select(el, 'Drop'), 'View only');
    await settle();
    await settle();
    expect(fake.calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ permissions: 1 });
    // No checkbox promises more than it grants any longer.
    expect([...el.querySelectorAll('label')].map((label) => label.textContent?.trim())).not.toContain('Allow upload');
    el.remove();

    fake.shares = [share({ id: '5', permissions: 17, label: 'Report', item_type: 'file' })];
    const other = document.body.appendChild(document.createElement('div'));
    sharingTab(t).mount(other, on(file(Permission.ALL)));
    await settle();
    await settle();
    expect(options(select(other, 'Report'))).toEqual(['View only', 'Can edit']);
    choose(select(other, 'Report'), 'Can edit');
    await settle();
    await settle();
    expect(fake.calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ permissions: 3 });
    expect(selected(select(other, 'Report'))).toBe('Can edit');
    other.remove();
  });

  it("offers a user share View only / Can edit in one click, the fine-grained checkboxes under 'Options'", async () => {
    fake.shares = [share({ id: '7', share_type: 0, share_with: 'bob', share_with_displayname: 'Bob', permissions: 31 })];
    const el = document.body.appendChild(document.createElement('div'));
    sharingTab(t).mount(el, on(folder(Permission.ALL)));
    await settle();
    await settle();
    expect(options(select(el, 'Bob'))).toEqual(['View only', 'Can edit', 'Custom permissions']);
    expect(selected(select(el, 'Bob'))).toBe('Can edit');
    choose(select(el, 'Bob'), 'View only');
    await settle();
    await settle();
    expect(fake.calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ permissions: 1 });
    expect(selected(select(el, 'Bob'))).toBe('View only');
    expect(box(el, 'Edit').checked).toBe(false);
    // One box more makes it custom; 'Custom permissions' opens the options with the boxes.
    box(el, 'Create').click();
    await settle();
    await settle();
    expect(selected(select(el, 'Bob'))).toBe('Custom permissions');
    const toggle = el.querySelector<HTMLButtonElement>('.sharing-user button[aria-label="Options"]')!;
    if (toggle.getAttribute('aria-expanded') === 'true') toggle.click();
    choose(select(el, 'Bob'), 'Custom permissions');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    choose(select(el, 'Bob'), 'Can edit');
    await settle();
    await settle();
    expect(fake.calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ permissions: 31 });
    el.remove();
  });

  it("shows the server's reason when a change is refused (a past expiry date) and confirms saved passwords, expiry dates and notes", async () => {
    fake.shares = [share({ id: '8', label: 'Mine' })];
    fake.refuse = { expireDate: { status: 404, message: 'Expiration date is in the past' } };
    const el = document.body.appendChild(document.createElement('div'));
    sharingTab(t).mount(el, on(folder(Permission.ALL)));
    await settle();
    await settle();
    const notice = (): HTMLElement | null => el.querySelector('.sharing-link .sharing-notice:not([hidden])');
    const expiry = el.querySelector<HTMLInputElement>('input[type=date]')!;
    expiry.value = '2001-01-01';
    expiry.dispatchEvent(new Event('change'));
    await new Promise((resolve) => setTimeout(resolve, 700));
    await settle();
    expect(fake.calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ expireDate: '2001-01-01' });
    expect(notice()?.textContent).toBe('Expiration date is in the past');
    expect(notice()?.getAttribute('role')).toBe('alert');
    // Nothing changed: the field shows the stored date again.
    expect(el.querySelector<HTMLInputElement>('input[type=date]')!.value).toBe('');
    fake.refuse = {};
    const later = el.querySelector<HTMLInputElement>('input[type=date]')!;
    later.value = '2099-01-01';
    later.dispatchEvent(new Event('change'));
    await new Promise((resolve) => setTimeout(resolve, 700));
    await settle();
    expect(notice()?.textContent).toBe('Expiration date saved');
    expect(notice()?.getAttribute('role')).toBe('status');
    const password = el.querySelector<HTMLInputElement>('input[type=password]')!;
    button(el, 'Save password').click();
    expect(notice()?.textContent).toBe('Enter a password first');
    password.value = 'secret';
    button(el, 'Save password').click();
    await settle();
    await settle();
    expect(fake.calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ password: 'secret' });
    expect(notice()?.textContent).toBe('Password saved');
    const note = el.querySelector<HTMLTextAreaElement>('textarea')!;
    note.value = 'Hello';
    note.dispatchEvent(new Event('change'));
    await settle();
    await settle();
    expect(notice()?.textContent).toBe('Note saved');
    // Every refused change says why.
    fake.refuse = { hideDownload: { status: 400, message: 'Wrong or no update parameter given' } };
    box(el, 'Hide download').click();
    await settle();
    await settle();
    expect(notice()?.textContent).toBe('Wrong or no update parameter given');
    el.remove();
  });
});
