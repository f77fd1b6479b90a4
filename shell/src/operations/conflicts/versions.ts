import { THUMBNAIL_SIZE_GRID, isFolder, nodePreviewUrl } from '@cumulus/sdk';
import type { Node } from '@cumulus/sdk';
import type { ConflictVersion } from './conflictStore';

/** A node's version in the conflict dialog: its size, date and the server's preview (files only). */
export function versionOfNode(node: Node | undefined): ConflictVersion {
  if (node === undefined) return {};
  const previewUrl = isFolder(node) ? undefined : nodePreviewUrl(node, { size: THUMBNAIL_SIZE_GRID, crop: true });
  return { size: node.size, mtime: node.mtime, ...(previewUrl === undefined ? {} : { previewUrl }) };
}

/**
 * A local file's version in the conflict dialog: its size, its date (`lastModified`) and,
 * when it is an image, the file itself, previewed through an object URL.
 */
export function versionOfFile(file: { size: number; lastModified: number }): ConflictVersion {
  const version: ConflictVersion = { size: file.size, mtime: file.lastModified };
  if (file instanceof Blob) version.previewBlob = file;
  return version;
}
