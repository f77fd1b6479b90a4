import { Permission, createNode } from '@cumulus/sdk';
import type { Translate, View, ViewContents } from '@cumulus/sdk';
import { HELLO_ICON } from './icons';

/** The root of the view's own (empty) tree; a view may list anything, not only the user's files. */
const HELLO_ROOT = '/hello';

/** Lists `path` of the Hello view: always an empty, read-only folder. */
export function helloContents(path: string, origin: string): Promise<ViewContents> {
  const folder = createNode({
    type: 'folder',
    source: new URL(`${HELLO_ROOT}${path === '/' ? '' : path}`, origin).href,
    root: HELLO_ROOT,
    path,
    permissions: Permission.READ,
  });
  return Promise.resolve({ folder, contents: [] });
}

/** The Hello view of the left navigation. */
export function helloView(t: Translate): View {
  return {
    id: 'hello',
    name: t('Hello'),
    caption: t('An example view from the Hello plugin'),
    icon: HELLO_ICON,
    order: 100,
    emptyTitle: t('Hello!'),
    emptyCaption: t('This view comes from a plugin and has nothing in it.'),
    getContents: (path, options) => {
      if (options?.signal?.aborted) return Promise.reject(options.signal.reason);
      return helloContents(path, globalThis.location.origin);
    },
  };
}
