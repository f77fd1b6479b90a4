import { Permission, createNode } from '@cumulus/sdk';
import type { EventBus, NewMenuEntry, Translate } from '@cumulus/sdk';
import { NOTE_ICON } from './icons';

/** What a new note holds. */
export const NOTE_TEXT = 'Written by Acme Notes\n';

/**
 * A New menu entry: writes "Acme note.txt" into the open folder through the
 * server's public WebDAV API (a third-party plugin has no other way in), as
 * the signed-in user, and announces the file so the list shows it at once. The
 * request is cancelled (`ctx.signal`) when the user leaves the folder first.
 */
export function newNoteEntry(t: Translate, events: Pick<EventBus, 'emit'>): NewMenuEntry {
  return {
    id: 'acme-new-note',
    displayName: t('New Acme note'),
    iconSvgInline: NOTE_ICON,
    category: 'create-new',
    enabled: (folder) => (folder.permissions & Permission.CREATE) !== 0,
    handler: async ({ folder, signal }) => {
      const source = `${folder.source.replace(/\/+$/, '')}/${encodeURIComponent('Acme note.txt')}`;
      // The page carries the session's CSRF token, as Nextcloud pages do.
      const requestToken = document.head.dataset['requesttoken'] ?? '';
      const response = await fetch(source, { method: 'PUT', credentials: 'same-origin', headers: { requesttoken: requestToken, 'Content-Type': 'text/plain' }, body: NOTE_TEXT, signal });
      if (!response.ok) throw new Error(`Writing the note answered HTTP ${response.status}`);
      const fileid = Number.parseInt((response.headers.get('oc-fileid') ?? '').slice(0, 8), 10);
      const node = createNode({
        type: 'file',
        source,
        root: folder.root,
        mime: 'text/plain',
        size: new TextEncoder().encode(NOTE_TEXT).length,
        mtime: Date.now(),
        permissions: Permission.ALL,
        ...(Number.isFinite(fileid) ? { fileid } : {}),
      });
      events.emit('files:node:created', { node });
    },
  };
}
