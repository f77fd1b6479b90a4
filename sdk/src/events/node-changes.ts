/**
 * A change to a node the signed-in user sees, made elsewhere (another tab, a phone, a sync
 * client, a share partner, a change on the server's disk), as the server's change feed tells
 * it. Small on purpose: enough to find the row, not the node's properties (ask for those by
 * `path` when needed).
 */
export interface RemoteNodeChange {
  /** The change's id in the feed; ids rise. */
  id: number;
  /** The folder holding the node now (a deletion: the folder that held it), a user path such as `/Photos`. */
  folder: string;
  /** The node's user path now (a deletion: its path before). */
  path: string;
  /** The node's file id. */
  fileid: number;
  type: 'file' | 'folder';
  /** Its new ETag; absent for a deletion. */
  etag?: string;
  /** True when the node is gone from the user's tree. */
  deleted?: true;
  /** Its path before, when it was moved or renamed. */
  from?: string;
  /**
   * True when only its properties changed (its favorite mark, dead properties, a share's
   * mark): its etag may be the one already held, the node is worth reading again anyway.
   */
  properties?: true;
}
