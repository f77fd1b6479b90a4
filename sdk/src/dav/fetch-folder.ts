import { createNode } from '../node/create-node';
import { isFolder } from '../node/guards';
import { Permission } from '../node/permissions';
import type { FolderNode, Node } from '../node/types';
import { propfindBody } from '../node/dav-properties';
import { encodeDavPath } from './dav-props';
import { fetchDavNodes, filesRoot } from './fetch-nodes';
import type { DavSession } from './fetch-nodes';

/** A folder of the user's files and its children, as a view's `getContents` resolves. */
export interface DavFolderContents {
  folder: FolderNode;
  contents: Node[];
}

/**
 * Lists the folder at `path` of the signed-in user's files (PROPFIND Depth 1 with the
 * app's properties), for a plugin view that opens real folders below its own root
 * (a favorite folder, a shared folder). An answer without the folder itself gets a
 * read-only stand-in, so the list still shows the children.
 *
 * @throws DavRequestError when the server answers anything but 207 (404: no such folder)
 */
export async function fetchDavFolder(session: DavSession, path: string, signal?: AbortSignal): Promise<DavFolderContents> {
  const davPath = encodeDavPath(`${filesRoot(session)}${path === '/' ? '/' : path}`);
  const nodes = await fetchDavNodes(session, { method: 'PROPFIND', path: davPath, body: propfindBody(), depth: '1', ...(signal ? { signal } : {}) });
  const [first, ...contents] = nodes;
  const folder: FolderNode =
    first && isFolder(first)
      ? first
      : createNode({ type: 'folder', source: `${session.origin}/remote.php/dav${davPath}`.replace(/\/$/, ''), root: filesRoot(session), path, permissions: Permission.READ });
  return { folder, contents };
}
