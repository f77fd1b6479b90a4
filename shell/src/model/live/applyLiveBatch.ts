import { isFolder } from '@cumulus/sdk';
import type { Node, RemoteNodeChange } from '@cumulus/sdk';
import { busNodeDeleted } from '../base/busEvents';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from '../store/storeTypes';
import type { ShellServices } from '../../services/types';
import { selectCurrentFolder } from '../folder/selectors';
import { nodesRemoved, nodesUpdated } from '../nodes/nodesSlice';
import { noteChildrenDelta } from '../nodes/folderContents';
import { nodeIn } from '../nodes/nodeTable';
import type { NodeTable } from '../nodes/nodeTable';
import { getRenameTarget } from '../rename/renameStore';
import { selectionChanged } from '../selection/selectionSlice';
import { sidebarOpened } from '../sidebar/sidebarSlice';

/** The view whose folders are the user's WebDAV folders: the one live changes apply to in place. */
export const LIVE_VIEW = 'files';

/**
 * A change ready to apply: `node` is the node as the server now describes it (fetched by
 * path), or null when it is gone from the folder (deleted, moved out, or not found).
 */
export interface ResolvedChange {
  change: RemoteNodeChange;
  node: Node | null;
}

/** The folder's children by file id, and the set of their sources. */
export interface ChildIndex {
  byFileid: Map<number, string>;
  sources: Set<string>;
}

/** Kept per `_children` array and handed on to the array a batch makes, so a batch after a batch costs no scan. */
const indexes = new WeakMap<readonly string[], ChildIndex>();

/** An index being built a slice at a time: the children before `next` are in it. */
interface PartialIndex {
  index: ChildIndex;
  next: number;
}

const partial = new WeakMap<readonly string[], PartialIndex>();

/** Children indexed between two looks at the clock. */
const SLICE = 1024;

/**
 * Builds the index of `children` for about `budgetMs` (it goes on where the last call
 * stopped), so it can be made in idle time before the first change arrives: for 100,000
 * children the whole index is about 100 ms of work, a long frame when made at once. True
 * once it is complete.
 */
export function buildFileidIndex(children: readonly string[], table: NodeTable, budgetMs: number): boolean {
  if (indexes.has(children)) return true;
  let build = partial.get(children);
  if (build === undefined) {
    build = { index: { byFileid: new Map(), sources: new Set() }, next: 0 };
    partial.set(children, build);
  }
  const { byFileid, sources } = build.index;
  const until = performance.now() + budgetMs;
  while (build.next < children.length) {
    const end = Math.min(children.length, build.next + SLICE);
    for (let at = build.next; at < end; at += 1) {
      const source = children[at] as string;
      sources.add(source);
      const fileid = nodeIn(table, source)?.fileid;
      if (fileid !== undefined) byFileid.set(fileid, source);
    }
    build.next = end;
    if (build.next < children.length && performance.now() >= until) return false;
  }
  indexes.set(children, build.index);
  partial.delete(children);
  return true;
}

/**
 * The folder's children by file id: built once per listing (finished here if idle time did
 * not, see {@link buildFileidIndex}), then kept up to date by the batches. A node's file id
 * under its source is read when its slice is built: one that changes without a new
 * `_children` array (a file replaced under its name) is told by its own change.
 */
export function fileidIndex(children: readonly string[], table: NodeTable): ChildIndex {
  buildFileidIndex(children, table, Number.POSITIVE_INFINITY);
  return indexes.get(children) as ChildIndex;
}

/** Above this many removals or renames, one pass over the children beats a search for each. */
const SEARCH_UP_TO = 16;

/**
 * `children` with `removed` gone, `renamed` replaced in place and `added` at the end. What is
 * not a removal or rename costs one copy of the array; a few removals or renames a native
 * search each, more of them one pass.
 */
export function nextChildren(children: readonly string[], removed: ReadonlySet<string>, renamed: ReadonlyMap<string, string>, added: readonly string[]): string[] {
  let next: string[];
  if (removed.size + renamed.size > SEARCH_UP_TO) {
    next = [];
    for (const source of children) if (!removed.has(source)) next.push(renamed.get(source) ?? source);
  } else {
    next = children.slice();
    for (const [from, to] of renamed) {
      const at = next.indexOf(from);
      if (at >= 0) next[at] = to;
    }
    for (const source of removed) {
      const at = next.indexOf(source);
      if (at >= 0) next.splice(at, 1);
    }
  }
  for (const source of added) next.push(source);
  return next;
}

/** Whether the user is acting on the row: an action running on it, or its rename field open. */
function isBusy(node: Node | undefined): boolean {
  return node !== undefined && (node.status === 'loading' || getRenameTarget()?.source === node.source);
}

/**
 * Applies a batch of live changes to the current folder's list, in place: a new node is
 * added, a changed one replaced under the same source, a renamed one replaced at its place
 * under its new source (the selection and the sidebar follow it), a deleted or moved-out one
 * removed. Sort, filter, scroll position and the other rows stay as they are: the list sorts
 * what the store holds. A row the user is acting on (an action running, its rename field
 * open) is left alone: its changes are returned, to be tried again once the action is over.
 * The current folder itself deleted or moved away: the app goes to its parent.
 */
export const applyLiveBatch =
  (batch: readonly ResolvedChange[]): ThunkAction<ResolvedChange[], RootState, ShellServices, UnknownAction> =>
  (dispatch, getState) => {
  const state = getState();
  const { view, dir } = state.navigation;
  const folder = selectCurrentFolder(state);
  if (view !== LIVE_VIEW || folder === undefined) return [];
  const table = state.nodes.table;
  const children = folder._children ?? [];
  const index = fileidIndex(children, table);
  const deferred: ResolvedChange[] = [];
  const updated = new Map<string, Node>();
  const removed = new Set<string>();
  const renamed = new Map<string, string>();
  const added: string[] = [];

  for (const item of batch) {
    const { change, node } = item;
    if (change.fileid === folder.fileid) {
      if (change.deleted === true || change.path !== dir) {
        dispatch(busNodeDeleted({ node: folder }));
        return [];
      }
      continue;
    }
    const existing = index.byFileid.get(change.fileid);
    const held = existing === undefined ? undefined : nodeIn(table, existing);
    if (isBusy(held)) {
      deferred.push(item);
      continue;
    }
    const here = node !== null && node.dirname === dir;
    if (!here) {
      if (existing !== undefined) {
        removed.add(existing);
        index.byFileid.delete(change.fileid);
        index.sources.delete(existing);
      }
      continue;
    }
    // A sub-folder keeps the children it was listed with (as a parent's listing does).
    const fresh = isFolder(node) && isFolder(held) && held._children !== undefined && node._children === undefined ? { ...node, _children: held._children } : node;
    updated.set(fresh.source, fresh);
    if (existing === undefined) {
      // A new file id under a source the list shows (a file replaced by another): one row.
      if (!index.sources.has(fresh.source)) added.push(fresh.source);
    } else if (existing !== fresh.source) {
      renamed.set(existing, fresh.source);
      index.sources.delete(existing);
    }
    index.byFileid.set(change.fileid, fresh.source);
    index.sources.add(fresh.source);
  }

  if (updated.size === 0 && removed.size === 0) return deferred;
  const next = removed.size === 0 && renamed.size === 0 && added.length === 0 ? children : nextChildren(children, removed, renamed, added);
  indexes.set(next, index);
  if (next !== children && removed.size === 0) noteChildrenDelta(next, { base: children, renamed, added });
  dispatch(nodesUpdated([...updated.values(), ...(next === children ? [] : [{ ...folder, _children: next }])]));

  const { selection, sidebar } = state;
  const gone = (source: string): boolean => removed.has(source);
  if (selection.sources.some((source) => gone(source) || renamed.has(source))) {
    dispatch(selectionChanged({ sources: selection.sources.filter((source) => !gone(source)).map((source) => renamed.get(source) ?? source) }));
  }
  if (sidebar.source !== null && renamed.has(sidebar.source)) dispatch(sidebarOpened({ source: renamed.get(sidebar.source) as string, tab: sidebar.tab }));
  // Renamed nodes leave their old source; removed ones go (the sidebar on one closes, the quota refreshes).
  const dropped = [...removed, ...[...renamed.keys()].filter((source) => !updated.has(source))];
  if (dropped.length > 0) dispatch(nodesRemoved(dropped));
  return deferred;
};
