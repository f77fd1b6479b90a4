import { isFolder } from './guards';
import { extensionOf, joinPath, lastSegment, parentPath, trimTrailingSlashes } from './path';
import { Permission } from './permissions';
import type { Permissions } from './permissions';
import type { FileNode, FolderNode, Node, NodeAttributes, NodeStatus, NodeType } from './types';

/** MIME type of every folder, as WebDAV servers of the Nextcloud dialect report it. */
export const FOLDER_MIME = 'httpd/unix-directory';

/** MIME type given to a file whose type the server did not tell. */
export const DEFAULT_FILE_MIME = 'application/octet-stream';

const NODE_STATUSES: readonly NodeStatus[] = ['loading', 'failed', 'empty'];

/**
 * What {@link createNode} needs to build a node. Everything the node can
 * derive (dirname, basename, extension) is left out on purpose, so that it
 * can never disagree with the source and path.
 */
export interface NodeInit {
  /** Absolute http(s) URL of the node; a trailing slash is dropped. */
  source: string;
  /** File or folder. */
  type: NodeType;
  /** The root the path is relative to, starting with '/', for example `/files/alice`. */
  root: string;
  /**
   * Path below the root, starting with '/'. When left out it is read from
   * the source: the part of the decoded URL path after the root.
   */
  path?: string;
  /** Name to show; defaults to the basename. */
  displayname?: string;
  /** Numeric id given by the server (a non-negative integer). */
  fileid?: number;
  /** Size in bytes; negative means unknown. */
  size?: number;
  /** Last modification time, milliseconds since the epoch. */
  mtime?: number;
  /** Creation time, milliseconds since the epoch. */
  crtime?: number;
  /** Permission bits within 0..31; defaults to {@link Permission.NONE}. */
  permissions?: Permissions;
  /** Transient list state. */
  status?: NodeStatus;
  /** Owner's user id; defaults to null (unknown). */
  owner?: string | null;
  /** MIME type; defaults to {@link FOLDER_MIME} for folders and {@link DEFAULT_FILE_MIME} for files. */
  mime?: string;
  /** Sources of the children of a folder. */
  _children?: string[];
  /** Further attributes (product §3). */
  attributes?: NodeAttributes;
}

/**
 * Thrown by {@link createNode} and the functions built on it when the input
 * cannot make a valid node. Recognise it by `code`, not `instanceof`.
 */
export class InvalidNodeError extends Error {
  /** Stable tag for recognising the error across bundles. */
  readonly code = 'invalid-node';
  /** The {@link NodeInit} field that was wrong. */
  readonly field: string;

  /** @param field - the offending field; @param reason - what is wrong with it. */
  constructor(field: string, reason: string) {
    super(`Invalid node: ${field} ${reason}`);
    this.name = 'InvalidNodeError';
    this.field = field;
  }
}

function parseSource(source: string): URL {
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    throw new InvalidNodeError('source', `must be an absolute http(s) URL, got "${source}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidNodeError('source', `must be an absolute http(s) URL, got "${source}"`);
  }
  return url;
}

function decodedPathname(url: URL): string {
  try {
    return trimTrailingSlashes(url.pathname.split('/').map(decodeURIComponent).join('/'));
  } catch {
    throw new InvalidNodeError('source', 'holds a malformed percent-encoding');
  }
}

/** The path below `root` read from the decoded URL path, or undefined when the root is not in it. */
function pathFromSource(pathname: string, root: string): string | undefined {
  if (root === '/') return pathname || '/';
  if (pathname.endsWith(root)) return '/';
  const at = pathname.indexOf(`${root}/`);
  return at === -1 ? undefined : pathname.slice(at + root.length);
}

function checkNumber(field: string, value: number | undefined, integer: boolean, min = -Infinity): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isInteger(value)) || value < min) {
    throw new InvalidNodeError(field, `must be a finite ${integer ? 'integer' : 'number'}${min > -Infinity ? ` of at least ${min}` : ''}, got ${String(value)}`);
  }
}

/**
 * Build a folder node from `init` (product §3): a plain, serialisable object
 * that can live in the store as it is. Derives `dirname`, `basename`,
 * `extension` ('' for folders) and `displayname` (the basename unless given).
 * The result is typed {@link FolderNode}.
 *
 * @param init the node's fields, with `type: 'folder'`
 * @returns a plain folder node
 * @throws {@link InvalidNodeError} when the source is not an absolute http(s)
 * URL, the root or path does not start with '/', the path cannot be read from
 * the source, the permissions are outside 0..31, the type, status, owner or
 * MIME type is not one the model knows, or a number field is not finite.
 */
export function createNode(init: NodeInit & { type: 'folder' }): FolderNode;
/**
 * Build a file node from `init` (see the folder overload for what is derived
 * and checked); the result is typed {@link FileNode}, its `extension` taken
 * from the basename.
 *
 * @param init the node's fields, with `type: 'file'`
 * @returns a plain file node
 * @throws {@link InvalidNodeError} when a field breaks the model's rules
 */
export function createNode(init: NodeInit & { type: 'file' }): FileNode;
/**
 * Build a node whose type is only known at run time (for example from a
 * WebDAV `resourcetype`); the result is a {@link Node}, narrowed with
 * `isFile` / `isFolder`.
 *
 * @param init the node's fields; `type` must be 'file' or 'folder'
 * @returns a plain node
 * @throws {@link InvalidNodeError} when a field breaks the model's rules, including an unknown type
 */
export function createNode(init: NodeInit): Node;
export function createNode(init: NodeInit): Node {
  if (init.type !== 'file' && init.type !== 'folder') {
    throw new InvalidNodeError('type', `must be "file" or "folder", got ${JSON.stringify(init.type)}`);
  }
  const url = parseSource(init.source);
  if (typeof init.root !== 'string' || !init.root.startsWith('/')) {
    throw new InvalidNodeError('root', `must start with "/", got ${JSON.stringify(init.root)}`);
  }
  const root = trimTrailingSlashes(init.root);

  let path: string;
  if (init.path !== undefined) {
    if (typeof init.path !== 'string' || !init.path.startsWith('/')) {
      throw new InvalidNodeError('path', `must start with "/", got ${JSON.stringify(init.path)}`);
    }
    path = trimTrailingSlashes(init.path);
  } else {
    const fromSource = pathFromSource(decodedPathname(url), root);
    if (fromSource === undefined) {
      throw new InvalidNodeError('root', `"${root}" is not part of the source "${init.source}"`);
    }
    path = fromSource;
  }

  const permissions = init.permissions ?? Permission.NONE;
  if (!Number.isInteger(permissions) || permissions < Permission.NONE || permissions > Permission.ALL) {
    throw new InvalidNodeError('permissions', `must be an integer within 0..31, got ${String(permissions)}`);
  }
  checkNumber('fileid', init.fileid, true, 0);
  checkNumber('size', init.size, false);
  checkNumber('mtime', init.mtime, false);
  checkNumber('crtime', init.crtime, false);
  if (init.status !== undefined && !NODE_STATUSES.includes(init.status)) {
    throw new InvalidNodeError('status', `must be one of ${NODE_STATUSES.join(', ')}, got ${JSON.stringify(init.status)}`);
  }
  const owner = init.owner ?? null;
  if (owner !== null && typeof owner !== 'string') {
    throw new InvalidNodeError('owner', 'must be a string or null');
  }
  const mime = init.mime ?? (init.type === 'folder' ? FOLDER_MIME : DEFAULT_FILE_MIME);
  if (typeof mime !== 'string' || !mime.includes('/')) {
    throw new InvalidNodeError('mime', `must be a MIME type such as "text/plain", got ${JSON.stringify(mime)}`);
  }
  if (init.displayname !== undefined && typeof init.displayname !== 'string') {
    throw new InvalidNodeError('displayname', 'must be a string');
  }

  // The root folder itself has the path '/': its name is the root's last segment.
  const basename = path === '/' ? lastSegment(root) : lastSegment(path);
  const source = url.pathname === '/' ? url.href : url.href.replace(/\/+$/, '');

  const node: Node = {
    source,
    path,
    dirname: parentPath(path),
    basename,
    displayname: init.displayname || basename,
    extension: init.type === 'folder' ? '' : extensionOf(basename),
    type: init.type,
    permissions,
    root,
    owner,
    mime,
    attributes: { ...init.attributes },
  };
  if (init.fileid !== undefined) node.fileid = init.fileid;
  if (init.size !== undefined) node.size = init.size;
  if (init.mtime !== undefined) node.mtime = init.mtime;
  if (init.crtime !== undefined) node.crtime = init.crtime;
  if (init.status !== undefined) node.status = init.status;
  if (init._children !== undefined) node._children = [...init._children];
  return node;
}

/** The {@link NodeInit} that rebuilds `node`, without its derived fields. */
function toInit(node: Node): NodeInit {
  const { dirname: _dirname, basename: _basename, extension: _extension, ...init } = node;
  return init;
}

/**
 * After a rename or move the children's sources point to the old place, so
 * the list is dropped: the folder's contents must be fetched again.
 */
function withoutChildren(init: NodeInit): NodeInit {
  const { _children: _dropped, ...rest } = init;
  return rest;
}

/** The displayname after the basename changes: it follows the basename only when it was the basename. */
function nextDisplayname(node: Node, basename: string): string {
  return node.displayname === node.basename ? basename : node.displayname;
}

/**
 * A copy of `node` called `newBasename` in the same folder, with source,
 * path, basename, extension and (when it was the basename) displayname
 * recomputed. The input node is not changed.
 *
 * @throws {@link InvalidNodeError} when the new name is empty, holds a '/'
 * or is '.' or '..'. Product rules on names (product §5) are checked by
 * `validateFilename`/`validateRename`, not here.
 */
export function renameNode<T extends Node>(node: T, newBasename: string): T {
  if (newBasename === '' || newBasename.includes('/') || newBasename === '.' || newBasename === '..') {
    throw new InvalidNodeError('basename', `must be a single path segment, got ${JSON.stringify(newBasename)}`);
  }
  const parentSource = node.source.slice(0, node.source.lastIndexOf('/'));
  return createNode({
    ...withoutChildren(toInit(node)),
    source: `${parentSource}/${encodeURIComponent(newBasename)}`,
    path: joinPath(node.dirname, newBasename),
    displayname: nextDisplayname(node, newBasename),
  }) as T;
}

/**
 * A copy of `node` at the absolute URL `destination` (its new source), with
 * the path read from the new source below the node's root, or below
 * `options.root` when the move crosses roots. The input node is not changed.
 *
 * @throws {@link InvalidNodeError} when the destination is not an absolute
 * http(s) URL or does not lie below the root.
 */
export function moveNode<T extends Node>(node: T, destination: string, options: { root?: string } = {}): T {
  const url = parseSource(destination);
  const basename = lastSegment(decodedPathname(url));
  const { path: _path, ...init } = withoutChildren(toInit(node));
  return createNode({
    ...init,
    source: destination,
    root: options.root ?? node.root,
    displayname: nextDisplayname(node, basename),
  }) as T;
}

/**
 * A copy of `node` moved into `folder`, keeping its basename: source, path
 * and root come from the folder.
 */
export function moveNodeInto<T extends Node>(node: T, folder: FolderNode): T {
  if (!isFolder(folder)) {
    throw new InvalidNodeError('destination', 'must be a folder');
  }
  return createNode({
    ...withoutChildren(toInit(node)),
    source: `${folder.source.replace(/\/+$/, '')}/${encodeURIComponent(node.basename)}`,
    path: joinPath(folder.path, node.basename),
    root: folder.root,
  }) as T;
}
