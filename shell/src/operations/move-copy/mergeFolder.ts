import { isFolder } from '@cumulus/sdk';
import type { Node } from '@cumulus/sdk';
import type { DavService } from '../../services/dav/davService';

/**
 * Moves the folder `source` into the existing folder at `targetPath` by
 * merging (product §4 "Conflict choices": an incoming folder merges into the
 * existing one, recursively, and conflicting files inside are overwritten):
 * each child moves over with Overwrite T, a sub-folder present on both
 * sides merges the same way, and the emptied source folder is deleted. A
 * plain MOVE with Overwrite T would delete the existing folder's own files.
 */
export async function mergeFolder(dav: Pick<DavService, 'list' | 'move' | 'remove'>, source: Node, targetPath: string): Promise<void> {
  const [incoming, present] = await Promise.all([dav.list(source.path), dav.list(targetPath)]);
  const presentByName = new Map(present.contents.map((node) => [node.basename, node]));
  for (const child of incoming.contents) {
    const there = presentByName.get(child.basename);
    if (there !== undefined && isFolder(there) && isFolder(child)) await mergeFolder(dav, child, there.path);
    else await dav.move(child, targetPath, { overwrite: there !== undefined });
  }
  await dav.remove(source);
}
