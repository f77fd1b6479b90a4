/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { createNode, entryContext } from '@cumulus/sdk';
import type { FilesEvents, FolderNode, Node, ScopedEvents, View } from '@cumulus/sdk';
import type { Version, VersionsClient } from './versions-client';
import { relativeTime, versionsTab } from './versionsTab';

const t = (key: string, values?: Record<string, unknown>): string => (values ? `${key} ${JSON.stringify(values)}` : key);
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
const NOW = Date.UTC(2026, 11, 2, 12, 0, 0);
const file = (size: number): Node => createNode({ type: 'file', source: 'http://cloud/remote.php/dav/files/vera/notes.txt', root: '/files/vera', fileid: 7, size, mtime: NOW - 1000 });

/** A fake of the server's versions of one file: a restore keeps the current content as a version. */
function fakeClient(): VersionsClient & { calls: string[]; contents: string[] } {
  let next = 100;
  const state = { current: 'three', versions: [] as (Version & { content: string })[] };
  const make = (content: string): Version & { content: string } => ({ version: (next += 1), url: `http://cloud/v/${next}`, size: content.length, mtime: NOW - 60_000 * (200 - next), mime: 'text/plain', label: '', author: 'vera', content });
  state.versions.push(make('one'), make('two'));
  const calls: string[] = [];
  return {
    calls,
    get contents() {
      return [state.current, ...[...state.versions].sort((a, b) => b.version - a.version).map((version) => version.content)];
    },
    async list() {
      return [...state.versions].sort((a, b) => b.version - a.version);
    },
    async restore(version) {
      calls.push(`restore ${version.version}`);
      const found = state.versions.find((item) => item.version === version.version)!;
      state.versions.push(make(state.current));
      state.current = found.content;
    },
    async label(version, label) {
      calls.push(`label ${version.version} ${label}`);
      state.versions.find((item) => item.version === version.version)!.label = label;
    },
    async remove(version) {
      calls.push(`delete ${version.version}`);
      state.versions = state.versions.filter((item) => item.version !== version.version);
    },
  };
}

function fakeEvents(): ScopedEvents & { fire(node: Node): void } {
  const listeners = new Set<(payload: FilesEvents['files:node:updated']) => void>();
  return {
    on: ((name: string, listener: (payload: FilesEvents['files:node:updated']) => void) => {
      if (name === 'files:node:updated') listeners.add(listener);
      return () => listeners.delete(listener);
    }) as ScopedEvents['on'],
    once: (() => () => undefined) as ScopedEvents['once'],
    emit: () => undefined,
    fire: (node) => listeners.forEach((listener) => listener({ node })),
  };
}

const on = (node: Node) => entryContext({ nodes: [node], view: {} as View, folder: createNode({ type: 'folder', source: 'http://cloud/remote.php/dav/files/admin', root: '/files/admin', path: '/' }) as FolderNode });
const buttons = (el: HTMLElement, text: string) => [...el.querySelectorAll('button')].filter((button) => button.textContent === text);
const items = (el: HTMLElement) => [...el.querySelectorAll('li')].map((item) => item.textContent ?? '');

describe('the Versions tab', () => {
  it('lists the current version on top, then the earlier ones newest first with time (exact as title), size and author', async () => {
    const el = document.createElement('div');
    versionsTab(fakeClient(), t, fakeEvents(), 'en', () => NOW).mount(el, on(file(5)));
    await settle();
    const rows = items(el);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain('Current version');
    expect(rows[1]).toContain('vera');
    expect(rows[1]).toContain('3 B');
    const time = el.querySelectorAll<HTMLElement>('.versions-time')[1]!;
    expect(time.textContent).toBe('2 hours ago');
    expect(time.title).toContain('2026');
  });

  it('restores without asking, and the notice’s Undo restores the replaced content', async () => {
    const client = fakeClient();
    const el = document.createElement('div');
    versionsTab(client, t, fakeEvents(), 'en', () => NOW).mount(el, on(file(5)));
    await settle();
    buttons(el, 'Restore version')[1]!.click(); // the oldest: "one"
    await settle();
    expect(client.contents[0]).toBe('one');
    expect(el.querySelector('[role="status"]')?.textContent).toContain('Version restored');
    buttons(el, 'Undo')[0]!.click();
    await settle();
    await settle();
    expect(client.contents[0]).toBe('three');
  });

  it('names a version, deletes one, and reads them again when another client changes the file', async () => {
    const client = fakeClient();
    const events = fakeEvents();
    const el = document.createElement('div');
    versionsTab(client, t, events, 'en', () => NOW).mount(el, on(file(5)));
    await settle();
    buttons(el, 'Name this version')[0]!.click();
    const input = el.querySelector<HTMLInputElement>('input[aria-label="Version name"]')!;
    input.value = 'Final draft';
    el.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await settle();
    await settle();
    expect(items(el)[1]).toContain('Final draft');
    buttons(el, 'Delete version')[1]!.click();
    await settle();
    await settle();
    expect(items(el)).toHaveLength(2);
    await client.restore((await client.list(7))[0]!);
    events.fire(file(3));
    await settle();
    await settle();
    expect(items(el)).toHaveLength(3);
    expect(el.querySelector<HTMLAnchorElement>('a[download]')?.getAttribute('download')).toBe('notes.txt');
  });

  it('words relative times in the interface language', () => {
    expect(relativeTime(NOW - 3 * 3600_000, NOW, 'de')).toBe('vor 3 Stunden');
  });
});
