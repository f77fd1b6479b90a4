import type { PluginMountPlacement } from '../plugin-api';
import { isWithin } from '../storage/model/paths';
import type { NodeChange } from './types';

/** What the fan-out reads: where the owner's nodes are mounted, and where a mounted node is in the owner's tree now. */
export interface MountFanOutSources {
  /** Where nodes of `owner`'s tree are mounted in other users' trees (the mount providers' placements). */
  placementsOf(owner: string): Promise<readonly PluginMountPlacement[]>;
  /** The path of the owner's node `fileid` now, or null when it is gone. */
  pathOf(owner: string, fileid: number): Promise<string | null>;
}

/** `path` of the owner's tree as the user of `placement` sees it (the mounted node at `root`), or null when outside it. */
function seenAt(path: string, root: string, placement: PluginMountPlacement): string | null {
  if (!isWithin(path, root)) return null;
  return placement.path + path.slice(root === '/' ? 0 : root.length);
}

/**
 * The changes other users see of `changes`: each change of a node inside a mount (a received
 * share) again for each user whose tree shows it, at that user's path. A move within the
 * mount stays a move, a move out of it is a deletion there, a move into it a new node; a
 * change of the mounted node itself is a change at the mount's path (where the owner keeps it
 * does not matter to the others). The mounted node's deletion is left to the provider (it
 * drops the mount and tells its users). Written with the owner's changes into the shared
 * table, so every server process delivers them.
 */
export async function fanOutToMounts(changes: readonly NodeChange[], sources: MountFanOutSources): Promise<NodeChange[]> {
  const placements = new Map<string, Promise<readonly PluginMountPlacement[]>>();
  const roots = new Map<string, Promise<string | null>>();
  const placementsOf = (owner: string): Promise<readonly PluginMountPlacement[]> => {
    let found = placements.get(owner);
    if (!found) placements.set(owner, (found = sources.placementsOf(owner)));
    return found;
  };
  const rootOf = (owner: string, fileid: number): Promise<string | null> => {
    const key = `${owner}\0${fileid}`;
    let found = roots.get(key);
    if (!found) roots.set(key, (found = sources.pathOf(owner, fileid)));
    return found;
  };
  const out: NodeChange[] = [];
  for (const change of changes) {
    for (const placement of await placementsOf(change.uid)) {
      if (placement.uid === change.uid) continue;
      const rest: NodeChange = { uid: change.uid, path: change.path, fileid: change.fileid, type: change.type, etag: change.etag, ...(change.properties ? { properties: true as const } : {}) };
      if (change.fileid === placement.fileid) {
        if (change.etag !== null) out.push({ ...rest, uid: placement.uid, path: placement.path });
        continue;
      }
      const root = await rootOf(change.uid, placement.fileid);
      if (root === null) continue;
      const now = seenAt(change.path, root, placement);
      const was = change.from === undefined ? null : seenAt(change.from, root, placement);
      if (now !== null) out.push({ ...rest, uid: placement.uid, path: now, ...(was === null ? {} : { from: was }) });
      else if (was !== null) out.push({ uid: placement.uid, path: was, fileid: change.fileid, type: change.type, etag: null });
    }
  }
  return out;
}
