import { Permission, createNode } from '@cumulus/sdk';
import type { FolderNode, Node, Translate, View, ViewContents } from '@cumulus/sdk';
import type { Share } from './api';
import { listShares } from './api';
import { LINK_ICON, SHARING_ICON } from './icons';

const USER = 0;
const LINK = 3;

/** The signed-in user (`data-user` on `<head>`). */
function currentUser(): string {
  return globalThis.document?.head?.dataset['user'] ?? '';
}

/** The node of a share's item, at the path the user sees it (their files tree). */
export function shareNode(share: Share, uid: string, origin: string, received: boolean): Node {
  const path = share.path.startsWith('/') ? share.path : `/${share.path}`;
  return createNode({
    type: share.item_type,
    source: `${origin}/remote.php/dav/files/${encodeURIComponent(uid)}${path.split('/').map(encodeURIComponent).join('/')}`,
    root: `/files/${uid}`,
    path,
    fileid: share.item_source,
    size: share.item_size,
    mtime: share.item_mtime * 1000,
    mime: share.item_type === 'folder' ? 'httpd/unix-directory' : share.mimetype,
    permissions: received ? share.permissions & Permission.ALL : share.item_permissions & Permission.ALL,
    owner: share.uid_file_owner,
    attributes: {
      'share-types': [share.share_type],
      ...(received ? { 'mount-type': 'shared' } : {}),
      ...(share.attributes ? { 'share-attributes': share.attributes } : {}),
    } as Node['attributes'],
  });
}

/** One node per shared item (a node shared twice shows once). */
function distinct(nodes: Node[]): Node[] {
  const seen = new Set<string>();
  return nodes.filter((node) => (seen.has(node.source) ? false : (seen.add(node.source), true)));
}

/** The view's root: a read-only folder of its own. */
function viewRoot(id: string, origin: string): FolderNode {
  return createNode({ type: 'folder', source: `${origin}/sharing/${id}`, root: `/sharing/${id}`, path: '/', permissions: Permission.READ });
}

function sharesView(id: string, name: string, caption: string, icon: string, order: number, pick: () => Promise<{ shares: Share[]; received: boolean }>, t: Translate): View {
  return {
    id,
    name,
    caption,
    icon,
    order,
    emptyTitle: t('No shares'),
    emptyCaption: caption,
    async getContents(_path, options): Promise<ViewContents> {
      if (options?.signal?.aborted) throw options.signal.reason;
      const origin = globalThis.location.origin;
      const { shares, received } = await pick();
      const uid = currentUser();
      return { folder: viewRoot(id, origin), contents: distinct(shares.map((share) => shareNode(share, uid, origin, received))) };
    },
  };
}

/** 'Shared with you', 'Shared with others' and 'Shared by link' (spec §3). */
export function sharingViews(t: Translate): View[] {
  return [
    sharesView('sharingin', t('Shared with you'), t('Files and folders others shared with you will show up here'), SHARING_ICON, 20, async () => ({ shares: await listShares(true), received: true }), t),
    sharesView('sharingout', t('Shared with others'), t('Files and folders you shared will show up here'), SHARING_ICON, 21, async () => ({ shares: (await listShares()).filter((share) => share.share_type === USER), received: false }), t),
    sharesView('sharinglinks', t('Shared by link'), t('Files and folders you shared by link will show up here'), LINK_ICON, 22, async () => ({ shares: (await listShares()).filter((share) => share.share_type === LINK), received: false }), t),
  ];
}

