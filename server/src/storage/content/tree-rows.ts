import type { MetadataStore } from '../metadata/metadata-store';
import type { FileRow, JournalRow } from '../metadata/tables';
import { fail } from '../../errors';
import { baseName, parentPath } from '../model/paths';
import { FOLDER_MIME } from '../model/types';
import { mimeFor } from '../model/mime';
import { ancestorsOf, now } from '../metadata/cache-rows';
import { splitQualifiedPath } from '../model/areas';

// The row steps of the tree operations, shared by both content backends: the journaled ones
// on disk (local/tree-operations.ts) commit them after the disk changed, the object backend's
// (objects/object-tree.ts) as the whole operation.

/** The rows of a move: the node `fileid` re-rooted at `destination`, a node there before dropped. */
export async function commitMove(store: MetadataStore, { uid, destination, fileid }: Pick<JournalRow, 'uid' | 'destination' | 'fileid'>): Promise<FileRow | null> {
  const row = fileid === null ? null : await store.getById(uid, fileid);
  // Not in the cache (any more): the disk checks will find the node where it now is.
  if (!row) return null;
  const parent = await destinationParent(store, uid, destination);
  const time = now();
  await dropReplaced(store, uid, destination, row.fileid, time);
  const name = baseName(destination);
  await store.moveTree(uid, row.path, destination, parent.fileid, name, row.type === 'folder' ? FOLDER_MIME : mimeFor(name));
  await store.propagate(uid, ancestorsOf(row.path), -row.size, time);
  await store.propagate(uid, ancestorsOf(destination), row.size, time);
  return store.get(uid, destination);
}

/** The rows of a delete: the node at `source` and everything below it (the root: emptied). */
export async function commitDelete(store: MetadataStore, { uid, source }: Pick<JournalRow, 'uid' | 'source'>): Promise<null> {
  const time = now();
  if (source === '/') {
    await store.clearRoot(uid, time);
    return null;
  }
  const row = await store.get(uid, source);
  if (!row) return null;
  await store.removeTree(uid, source);
  await store.propagate(uid, ancestorsOf(source), -row.size, time);
  return null;
}

/** The rows of a transfer: the node `fileid` moved to `destination`, a qualified path in another tree. */
export async function commitTransfer(store: MetadataStore, { uid, destination, fileid }: Pick<JournalRow, 'uid' | 'destination' | 'fileid'>): Promise<FileRow | null> {
  const row = fileid === null ? null : await store.getById(uid, fileid);
  // Not in the cache (any more): the disk checks will find the node where it now is.
  if (!row) return null;
  const far = splitQualifiedPath(destination);
  const parent = await destinationParent(store, far.key, far.path);
  const time = now();
  const name = baseName(far.path);
  await store.moveTree(uid, row.path, far.path, parent.fileid, name, row.type === 'folder' ? FOLDER_MIME : mimeFor(name), far.key);
  await store.propagate(uid, ancestorsOf(row.path), -row.size, time);
  await store.propagate(far.key, ancestorsOf(far.path), row.size, time);
  return store.get(far.key, far.path);
}

/** The folder a node goes into (`conflict` when missing or not a folder). */
export async function destinationParent(store: MetadataStore, uid: string, destination: string): Promise<FileRow> {
  const parent = await store.get(uid, parentPath(destination));
  if (!parent || parent.type !== 'folder') fail('conflict', 'The destination parent node does not exist');
  return parent;
}

/** Removes the rows of the node an operation replaced (not those of `keep`, the moved node). */
export async function dropReplaced(store: MetadataStore, uid: string, path: string, keep: number | null, time: number): Promise<void> {
  const old = await store.get(uid, path);
  if (!old || old.fileid === keep) return;
  await store.removeTree(uid, path);
  await store.propagate(uid, ancestorsOf(path), -old.size, time);
}
