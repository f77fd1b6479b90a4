/**
 * A change to a node the signed-in user sees, made elsewhere (another tab, a phone, a sync
 * client, a share partner, a change on the server's disk), as the server's change feed tells
 * it: `@cumulus/protocol`'s wire message with its feed id. Small on purpose: enough to find
 * the row, not the node's properties (ask for those by `path` when needed).
 */
export type { RemoteNodeChange } from '@cumulus/protocol';
