import type { Permissions } from './permissions';

/** Whether a node is a file or a folder (product §3). */
export type NodeType = 'file' | 'folder';

/** Transient state of a node in the list (product §3, §4). */
export type NodeStatus = 'loading' | 'failed' | 'empty';

/** Where a node is mounted from, as the `mount-type` attribute says. */
export type MountType = 'external' | 'external-session' | 'group' | 'collective' | 'shared' | '';

/** One entry of the `share-attributes` JSON list. */
export interface ShareAttribute {
  /** The attribute's scope, for example `permissions`. */
  scope: string;
  /** The attribute's key, for example `download`. */
  key: string;
  /** The attribute's value. */
  value: boolean | string | number | null;
}

/**
 * Attributes of a node beyond its core fields (product §3). Values arrive from
 * WebDAV properties; unknown attributes are kept as they came.
 */
export interface NodeAttributes {
  /** 1 when the node is a favorite. */
  favorite?: 0 | 1;
  /** URL of the node's preview image, when the server has one. */
  previewUrl?: string;
  /** The node's ETag, quotes removed. */
  etag?: string;
  /** 1 when the node is end-to-end encrypted. */
  'is-encrypted'?: 0 | 1;
  /** 1 when the node is a system tag. */
  'is-tag'?: 0 | 1;
  /** The share types the node carries (see `ShareType`). */
  'share-types'?: number[];
  /** Where the node is mounted from. */
  'mount-type'?: MountType;
  /** True on the root of a mount (a received share as the recipient has it): leaving it unshares it for them alone. */
  'is-mount-root'?: boolean;
  /** Share attributes, parsed from their JSON list. */
  'share-attributes'?: ShareAttribute[];
  /** File id of the video half of a live photo. */
  'metadata-files-live-photo'?: string;
  /** Bytes still available in the node's storage; exactly 0 means the quota is exhausted, negative means unknown or unlimited. */
  'quota-available-bytes'?: number;
  /** Any other attribute the server sent. */
  [name: string]: unknown;
}

/**
 * A file or a folder (product §3). Plain, serialisable data: it can live in the
 * store as it is. Build one with `createNode`; tell files from folders with
 * `isFolder`/`isFile`, never with `instanceof`.
 */
export interface Node {
  /** Stable numeric id given by the server; absent while unknown. */
  fileid?: number;
  /** Absolute URL of the node on the server; its identity in the store. */
  source: string;
  /** Path below the root, starting with `/`. */
  path: string;
  /** Path of the parent folder, starting with `/`. */
  dirname: string;
  /** Last path segment. */
  basename: string;
  /** Name to show; the basename unless the server says otherwise. */
  displayname: string;
  /** Extension with its leading dot, or '' for none and for folders. */
  extension: string;
  /** File or folder. */
  type: NodeType;
  /** Size in bytes; undefined or negative while unknown ('Pending'). */
  size?: number;
  /** Last modification time in milliseconds since the epoch. */
  mtime?: number;
  /** Creation time in milliseconds since the epoch. */
  crtime?: number;
  /** Permission bits (see `Permission`). */
  permissions: Permissions;
  /** Transient list state. */
  status?: NodeStatus;
  /** The root the path is relative to, for example `/files/alice`. */
  root: string;
  /** Owner's user id, or null when unknown. */
  owner: string | null;
  /** MIME type; `httpd/unix-directory` for folders. */
  mime: string;
  /** Sources of the children, for folders whose contents are loaded. */
  _children?: string[];
  /** Further attributes (product §3). */
  attributes: NodeAttributes;
}

/** A node that is a file. */
export interface FileNode extends Node {
  /** Always 'file': narrows a {@link Node} (see `isFile`). */
  type: 'file';
}

/** A node that is a folder. */
export interface FolderNode extends Node {
  /** Always 'folder': narrows a {@link Node} (see `isFolder`); a folder's `extension` is ''. */
  type: 'folder';
}
