import type { FileNode, FolderNode, Node } from './types';

/**
 * Whether `node` is a folder. Decided by the `type` field, never by
 * `instanceof`: nodes are plain data that crosses bundles and the store.
 */
export function isFolder(node: Node | null | undefined): node is FolderNode {
  return node?.type === 'folder';
}

/** Whether `node` is a file, by its `type` field (see {@link isFolder}). */
export function isFile(node: Node | null | undefined): node is FileNode {
  return node?.type === 'file';
}
