/**
 * The plugin contract's view of storage: files read through `ctx.files` (a user's tree and the
 * plugin's own areas) and the WebDAV collections a plugin serves (`ctx.davCollections`).
 * Part of the contract in types.ts, which re-exports it.
 */
import type { Readable } from 'node:stream';
import type { PluginNode } from './types';

/** A file opened for reading: its size and bytes (one version, whatever replaces it meanwhile). */
export interface PluginFileRead {
  readonly size: number;
  /** Its bytes; the file is closed when the stream ends or is destroyed. */
  stream(): Readable;
  /** Closes the file without reading it. */
  close(): Promise<void>;
}

/**
 * The plugin's own per-user area: storage beside each user's tree and out of it (a trash
 * bin's), served from the same disk and file cache. Paths are the area's (`/` its root).
 * Nodes moved in and out keep their file id, content, favorite mark and dead properties;
 * every change is journaled like the rest of the storage, so a crash leaves a node whole on
 * one side or the other. An area's bytes do not count as the user's used bytes.
 * Failures throw a {@link PluginError} (404 no such node, 409 no parent folder, 412 the
 * destination exists, 400 a name not allowed).
 */
export interface PluginArea {
  stat(uid: string, path: string): Promise<PluginNode | null>;
  /** The children of a folder of the area. */
  list(uid: string, path: string): Promise<PluginNode[]>;
  /** Bytes in the user's area. */
  size(uid: string): Promise<number>;
  /** Opens a file of the area. */
  read(uid: string, path: string): Promise<PluginFileRead>;
  /** Moves the node at `path` of the user's tree to `to` in the area; fires no node event. */
  moveIn(uid: string, path: string, to: string): Promise<PluginNode>;
  /** Moves the node at `path` of the area to `to` in the user's tree; fires `created` there. */
  moveOut(uid: string, path: string, to: string): Promise<PluginNode>;
  /** Deletes a node of the area for good; `/` empties the whole area at once. */
  remove(uid: string, path: string): Promise<void>;
  /**
   * Keeps the content the file at `path` of the user's tree has now as a new file `to` of
   * the area (a new file id), without copying the bytes on disk (a hard link; on S3 a copy
   * inside the store); the user's file is unchanged. Fires no node event.
   */
  keep(uid: string, path: string, to: string): Promise<PluginNode>;
  /**
   * Writes the bytes of the area's file at `path` over the user's file `to` (which keeps its
   * file id; `replacing` hooks run first, so the content it replaces can be kept). `by` is
   * who writes. Fires `changed`.
   */
  putBack(uid: string, path: string, to: string, by: string): Promise<PluginNode>;
  /** Copies the node at `path` of `fromUid`'s area to `to` in `toUid`'s area (bytes and dead properties, a new file id); fires no node event. */
  copyTo(fromUid: string, path: string, toUid: string, to: string): Promise<PluginNode>;
}

/**
 * Access to users' files (`ctx.files`). Paths are inside the user's root (`/a/b.txt`); a
 * path never leaves it. Reads see the disk as the WebDAV layer does.
 */
export interface PluginFiles {
  /** The node at `path` in `uid`'s tree, or null when there is none (or the path is invalid, or no such user). */
  stat(uid: string, path: string): Promise<PluginNode | null>;
  /** The node with this file id in `uid`'s tree, or null. */
  getById(uid: string, fileid: number): Promise<PluginNode | null>;
  /**
   * Whether the node with this file id is still the user's: in their tree or in any plugin's
   * area of theirs (a trashed file), as opposed to gone for good.
   */
  held(uid: string, fileid: number): Promise<boolean>;
  /** The children of a folder (404 {@link PluginError} when it is none). */
  list(uid: string, path: string): Promise<PluginNode[]>;
  /** Bytes in the user's files and the user's quota in bytes (-1: unlimited). */
  usage(uid: string): Promise<{ used: number; quota: number }>;
  /** The plugin's own per-user area (named for the plugin). */
  readonly area: PluginArea;
}

/**
 * A resource of a plugin's WebDAV collection, as PROPFIND shows it: the server renders the
 * usual properties from these fields (`d:displayname` from `displayName`, `d:getlastmodified`
 * from `mtime`, `oc:permissions` from `permissions`, …) and adds `properties`.
 */
export interface DavResource {
  /** Below the collection's user base (`/remote.php/dav/<name>/<uid>`): `/` is the base, e.g. `/trash/a.txt.d1735689600`. */
  readonly path: string;
  readonly type: 'file' | 'folder';
  /** `oc:fileid` / `oc:id`; 0 for a resource that is no node (a virtual folder). */
  readonly fileid: number;
  readonly size: number;
  /** Seconds. */
  readonly mtime: number;
  readonly etag: string;
  readonly mime: string;
  /** `d:displayname` (default: the last segment of `path`). */
  readonly displayName?: string;
  /** `oc:permissions` letters (default: none). */
  readonly permissions?: string;
  /** The collection's own properties: `'<prefix>:<name>'` (prefix `oc`, `nc` or `ocs`) to the text value. */
  readonly properties?: Readonly<Record<string, string>>;
}

/** What a MOVE inside a plugin collection carries beyond its two paths. */
export interface DavMoveRequest {
  /** The request's preferred language (the first tag of `Accept-Language`, lower case; `en` when none). */
  readonly language: string;
}

/**
 * A WebDAV collection the plugin serves at `/remote.php/dav/<name>/<uid>/…` (a trash bin),
 * authenticated as the rest of WebDAV: a user reaches only their own uid (another is 404).
 * PROPFIND (Depth 0 and 1) is answered from `resource` and `children`; GET/HEAD, MOVE (to a
 * Destination inside the same collection and uid) and DELETE from the optional methods;
 * anything else, or a method not given, is 403. A method throwing a {@link PluginError}
 * answers its status and message; while the plugin is disabled the whole tree is 404.
 */
export interface DavCollection {
  /** Unique among DAV collections. */
  id: string;
  /** The URL segment after `/remote.php/dav/`: lower case letters, digits and `-`; not one of the server's (`files`, `uploads`). */
  name: string;
  /** The resource at `path` (`/` the user's base), or null (404). */
  resource(uid: string, path: string): Promise<DavResource | null>;
  /** The children of a folder resource. */
  children(uid: string, path: string): Promise<DavResource[]>;
  /** GET: the file's bytes (and headers such as `Content-Disposition`). */
  read?(uid: string, path: string): Promise<PluginFileRead & { headers?: Readonly<Record<string, string>> }>;
  /** MOVE of `from` to `to`; answers 201 (created) or 204 (replaced). */
  move?(uid: string, from: string, to: string, request: DavMoveRequest): Promise<201 | 204>;
  /** DELETE. */
  delete?(uid: string, path: string): Promise<void>;
  /**
   * PROPPATCH: `changes` names each property set (`'<prefix>:<name>'` to its text) or removed
   * (to null); answers the status of each (200 done, 403 not writable), all or nothing: a
   * collection that refuses one changes none. Without this method PROPPATCH is 403.
   */
  proppatch?(uid: string, path: string, changes: Readonly<Record<string, string | null>>): Promise<Readonly<Record<string, number>>>;
}
