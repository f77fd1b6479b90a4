import type { PluginFiles, PluginNode } from '@cumulus/server/plugin-api';
import { ALL, CREATE, forItem, isExpired, today } from './rules';
import type { ShareRow, ShareStore } from './store';

/** A node as one user reaches it: in their own tree, or through a share they received. */
export interface ViewedNode {
  /** The file owner's uid. */
  owner: string;
  /** The node in the owner's tree. */
  node: PluginNode;
  /** The path as the viewer sees it, e.g. `/Photos/a.jpg` for a received `/Photos`. */
  viewerPath: string;
  /** The viewer's permission bits on the node. */
  permissions: number;
  /** The received share the viewer reaches it through, or null for the viewer's own node. */
  via: ShareRow | null;
}

/** What a user may do with a node they own: folders 31, files 27 (no CREATE). */
export function ownerPermissions(node: PluginNode): number {
  return node.type === 'folder' ? ALL : ALL & ~CREATE;
}

/** The permissions a received share gives on a node inside it (files never CREATE or DELETE). */
export function receivedPermissions(share: ShareRow, node: PluginNode): number {
  return forItem(share.permissions, node.type === 'folder');
}

/** `/a/b` is `/a` or below it. */
export function isWithin(path: string, root: string): boolean {
  return root === '/' || path === root || path.startsWith(`${root}/`);
}

/** A client's path as `/a/b` (leading slash, none trailing), or null when it names `.`/`..` or holds NUL/backslash. */
export function cleanPath(path: string): string | null {
  const segments = path.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '.' || segment === '..' || segment.includes('\0') || segment.includes('\\'))) return null;
  return `/${segments.join('/')}`;
}

/**
 * Resolves paths and nodes between users' views: the viewer's own tree, and the user shares
 * they received, mounted at each share's `file_target`. Expired shares count as gone.
 */
export class NodeViews {
  constructor(
    private readonly files: PluginFiles,
    private readonly store: ShareStore,
  ) {}

  /** The user shares `uid` received that still work. */
  async received(uid: string): Promise<ShareRow[]> {
    const now = today();
    return (await this.store.receivedBy(uid)).filter((share) => !isExpired(share.expiration, now));
  }

  /** The node at the viewer's `path`, or null (no such node, or a path that escapes). */
  async resolve(uid: string, path: string): Promise<ViewedNode | null> {
    const clean = cleanPath(path);
    if (clean === null) return null;
    for (const share of await this.received(uid)) {
      const target = share.file_target;
      if (target === null || !isWithin(clean, target) || target === '/') continue;
      const root = await this.files.getById(share.uid_file_owner, share.file_source);
      if (!root) continue;
      const rest = clean.slice(target.length);
      if (rest !== '' && root.type !== 'folder') return null;
      const node = rest === '' ? root : await this.files.stat(share.uid_file_owner, (root.path === '/' ? '' : root.path) + rest);
      if (!node) return null;
      return { owner: share.uid_file_owner, node, viewerPath: clean, permissions: receivedPermissions(share, node), via: share };
    }
    const own = await this.files.stat(uid, clean);
    return own ? { owner: uid, node: own, viewerPath: clean, permissions: ownerPermissions(own), via: null } : null;
  }

  /** How `uid` sees the owner's `node`: their own, or through a received share; null when they cannot reach it. */
  async view(uid: string, owner: string, node: PluginNode): Promise<ViewedNode | null> {
    if (uid === owner) return { owner, node, viewerPath: node.path, permissions: ownerPermissions(node), via: null };
    for (const share of await this.received(uid)) {
      if (share.uid_file_owner !== owner || share.file_target === null) continue;
      const root = await this.files.getById(owner, share.file_source);
      if (!root || !isWithin(node.path, root.path)) continue;
      const viewerPath = share.file_target + node.path.slice(root.path === '/' ? 0 : root.path.length);
      return { owner, node, viewerPath, permissions: receivedPermissions(share, node), via: share };
    }
    return null;
  }
}
