import { Permission, createNode } from '@cumulus/sdk';
import type { Translate, View } from '@cumulus/sdk';
import { NOTE_ICON } from './icons';

/** The view's own tree: one empty, read-only folder (a real plugin would list its notes). */
export function notesView(t: Translate): View {
  return {
    id: 'acme-notes',
    name: t('Acme notes'),
    caption: t('Notes kept by the Acme Notes plugin'),
    icon: NOTE_ICON,
    order: 90,
    emptyTitle: t('No Acme notes yet'),
    emptyCaption: t('Notes you take with Acme Notes show up here.'),
    getContents: (path, options) => {
      if (options?.signal?.aborted) return Promise.reject(options.signal.reason);
      const folder = createNode({
        type: 'folder',
        source: new URL(`/acme-notes${path === '/' ? '' : path}`, globalThis.location.origin).href,
        root: '/acme-notes',
        path,
        permissions: Permission.READ,
      });
      return Promise.resolve({ folder, contents: [] });
    },
  };
}
