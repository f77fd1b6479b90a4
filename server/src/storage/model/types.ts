/** A file or folder as the file cache knows it (the contract's `FileEntry`). */
export interface FileEntry {
  /** Stable numeric id; survives renames and moves, never reused. */
  fileid: number;
  /** Path inside the user's root: '/a/b.txt', '/' for the root. */
  path: string;
  /** Last path segment ('' for the root). */
  name: string;
  type: 'file' | 'folder';
  /** Bytes; for a folder the recursive sum of its contents. */
  size: number;
  /** Modification time in seconds. */
  mtime: number;
  /** Opaque version tag, changes with every content change (folders: with anything inside). */
  etag: string;
  /** Mime type; `httpd/unix-directory` for folders, as Nextcloud reports them. */
  mime: string;
  /** Nextcloud permission letters, e.g. RGDNVCK (full folder) or RGDNVW (full file). */
  permissions: string;
  favorite: boolean;
  /** Upload time in seconds (0 when unknown), for `nc:upload_time`. */
  uploadTime: number;
  /** Creation time in seconds (0 when unknown), for `d:creationdate`. */
  creationTime: number;
  /** The checksums sent with the upload of this content (`SHA1:… MD5:…`, `oc:checksums`), null when unknown. */
  checksum: string | null;
  /** The CRC-32 of the content, stored when it was written (archives use it); null or absent when unknown. */
  crc32?: number | null;
  /** Set on a node reached through a mount (a received share), absent on the user's own. */
  mount?: MountInfo;
}

/** Where a node reached through a mount comes from, for its WebDAV properties. */
export interface MountInfo {
  /** `nc:mount-type`, e.g. `shared`. */
  type: string;
  /** True on the mount root itself (`nc:is-mount-root`). */
  root: boolean;
  owner: string;
  ownerDisplayName: string;
  /** The permission bits granted on this node (`ocs:share-permissions`). */
  permissions: number;
  /** `nc:share-attributes`: a JSON list. */
  attributes: string;
  /** Seen by a public link's visitor: nobody, who has no marks, properties or shares of their own. */
  public?: true;
}

/** The mime type Nextcloud gives folders. */
export const FOLDER_MIME = 'httpd/unix-directory';

/** Permissions of a folder the user fully owns (read, share, delete, rename, move, create file, create folder). */
export const FOLDER_PERMISSIONS = 'RGDNVCK';
/** Permissions of a file the user fully owns (read, share, delete, rename, move, write). */
export const FILE_PERMISSIONS = 'RGDNVW';

/** An inclusive byte range of a file. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * A byte range as a client asks for it, before the file's size is known: from `start` to `end`
 * (or to the end of the file), or the last `suffix` bytes. A store that can fetch only these
 * bytes does, when a file is opened for them (S3: a ranged GET).
 */
export type WantedRange = { start: number; end?: number } | { suffix: number };

/** What the content store knows of one node on disk. */
export interface ContentStat {
  type: 'file' | 'folder';
  size: number;
  /** Modification time in microseconds, exact enough to notice any change. */
  mtimeUs: number;
}

/** A child of a folder, as listed by the content store (content/content-store.ts). */
export interface ContentChild extends ContentStat {
  name: string;
}
