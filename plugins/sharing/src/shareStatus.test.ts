/**
 * @jest-environment jsdom
 */
import { beforeEach, describe, expect, it } from '@jest/globals';
import { Permission, createNode, entryContext } from '@cumulus/sdk';
import type { FolderNode, Node, NodeAttributes, ShellCommands, View } from '@cumulus/sdk';
import { shareIndicator } from './rowIndicator';
import { shareButton } from './shareButton';

const t = (key: string, vars?: Record<string, string | number>): string => `«${key.replace(/\{(\w+)\}/g, (_m, name: string) => String(vars?.[name] ?? ''))}»`;
const view = {} as View;
const node = (path: string, init: { owner?: string; permissions?: number; attributes?: NodeAttributes; type?: 'file' | 'folder' } = {}): Node =>
  createNode({ type: init.type ?? 'folder', source: `http://cloud/remote.php/dav/files/alice${path}`, root: '/files/alice', path, permissions: init.permissions ?? Permission.ALL, owner: init.owner ?? 'alice', attributes: init.attributes ?? {} });

beforeEach(() => {
  document.head.dataset['user'] = 'alice';
});

describe('the share indicator of rows', () => {
  const badge = (target: Node) => shareIndicator(t).badge(entryContext({ nodes: [target], view, folder: node('/') as FolderNode }));

  it("labels the user's shared nodes with the spec's 'Shared' and 'Shared by link', and shows nothing on unshared ones", () => {
    expect(badge(node('/A', { attributes: { 'share-types': [0] } }))?.label).toBe('«Shared»');
    expect(badge(node('/B', { attributes: { 'share-types': [0, 3] } }))?.label).toBe('«Shared by link»');
    expect(badge(node('/C', { attributes: { 'share-types': [] } }))).toBeNull();
    expect(badge(node('/D', { permissions: Permission.READ, attributes: { 'share-types': [3] } }))).toBeNull();
  });

  it("names who shared a received node: 'Shared with you by {owner}', the display name first", () => {
    expect(badge(node('/Photos', { owner: 'bob', attributes: { 'mount-type': 'shared', 'owner-display-name': 'Bob B.', 'share-types': [0] } }))?.label).toBe('«Shared with you by Bob B.»');
    expect(badge(node('/Photos/x.txt', { type: 'file', owner: 'bob', permissions: Permission.READ, attributes: { 'mount-type': 'shared' } }))?.label).toBe('«Shared with you by bob»');
  });

  it('opens the Sharing tab of the node on a click', async () => {
    const opened: [string, string | undefined][] = [];
    const shell: ShellCommands = { openDetails: (target, tab) => (opened.push([target.path, tab]), true) };
    await shareIndicator(t).exec?.(entryContext({ nodes: [node('/A', { attributes: { 'share-types': [3] } })], view, folder: node('/') as FolderNode, shell }));
    expect(opened).toEqual([['/A', 'sharing']]);
  });
});

describe('the share button of the breadcrumb bar', () => {
  const button = shareButton(t);
  const folder = (path: string, permissions: number, types: number[] = []) => node(path, { permissions, attributes: { 'share-types': types } }) as FolderNode;

  it("is labelled 'Share', 'Shared' or 'Shared by link' (product §2)", () => {
    expect(button.displayName(folder('/A', Permission.ALL), view)).toBe('«Share»');
    expect(button.displayName(folder('/A', Permission.ALL, [0]), view)).toBe('«Shared»');
    expect(button.displayName(folder('/A', Permission.ALL, [3, 0]), view)).toBe('«Shared by link»');
  });

  it('is offered only on a folder with share permission, never on the root (product §6)', () => {
    expect(button.enabled?.(folder('/A', Permission.ALL), view)).toBe(true);
    expect(button.enabled?.(folder('/A', Permission.READ | Permission.UPDATE), view)).toBe(false);
    expect(button.enabled?.(folder('/', Permission.ALL), view)).toBe(false);
  });

  it('opens the Sharing tab of the folder on screen', async () => {
    const opened: string[] = [];
    const onScreen = folder('/A', Permission.ALL);
    await button.exec(entryContext({ nodes: [onScreen], view, folder: onScreen, shell: { openDetails: (target, tab) => (opened.push(`${target.path}#${tab}`), true) } }));
    expect(opened).toEqual(['/A#sharing']);
  });
});
