/**
 * @jest-environment jsdom
 */
import { describe, expect, it, jest } from '@jest/globals';
import { activatePlugin, createEventBus, createNode, createRegistries, entryContext, isPluginDefinition } from '@cumulus/sdk';
import type { ConfirmOptions, Dialogs, FolderNode, Node, View } from '@cumulus/sdk';
import trash from './index';
import { deletedBy, deletedColumn, deletedText, deletionTime, originalLocation } from './columns';
import { emptyTrashAction } from './emptyTrashAction';
import { parseTrash, trashbinClient } from './trashbin-client';
import type { Session } from './trashbin-client';

const session: Session = { origin: 'http://cloud.test', uid: 'tina', requestToken: 'token' };
const t = (key: string, vars?: Record<string, unknown>) => (vars ? `${key} ${JSON.stringify(vars)}` : key);

const MULTISTATUS = `<?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns" xmlns:nc="http://nextcloud.org/ns">
<d:response><d:href>/remote.php/dav/trashbin/tina/trash/</d:href><d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>
<d:response><d:href>/remote.php/dav/trashbin/tina/trash/report%20v2.pdf.d1735689600</d:href><d:propstat><d:prop>
<nc:trashbin-filename>report v2.pdf</nc:trashbin-filename><nc:trashbin-original-location>Docs/2024/report v2.pdf</nc:trashbin-original-location>
<nc:trashbin-deletion-time>1735689600</nc:trashbin-deletion-time><nc:trashbin-deleted-by-id>bob</nc:trashbin-deleted-by-id><nc:trashbin-deleted-by-display-name>Bob Recipient</nc:trashbin-deleted-by-display-name><oc:fileid>42</oc:fileid><oc:size>9</oc:size><d:getcontenttype>application/pdf</d:getcontenttype><d:resourcetype/>
</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>
<d:response><d:href>/remote.php/dav/trashbin/tina/trash/Album.d1735689000/</d:href><d:propstat><d:prop>
<nc:trashbin-filename>Album</nc:trashbin-filename><nc:trashbin-original-location>/Album</nc:trashbin-original-location>
<nc:trashbin-deletion-time>1735689000</nc:trashbin-deletion-time><oc:fileid>7</oc:fileid><oc:size>4</oc:size><d:resourcetype><d:collection/></d:resourcetype>
</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>`;

describe('the trash’s web part', () => {
  it('parses the trashbin listing into rows named as they were, with no permissions', () => {
    const { folder, contents } = parseTrash(MULTISTATUS, session);
    expect(folder.type).toBe('folder');
    expect(contents.map((node) => [node.displayname, node.type, node.fileid, node.size, node.permissions])).toEqual([
      ['report v2.pdf', 'file', 42, 9, 0],
      ['Album', 'folder', 7, 4, 0],
    ]);
    const [report, album] = contents as [Node, Node];
    expect(originalLocation(report, t)).toBe('Docs/2024');
    // A leading slash (an item a share recipient deleted) is stripped; top level is 'All files'.
    expect(originalLocation(album, t)).toBe('All files');
    expect(deletionTime(report)).toBe(1735689600);
    // Who deleted it: someone else by name (a share's recipient), the user as 'You', nobody known as 'Unknown'.
    expect(deletedBy(report, 'tina', t)).toBe('Bob Recipient');
    expect(deletedBy(report, 'bob', t)).toBe('You');
    expect(deletedBy(album, 'tina', t)).toBe('Unknown');
    expect(report.mtime).toBe(1735689600 * 1000);
  });

  it('restores with a MOVE to restore/, deletes and empties with DELETE, and reports the server’s message', async () => {
    const calls: [string, string, Record<string, string>][] = [];
    const fetchImpl = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push([String(init?.method), String(input), (init?.headers ?? {}) as Record<string, string>]);
      // jsdom has no Response: the few members the client reads.
      const answer = (status: number, body = '') => ({ ok: status < 300, status, statusText: '', text: async () => body }) as Response;
      if (init?.method === 'DELETE' && String(input).endsWith('/trash')) return answer(403, '<d:error xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns"><s:message>Not allowed</s:message></d:error>');
      return answer(init?.method === 'MOVE' ? 201 : 204);
    }) as unknown as typeof fetch;
    const client = trashbinClient(session, fetchImpl);
    const [report] = parseTrash(MULTISTATUS, session).contents as [Node];
    await client.restore(report);
    await client.remove(report);
    await expect(client.empty()).rejects.toThrow('Not allowed');
    expect(calls.map(([method, url]) => `${method} ${url}`)).toEqual([
      'MOVE http://cloud.test/remote.php/dav/trashbin/tina/trash/report%20v2.pdf.d1735689600',
      'DELETE http://cloud.test/remote.php/dav/trashbin/tina/trash/report%20v2.pdf.d1735689600',
      'DELETE http://cloud.test/remote.php/dav/trashbin/tina/trash',
    ]);
    expect(calls[0]?.[2]).toMatchObject({ destination: 'http://cloud.test/remote.php/dav/trashbin/tina/restore/report%20v2.pdf.d1735689600', requesttoken: 'token' });
  });

  it('empties only after the user confirms in the app’s dialog, and only in the trash with something in it', async () => {
    const empty = jest.fn(async () => undefined);
    const client = { ...trashbinClient(session), empty };
    const removed = jest.fn();
    const view = { id: 'trashbin' } as View;
    const { folder, contents } = parseTrash(MULTISTATUS, session);
    const asked: ConfirmOptions[] = [];
    const answering = (yes: boolean): Dialogs => ({ confirm: async (options) => (asked.push(options), yes) });
    const refused = emptyTrashAction(client, t, removed, answering(false));
    expect(refused.enabled?.(view, contents, folder)).toBe(true);
    expect(refused.enabled?.(view, [], folder)).toBe(false);
    expect(refused.enabled?.({ id: 'files' } as View, contents, folder)).toBe(false);
    await expect(refused.exec(entryContext({ nodes: contents, view, folder }))).resolves.toBeNull();
    expect(empty).not.toHaveBeenCalled();
    expect(asked).toEqual([
      {
        title: 'Confirm permanent deletion',
        message: 'Are you sure you want to permanently delete all files and folders in the trash? This cannot be undone.',
        confirmLabel: 'Empty deleted files',
        destructive: true,
      },
    ]);
    const confirmed = emptyTrashAction(client, t, removed, answering(true));
    await expect(confirmed.exec(entryContext({ nodes: contents, view, folder }))).resolves.toBe(true);
    expect(empty).toHaveBeenCalledTimes(1);
    expect(removed).toHaveBeenCalledTimes(2);
  });

  it('registers the view, its actions and the empty action, translated', async () => {
    const h = { registries: createRegistries(), events: createEventBus(), t: (key: string) => `«${key}»` };
    expect(isPluginDefinition(trash)).toBe(true);
    await activatePlugin(h, trash);
    const view = h.registries.views.get('trashbin');
    expect(view?.name).toBe('«Deleted files»');
    expect(view?.defaultSortKey).toBe('deleted');
    expect(view?.columns?.map((column) => column.title)).toEqual(['«Original location»', '«Deleted by»', '«Deleted»']);
    expect([view?.emptyTitle, view?.emptyCaption]).toEqual(['«No deleted files»', '«Files and folders you have deleted will show up here»']);
    expect(h.registries.fileActions.getAll().map((action) => action.id)).toEqual(['trash-open-nothing', 'restore', 'delete-permanently']);
    expect(h.registries.fileListActions.get('empty-trash')?.displayName(view as View)).toBe('«Empty deleted files»');
  });
});

describe('the Deleted column', () => {
  const now = Date.UTC(2026, 11, 1, 21, 43);
  const at = (ms: number) => ({ attributes: { 'trashbin-deletion-time': Math.floor(ms / 1000) } }) as unknown as Node;

  it("says when relative to now, short enough for its column ('5 minutes ago', 'yesterday'), the full date in the tooltip, on one line", () => {
    expect(deletedText(Math.floor(now / 1000) - 300, now, 'en')).toBe('5 minutes ago');
    expect(deletedText(Math.floor(now / 1000) - 26 * 3600, now, 'en')).toBe('yesterday');
    expect(deletedText(Math.floor(now / 1000) - 10, now, 'de')).toBe('jetzt');
    // A long form that would not fit the column takes the short one.
    expect(deletedText(Math.floor(now / 1000) - 23 * 3600, now, 'sv')).toBe(new Intl.RelativeTimeFormat('sv', { numeric: 'auto', style: 'short' }).format(-23, 'hour'));
    const column = deletedColumn((key) => key, 'en', () => now);
    const trashRoot = createNode({ type: 'folder', source: 'http://cloud.test/remote.php/dav/trashbin/tina/trash', root: '/trashbin/tina', path: '/' }) as FolderNode;
    const cell = column.render(entryContext({ nodes: [at(now - 3 * 24 * 3600e3)], view: {} as View, folder: trashRoot }));
    expect(cell.textContent).toBe('3 days ago');
    expect(cell.title).toBe(new Date(now - 3 * 24 * 3600e3).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' }));
    expect(cell.style.whiteSpace).toBe('nowrap');
    expect(column.render(entryContext({ nodes: [at(0)], view: {} as View, folder: trashRoot })).textContent).toBe('A long time ago');
  });
});
