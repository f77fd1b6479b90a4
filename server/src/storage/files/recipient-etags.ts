import { createHash } from 'node:crypto';
import type { FileEntry } from '../model/types';
import { isWithin } from '../model/paths';

/** What the etag is derived from of a mount (a `StorageMount` of mounted-files.ts). */
export interface MountFacts {
  path: string;
  owner: string;
  permissions: number;
  attributes: string;
  mountType: string;
}

/**
 * An own folder of the user's tree with the etag the user sees: its own etag combined with
 * what the user sees of every mount below it (where it is, the mounted node's etag, the
 * granted permissions and attributes). A share added, removed, moved, or changed inside
 * (its root's etag changes with anything below it, in the owner's tree) so changes the etag
 * of every folder above it, up to the root, as Nextcloud propagates share mounts into the
 * recipient's folders. Derived on every read from the mounts as they are in the database,
 * never stored: every process of a deployment answers the same, with no writes to the
 * recipients' rows when a share changes; without mounts below it, it is the folder's own.
 * `rootOf` gives a mount's node in its owner's tree (null when gone).
 */
export async function recipientEtag<M extends MountFacts>(entry: FileEntry, mounts: readonly M[], rootOf: (mount: M) => Promise<FileEntry | null>): Promise<FileEntry> {
  if (entry.type !== 'folder' || entry.mount) return entry;
  const below = mounts.filter((mount) => mount.path !== entry.path && isWithin(mount.path, entry.path)).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  if (below.length === 0) return entry;
  const hash = createHash('sha1').update(entry.etag);
  for (const mount of below) {
    const root = await rootOf(mount);
    if (!root) continue;
    hash.update(`\0${mount.path}\0${mount.owner}\0${root.fileid}\0${root.etag}\0${mount.permissions}\0${mount.attributes}\0${mount.mountType}`);
  }
  return { ...entry, etag: hash.digest('hex').slice(0, 16) };
}
