import type { Generated } from 'kysely';
import type { PluginNodeChange } from '../plugin-api';

/**
 * One change to a node a user can see, as anyone reports it to the feed (the storage layer
 * through its node events, a plugin through `ctx.changes.emit`): the plugin contract's shape,
 * so what a plugin emits is what the feed stores.
 */
export type NodeChange = PluginNodeChange;

/** A change as the feed stores and sends it: the change with its feed id. */
export interface ChangeEvent extends NodeChange {
  /** Rises with every change, across every server process sharing the database. */
  id: number;
}

/** The `node_changes` table (storage-009), for typed kysely queries. */
export interface ChangeTables {
  node_changes: {
    id: Generated<number>;
    uid: string;
    path: string;
    from_path: string | null;
    fileid: number;
    type: 'file' | 'folder';
    etag: string | null;
    /** Milliseconds since the epoch. */
    created_at: number;
  };
}

/** What a client is sent on the wire (`data:` of an SSE `node` event): `@cumulus/protocol`'s, small, and its own user's paths only. */
export type { ChangeMessage } from '@cumulus/protocol';
