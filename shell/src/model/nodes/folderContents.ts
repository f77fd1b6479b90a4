import { isFolder } from '@cumulus/sdk';
import type { Node } from '@cumulus/sdk';
import { BUCKETS, nodeIn } from './nodeTable';
import type { NodeTable } from './nodeTable';

/** How a folder's `_children` array was made from the one before: renames in place and additions at the end. */
export interface ChildrenDelta {
  base: readonly string[];
  renamed: ReadonlyMap<string, string>;
  added: readonly string[];
}

const deltas = new WeakMap<readonly string[], ChildrenDelta>();

/** The nodes that left and came between two contents arrays (a changed node leaves as its old object and comes as its new one). */
export interface ContentsChange {
  base: readonly Node[];
  left: Set<Node>;
  came: Set<Node>;
}

const changes = new WeakMap<readonly Node[], ContentsChange>();

/**
 * How `contents` differs from `base`, when `contents` was updated from it by live changes
 * (known without walking both arrays); undefined otherwise.
 */
export function contentsChange(contents: readonly Node[], base: readonly Node[]): ContentsChange | undefined {
  const change = changes.get(contents);
  return change?.base === base ? change : undefined;
}

/**
 * Tells how `children` was made from `delta.base` (live changes do), so the folder's contents
 * are updated at the cost of the change instead of looked up again, 100,000 sources a batch.
 * A `_children` array made otherwise (a listing, a removal) is looked up in full.
 */
export function noteChildrenDelta(children: readonly string[], delta: ChildrenDelta): void {
  deltas.set(children, delta);
}

/** Above this many changed buckets, looking every child up is as cheap. */
const MAX_CHANGED_BUCKETS = BUCKETS / 8;

interface Computed {
  children: readonly string[];
  table: NodeTable;
  contents: Node[];
  /** Where each child is in `contents` (built at the first update that needs it, then kept up to date); null until then. */
  positions: Map<string, number> | null;
}

/** The sources whose node differs between two tables, or undefined when too many buckets changed. */
function changedSources(before: NodeTable, after: NodeTable): string[] | undefined {
  const changed: string[] = [];
  let buckets = 0;
  for (let index = 0; index < BUCKETS; index += 1) {
    const old = before[index];
    const now = after[index];
    if (old === now) continue;
    if (++buckets > MAX_CHANGED_BUCKETS) return undefined;
    if (now !== undefined) for (const source in now) if (now[source] !== old?.[source]) changed.push(source);
    if (old !== undefined) for (const source in old) if (now?.[source] === undefined) changed.push(source);
  }
  return changed;
}

function lookUp(children: readonly string[], table: NodeTable): Computed {
  const contents: Node[] = [];
  for (const source of children) {
    const node = nodeIn(table, source);
    if (node !== undefined) contents.push(node);
  }
  return { children, table, contents, positions: null };
}

/**
 * The folder's contents from the last ones, when `children` is theirs or made from theirs by
 * a {@link ChildrenDelta}, and every child was known: the changed nodes replaced at their
 * place, the added ones appended. Undefined when that does not hold (then look up in full).
 */
function updated(last: Computed, children: readonly string[], table: NodeTable): Computed | undefined {
  if (last.contents.length !== last.children.length) return undefined;
  const delta = children === last.children ? undefined : deltas.get(children);
  if (children !== last.children && delta?.base !== last.children) return undefined;
  const changed = table === last.table ? [] : changedSources(last.table, table);
  if (changed === undefined) return undefined;
  // The last result stays valid for its own state: the positions move on with this one. They
  // are made only once a renamed or changed child needs its place (a batch of new nodes does not).
  let positions = last.positions;
  const positionsIn = (list: readonly string[]): Map<string, number> => {
    if (positions === null) {
      positions = new Map();
      for (let index = 0; index < list.length; index += 1) positions.set(list[index] as string, index);
    }
    return positions;
  };
  const contents = last.contents.slice();
  const left = new Set<Node>();
  const came = new Set<Node>();
  const place = (source: string, at: number): boolean => {
    const node = nodeIn(table, source);
    if (node === undefined) return false;
    const old = contents[at];
    if (old === node) return true;
    if (old !== undefined && !came.delete(old)) left.add(old);
    if (!left.delete(node)) came.add(node);
    contents[at] = node;
    return true;
  };
  for (const [from, to] of delta?.renamed ?? []) {
    const known = positionsIn(last.children);
    const at = known.get(from);
    if (at === undefined) return undefined;
    known.delete(from);
    known.set(to, at);
    if (!place(to, at)) return undefined;
  }
  const added = delta?.added ?? [];
  for (const source of added) {
    positions?.set(source, contents.length);
    if (!place(source, contents.length)) return undefined;
  }
  // From here on `contents` matches `children` place by place.
  const placed = changed.length === 0 || added.length === 0 ? undefined : new Set(added);
  for (const source of changed) {
    if (placed?.has(source)) continue;
    // The folder itself changes with its children: it is not one of them.
    const node = nodeIn(table, source);
    if (isFolder(node) && node._children === children) continue;
    const at = positionsIn(children).get(source);
    if (at !== undefined && !place(source, at)) return undefined;
  }
  last.positions = null;
  changes.set(contents, { base: last.contents, left, came });
  return { children, table, contents, positions };
}

let last: Computed | null = null;

/**
 * The nodes of `children` in `table`, in order, unknown ones left out. The same array while
 * neither changes; after live changes, updated from the last result at the cost of what
 * changed (see {@link noteChildrenDelta}), the nodes that left and came noted for
 * {@link contentsChange}; else looked up in full.
 */
export function folderContents(children: readonly string[], table: NodeTable): Node[] {
  if (last !== null && last.children === children && last.table === table) return last.contents;
  last = (last === null ? undefined : updated(last, children, table)) ?? lookUp(children, table);
  return last.contents;
}
