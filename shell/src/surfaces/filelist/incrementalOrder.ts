import { knownSources, noteSources } from './shownSources';
import type { Node } from '@cumulus/sdk';

/**
 * How many nodes may come or go for an update to beat a full sort (which reuses the
 * SDK's kept name order): an eighth of the listing, at least 64, at most 4,096.
 */
export function changeLimit(size: number): number {
  return Math.min(4096, Math.max(64, size >> 3));
}
/** How far ahead a walk looks for the node it expects, to tell an insertion or removal from a replacement. */
const LOOKAHEAD = 32;

/**
 * The nodes that left and came between two listings of a folder, found by one walk over
 * both (a changed node is a new object: it leaves as the old one and comes as the new).
 * Live changes and uploads keep the listing's order (in place, or added at the end), so the
 * walk stays in step; undefined when more differ than an update is worth (`changeLimit`).
 */
export function listingDiff(before: readonly Node[], after: readonly Node[]): { left: Set<Node>; came: Set<Node> } | undefined {
  const left = new Set<Node>();
  const came = new Set<Node>();
  const leave = (node: Node): void => {
    if (came.has(node)) came.delete(node);
    else left.add(node);
  };
  const come = (node: Node): void => {
    if (left.has(node)) left.delete(node);
    else came.add(node);
  };
  const limit = changeLimit(Math.max(before.length, after.length));
  let i = 0;
  let j = 0;
  while (i < before.length && j < after.length) {
    if (left.size + came.size > limit) return undefined;
    const old = before[i] as Node;
    const now = after[j] as Node;
    if (old === now) {
      i += 1;
      j += 1;
      continue;
    }
    const removedRun = indexWithin(before, i + 1, now);
    const addedRun = removedRun < 0 ? indexWithin(after, j + 1, old) : -1;
    if (removedRun >= 0) {
      for (; i < removedRun; i += 1) leave(before[i] as Node);
    } else if (addedRun >= 0) {
      for (; j < addedRun; j += 1) come(after[j] as Node);
    } else {
      leave(old);
      come(now);
      i += 1;
      j += 1;
    }
  }
  for (; i < before.length; i += 1) leave(before[i] as Node);
  for (; j < after.length; j += 1) come(after[j] as Node);
  return left.size + came.size > limit ? undefined : { left, came };
}

/** Where `node` is in `list` from `start` on, looking LOOKAHEAD places ahead; -1 if not there. */
function indexWithin(list: readonly Node[], start: number, node: Node): number {
  const end = Math.min(list.length, start + LOOKAHEAD);
  for (let k = start; k < end; k += 1) if (list[k] === node) return k;
  return -1;
}

/** The first index in `sorted` whose node `compare` puts after `node` (or equal to it, with `orEqual`). */
function boundary(sorted: readonly Node[], node: Node, compare: (a: Node, b: Node) => number, orEqual: boolean): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const order = compare(sorted[middle] as Node, node);
    if (order < 0 || (!orEqual && order === 0)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** How an order was updated from the one before: the nodes dropped from it and those inserted. */
export interface OrderChange {
  base: readonly Node[];
  left: readonly Node[];
  came: readonly Node[];
}

const orderChanges = new WeakMap<readonly Node[], OrderChange>();

/** How `nodes` was made from the order before, when {@link updateOrder} made it; else undefined. */
export function orderChange(nodes: readonly Node[]): OrderChange | undefined {
  return orderChanges.get(nodes);
}

/** `list` without the items at `drops` (ascending) and with `arrivals[k]` inserted before index `places[k]` (ascending), in one copy. */
function spliced<T>(list: readonly T[], drops: readonly number[], places: readonly number[], arrivals: readonly T[]): T[] {
  const next = new Array<T>(list.length - drops.length + arrivals.length);
  let written = 0;
  let from = 0;
  let d = 0;
  let a = 0;
  while (d < drops.length || a < arrivals.length) {
    const drop = drops[d] ?? Infinity;
    const place = places[a] ?? Infinity;
    const until = Math.min(drop, place);
    for (; from < until; from += 1) next[written++] = list[from] as T;
    if (place <= drop) {
      next[written++] = arrivals[a] as T;
      a += 1;
    } else {
      from += 1;
      d += 1;
    }
  }
  for (; from < list.length; from += 1) next[written++] = list[from] as T;
  return next;
}

/**
 * The shown order after some nodes left and came, from the order before, at the cost of the
 * change: removals found by binary search, arrivals (those `shows` keeps) inserted by binary
 * search with `compare` (the engine's `nodeComparator`, the order `sortNodes` gives), then one
 * copy of the list. Undefined when a node that left is not where the order says (the order
 * before was not made with `compare`): the caller sorts in full. The new order's sources come
 * with it when the old one's were known (`shownSources`), and what it dropped and inserted is
 * kept for {@link orderChange} (the footer's totals follow it).
 */
export function updateOrder(
  shown: readonly Node[],
  change: { left: ReadonlySet<Node>; came: ReadonlySet<Node> },
  shows: (node: Node) => boolean,
  compare: (a: Node, b: Node) => number,
): Node[] | undefined {
  const drops: number[] = [];
  for (const node of change.left) {
    const at = boundary(shown, node, compare, true);
    if (shown[at] === node) drops.push(at);
    else if (shows(node)) return undefined;
  }
  drops.sort((a, b) => a - b);
  // Each arrival's place in the order before (ties cannot happen: the order is total).
  const arrivals = [...change.came].filter(shows).sort(compare);
  const places = arrivals.map((node) => boundary(shown, node, compare, true));
  const next = spliced(shown, drops, places, arrivals);
  const sources = knownSources(shown);
  if (sources !== undefined) noteSources(next, spliced(sources, drops, places, arrivals.map((node) => node.source)));
  orderChanges.set(next, { base: shown, left: drops.map((at) => shown[at] as Node), came: arrivals });
  return next;
}
