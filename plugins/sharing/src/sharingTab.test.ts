/**
 * @jest-environment jsdom
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { Permission, createNode } from '@cumulus/sdk';
import type { Node, View } from '@cumulus/sdk';
import { sharingTab } from './sharingTab';
import { sharingViews } from './views';

interface Call {
  method: string;
  url: string;
  body: Record<string, unknown> | null;
  headers: Record<string, string>;
}

const t = (key: string): string => key;
let calls: Call[] = [];
let shares: Record<string, unknown>[] = [];
const realFetch = globalThis.fetch;

function share(extra: Record<string, unknown>): Record<string, unknown> {
  return { id: String(shares.length + 1), share_type: 3, permissions: 17, path: '/Photos', item_type: 'folder', url: 'http://cloud/index.php/s/tok', hide_download: 0, note: '', expiration: null, password: null, share_with: null, share_with_displayname: null, item_source: 5, item_size: 0, item_mtime: 1, mimetype: 'httpd/unix-directory', uid_file_owner: 'admin', item_permissions: 31, attributes: null, ...extra };
}

beforeEach(() => {
  calls = [];
  shares = [];
  document.head.dataset['requesttoken'] = 'csrf-token';
  document.head.dataset['user'] = 'admin';
  globalThis.fetch = (async (input: string | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
    calls.push({ method, url, body, headers: (init?.headers ?? {}) as Record<string, string> });
    let data: unknown = shares;
    if (method === 'POST') {
      const created = share({ share_type: body?.shareType, share_with: body?.shareWith ?? null, share_with_displayname: body?.shareWith ?? null, permissions: body?.shareType === 0 ? 31 : 17 });
      shares.push(created);
      data = created;
    } else if (method === 'PUT') {
      const target = shares.find((item) => url.includes(`/shares/${String(item.id)}?`));
      if (target && body?.publicUpload === 'true') target.permissions = 31;
      if (target && body?.permissions !== undefined) target.permissions = body.permissions;
      data = target;
    } else if (method === 'DELETE') {
      shares = shares.filter((item) => !url.includes(`/shares/${String(item.id)}?`));
      data = [];
    } else if (url.includes('/sharees')) {
      data = { exact: { users: [] }, users: [{ label: 'Bob', value: { shareType: 0, shareWith: 'bob' } }] };
    }
    const payload = { ocs: { meta: { status: 'ok', statuscode: 200, message: 'OK' }, data } };
    // jsdom has no Response: the part of one the API client reads.
    return { ok: true, status: 200, json: async () => JSON.parse(JSON.stringify(payload)) as unknown } as Response;
  }) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

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
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/ocs/v2.php/apps/files_sharing/api/v1/shares?path=%2FPhotos&reshares=true&format=json' });
    expect(calls[0]?.headers).toMatchObject({ 'OCS-APIRequest': 'true', requesttoken: 'csrf-token' });
    button(el, 'Create a new share link').click();
    await settle();
    await settle();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ path: '/Photos', shareType: 3 });
    expect((el.querySelector('input[type=text]') as HTMLInputElement).value).toBe('http://cloud/index.php/s/tok');
    box(el, 'Allow upload').click();
    await settle();
    await settle();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ publicUpload: 'true' });
    expect(box(el, 'Allow upload').checked).toBe(true);
    box(el, 'Hide download').click();
    await settle();
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ hideDownload: 'true' });
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
    expect(calls.some((call) => call.url.includes('/sharees?itemType=folder&search=bo'))).toBe(true);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(el.querySelector(`#${input.getAttribute('aria-controls') ?? ''}`)?.getAttribute('role')).toBe('listbox');
    (el.querySelector('[role=option]') as HTMLElement).click();
    await settle();
    await settle();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ path: '/Photos', shareType: 0, shareWith: 'bob' });
    expect(el.textContent).toContain('bob');
    box(el, 'Delete').click();
    await settle();
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ permissions: 23 });
  });
});

describe('the sharing views', () => {
  it('lists received shares at their paths in the user files tree', async () => {
    shares = [share({ share_type: 0, path: '/Photos', permissions: 1 })];
    const [withYou] = sharingViews(t);
    const contents = await withYou?.getContents('/');
    expect(calls[0]?.url).toBe('/ocs/v2.php/apps/files_sharing/api/v1/shares?shared_with_me=true&format=json');
    expect(contents?.contents.map((node) => [node.source, node.permissions, node.attributes['mount-type']])).toEqual([[`${location.origin}/remote.php/dav/files/admin/Photos`, 1, 'shared']]);
  });
});
