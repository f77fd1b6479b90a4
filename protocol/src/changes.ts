/**
 * The change feed on the wire (protocol §11.3): one long-lived
 * `GET /apps/files/api/v1/changes` answered as Server-Sent Events. The server writes a
 * {@link ChangeMessage} as the `data:` of each `node` event and the change's feed id as its
 * `id:`; the shell reads the two back into a {@link RemoteNodeChange}.
 */

/** Where the server serves the change feed, below the page's origin. */
export const CHANGES_PATH = '/apps/files/api/v1/changes';

/**
 * The feed's events: `ready` (id: where a fresh client stands), `node` (one change),
 * `refetch` (changes were missed beyond the window: list again), `evicted` (too many
 * connections of this user: this, the oldest, is dropped).
 */
export const CHANGE_FEED_EVENTS = ['ready', 'node', 'refetch', 'evicted'] as const;

/** One of {@link CHANGE_FEED_EVENTS}. */
export type ChangeFeedEvent = (typeof CHANGE_FEED_EVENTS)[number];

/**
 * The `data:` of a `node` event: a change to a node the signed-in user sees, at that user's
 * own paths. Small on purpose: enough to find the row, not the node's properties (the client
 * asks for those by `path` when needed).
 */
export interface ChangeMessage {
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

/**
 * A change as a client holds it: the message with the event's `id:`. It was made elsewhere
 * (another tab, a phone, a sync client, a share partner, a change on the server's disk).
 */
export interface RemoteNodeChange extends ChangeMessage {
  /** The change's id in the feed; ids rise, across every server process sharing the database. */
  id: number;
}
