import type { Generated } from 'kysely';

/** Row of the file cache, as stored. */
export interface FileRow {
  fileid: number;
  uid: string;
  path: string;
  parent: number | null;
  name: string;
  type: 'file' | 'folder';
  size: number;
  mtime: number;
  disk_mtime: number;
  etag: string;
  mime: string;
  /**
   * 1 when the tree's user marked the node as a favorite: not a column but read from
   * `favorites` (per user, see storage-012) for the row's own user. Another user's view of the
   * node (a received share, a public link) puts its own marks in (mounted-files.ts).
   */
  favorite: number;
  upload_time: number;
  creation_time: number;
  /** The checksums its upload sent (`OC-Checksum`, as returned in `oc:checksums`); null when unknown or the content changed since. */
  checksum: string | null;
  /** The CRC-32 of the bytes as written (an upload computes it while it streams); null when unknown or the content changed since. */
  crc32: number | null;
}

/**
 * A tree operation between its first change on disk and its database commit (see
 * `operation-journal.ts`): written before the disk is touched, deleted in the commit.
 * `copy` and `move` stay in one tree; `delete` sets the node aside (under `aside`) and
 * removes it; `transfer` moves a node between a user's tree and one of the user's areas
 * (areas.ts), its `destination` qualified by the far root's storage key (`<key>:<path>`).
 */
export interface JournalRow {
  id: number;
  /** The storage key of the tree the source is in (a uid, or an area's key). */
  uid: string;
  kind: 'copy' | 'move' | 'delete' | 'transfer';
  /** The user path copied, moved, deleted or transferred. */
  source: string;
  /** Where the node ends up (`transfer`: qualified; `delete`: the source). */
  destination: string;
  /** The moved node's file id (MOVE). */
  fileid: number | null;
  /** The temporary name of the copy built out of sight (COPY). */
  staged: string | null;
  /** The temporary name the replaced destination is set aside under (Overwrite: T). */
  aside: string | null;
  created_at: number;
  /** The tag of the server process that runs it (`instances.ts`); null for rows older than storage-010. */
  instance: string | null;
}

/** A committed MOVE, COPY or DELETE, kept for a while to answer a replay of it (finished-operations.ts). */
export interface FinishedOperationRow {
  id: number;
  /** The user who sent the request. */
  uid: string;
  method: 'MOVE' | 'COPY' | 'DELETE';
  /** The request's tree base and path. */
  source: string;
  /** The destination's base and path (DELETE: the source). */
  destination: string;
  /** 1 for Overwrite: T. */
  overwrite: number;
  /** The status answered (201, 204). */
  status: number;
  /** The resulting node's file id and etag; null for DELETE. */
  fileid: number | null;
  etag: string | null;
  /** Milliseconds since the epoch. */
  created_at: number;
}

/** The storage area's tables, for typed kysely queries. */
export interface StorageTables {
  /** `name_folded`: the name as the name index compares it (name-folding.ts), written with the name. */
  filecache: Omit<FileRow, 'fileid' | 'favorite'> & { fileid: Generated<number>; name_folded: string };
  /** The users' favorite marks (Nextcloud keeps them as each user's own tag): one row per user and node. */
  favorites: { uid: string; fileid: number };
  properties: { fileid: number; name: string; value: string };
  locks: {
    token: string;
    uid: string;
    path: string;
    scope: 'exclusive' | 'shared';
    depth: number;
    owner: string;
    timeout: number;
    expires_at: number;
  };
  uploads: { uid: string; id: string; destination: string | null; created_at: number; last_activity: number; chunk_size: number | null };
  upload_chunks: { uid: string; id: string; name: string; offset: number; size: number };
  operation_journal: Omit<JournalRow, 'id'> & { id: Generated<number> };
  finished_operations: Omit<FinishedOperationRow, 'id'> & { id: Generated<number> };
}
