import type { FileListFilter } from '../entries/file-list-filter';
import type { View } from '../entries/view';
import type { Node } from '../node/types';
import type { RemoteNodeChange } from './node-changes';

/** The app's events and their payloads, by name. */
export interface FilesEvents {
  /** A node was created. */
  'files:node:created': { node: Node };
  /** A node changed. */
  'files:node:updated': { node: Node };
  /** A node was deleted. */
  'files:node:deleted': { node: Node };
  /** A node was renamed; `oldSource` is its source before. */
  'files:node:renamed': { node: Node; oldSource: string };
  /** A node was moved; `oldSource` is its source before. */
  'files:node:moved': { node: Node; oldSource: string };
  /** A user config value changed (`show_hidden`, `grid_view`, …). */
  'files:config:updated': { key: string; value: unknown };
  /** A view config value changed; `view` is the view's id. */
  'files:view-config:updated': { view: string; key: string; value: unknown };
  /** The user navigated to another view, folder or file. */
  'files:navigation:changed': { view: View; dir: string; fileid?: number };
  /** A file-list filter was added. */
  'files:filter:added': { filter: FileListFilter };
  /** A file-list filter was removed. */
  'files:filter:removed': { id: string };
  /** A file-list filter's result changed. */
  'files:filter:changed': { id: string };
  /** The details sidebar opened on `node`, at tab `tab` (a sidebar tab id). */
  'files:sidebar:opened': { node: Node; tab?: string };
  /** The details sidebar closed. */
  'files:sidebar:closed': Record<string, never>;
  /**
   * Nodes changed elsewhere, as the server's change feed told it (live updates), in feed
   * order, before the shell applies them to the list. Every change of the user's tree comes,
   * whatever folder the list shows: a view such as Recent or the trash refreshes from it.
   */
  'files:node:changes': { changes: readonly RemoteNodeChange[] };
  /**
   * The change feed lost track (the app was away longer than the server keeps changes):
   * whatever a view shows may be stale; the shell lists the current folder again.
   */
  'files:node:changes-lost': Record<string, never>;
}

/** The name of an app event. */
export type FilesEventName = keyof FilesEvents;
