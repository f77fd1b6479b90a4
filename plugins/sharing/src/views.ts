import { Permission, createNode, encodeDavPath, fetchDavFolder, fetchDavNodes, filesRoot, isFolder, propfindBody, readDavSession } from '@cumulus/sdk';
import type { DavSession, FolderNode, Node, Translate, View, ViewContents } from '@cumulus/sdk';
import type { Share } from './api';
import { listShares } from './api';
import { LINK_ICON, SHARING_ICON } from './icons';
import { currentUser } from './shareLabels';

const USER = 0;
const LINK = 3;

/**
 * The node of a share's item, at the path the user sees it (their files tree). A received
 * share is the root of a mount there: its recipient may rename, move and leave it whatever
 * the share grants inside (UPDATE and DELETE, as the server's `oc:permissions` of a mount root).
 */
export function shareNode(share: Share, uid: string, origin: string, received: boolean): Node {
  const path = share.path.startsWith('/') ? share.path : `/${share.path}`;
  return createNode({
    type: share.item_type,
    source: `${origin}/remote.php/dav/files/${encodeURIComponent(uid)}${encodeDavPath(path)}`,
    root: `/files/${uid}`,
    path,
    fileid: share.item_source,
    size: share.item_size,
    mtime: share.item_mtime * 1000,
    mime: share.item_type === 'folder' ? 'httpd/unix-directory' : share.mimetype,
    permissions: received ? (share.permissions | Permission.UPDATE | Permission.DELETE) & Permission.ALL : share.item_permissions & Permission.ALL,
    owner: share.uid_file_owner,
    attributes: {
      'share-types': [share.share_type],
      ...(received ? { 'mount-type': 'shared', 'is-mount-root': true, 'owner-display-name': share.displayname_file_owner } : {}),
      ...(share.attributes ? { 'share-attributes': share.attributes } : {}),
    } as Node['attributes'],
  });
}

/** Shared items' nodes read over WebDAV at once, at most. */
const DAV_READS_AT_ONCE = 6;

/**
 * Each item as WebDAV describes it at the user's path (PROPFIND Depth 0, a few at a time):
 * the share API tells no etag, and the user's permissions there are WebDAV's to say, so the
 * Details tab and the actions see what the Files view sees. An item WebDAV does not answer
 * with the same file id keeps the share's node.
 */
async function asDavNodes(items: readonly Node[], session: DavSession, signal?: AbortSignal): Promise<Node[]> {
  const out = items.slice();
  let next = 0;
  const read = async (): Promise<void> => {
    while (next < items.length) {
      const at = next;
      next += 1;
      const item = items[at] as Node;
      try {
        const [node] = await fetchDavNodes(session, { method: 'PROPFIND', path: encodeDavPath(`${filesRoot(session)}${item.path}`), body: propfindBody(), depth: '0', ...(signal ? { signal } : {}) });
        if (node !== undefined && node.fileid !== undefined && node.fileid === item.fileid) out[at] = node;
      } catch (error) {
        if (signal?.aborted) throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(DAV_READS_AT_ONCE, items.length) }, read));
  return out;
}

/** One node per shared item (a node shared twice shows once). */
function distinct(nodes: Node[]): Node[] {
  const seen = new Set<string>();
  return nodes.filter((node) => (seen.has(node.source) ? false : (seen.add(node.source), true)));
}

/** Whether `path` is `folder` or lies below it. */
function isWithin(path: string, folder: string): boolean {
  return path === folder || path.startsWith(`${folder}/`);
}

/**
 * A folder of the view's own (read-only, not the user's): the view's root at `/`, or a folder
 * on the way down to shared items, which lists only the shared items below it.
 */
function viewFolder(id: string, origin: string, path: string): FolderNode {
  return createNode({ type: 'folder', source: `${origin}/sharing/${id}${path === '/' ? '' : encodeDavPath(path)}`, root: `/sharing/${id}`, path, permissions: Permission.READ });
}

/**
 * Lists `path` of a sharing view. The view's paths are the user's own, so a shared folder
 * opens where the user has it and its breadcrumbs name its real parents:
 * - `/`: every shared item;
 * - inside a shared folder (or the folder itself): the real folder over WebDAV, with the
 *   user's permissions and share attributes there (download restrictions included);
 * - a folder on the way to shared items (a breadcrumb above a share): the shared items below it.
 */
export function sharesContents(id: string, pick: () => Promise<{ shares: Share[]; received: boolean }>): View['getContents'] {
  return async (path, options) => {
    const signal = options?.signal;
    if (signal?.aborted) throw signal.reason;
    const session = readDavSession();
    const uid = session.uid || currentUser();
    const { shares, received } = await pick();
    const items = distinct(shares.map((share) => shareNode(share, uid, session.origin, received)));
    if (path !== '/' && items.some((item) => isFolder(item) && isWithin(path, item.path))) return fetchDavFolder(session, path, signal);
    const below = path === '/' ? items : items.filter((item) => item.path !== path && isWithin(item.path, path));
    return { folder: viewFolder(id, session.origin, path), contents: await asDavNodes(below, session, signal) } satisfies ViewContents;
  };
}

function sharesView(id: string, name: string, caption: string, icon: string, order: number, pick: () => Promise<{ shares: Share[]; received: boolean }>, t: Translate): View {
  return { id, name, caption, icon, order, emptyTitle: t('No shares'), emptyCaption: caption, getContents: sharesContents(id, pick) };
}

/** 'Shared with you', 'Shared with others' and 'Shared by link' (product §3). */
export function sharingViews(t: Translate): View[] {
  return [
    sharesView('sharingin', t('Shared with you'), t('Files and folders others shared with you will show up here'), SHARING_ICON, 20, async () => ({ shares: await listShares(true), received: true }), t),
    sharesView('sharingout', t('Shared with others'), t('Files and folders you shared will show up here'), SHARING_ICON, 21, async () => ({ shares: (await listShares()).filter((share) => share.share_type === USER), received: false }), t),
    sharesView('sharinglinks', t('Shared by link'), t('Files and folders you shared by link will show up here'), LINK_ICON, 22, async () => ({ shares: (await listShares()).filter((share) => share.share_type === LINK), received: false }), t),
  ];
}
