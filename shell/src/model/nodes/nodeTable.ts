import type { Node } from '@cumulus/sdk';

/**
 * How many buckets the nodes are spread over. An update copies the list of buckets and the
 * buckets of the nodes it changes: for 100,000 nodes about 4,096 + 25 per changed node
 * references, where one object of all nodes costs a copy of 100,000 keys per update (Immer
 * made two per live batch: 130 ms in a 100,000-entry folder).
 */
export const BUCKETS = 4096;
/** Characters of a source's end that pick its bucket: names differ there, folders share the start. */
const HASHED = 32;

/**
 * The nodes the app knows, by source, spread over {@link BUCKETS} buckets by a hash of the
 * source. Immutable: {@link withNodes} answers a new table sharing every bucket it did not
 * change. Plain arrays and objects, so the store stays serialisable.
 */
export type NodeTable = readonly (Readonly<Record<string, Node>> | undefined)[];

/** The table of no node. */
export const EMPTY_TABLE: NodeTable = Object.freeze(Array.from<undefined>({ length: BUCKETS }));

/** The bucket of `source` (FNV-1a over its last {@link HASHED} characters and its length). */
export function bucketOf(source: string): number {
  let hash = 0x811c9dc5 ^ source.length;
  for (let i = Math.max(0, source.length - HASHED); i < source.length; i += 1) hash = Math.imul(hash ^ source.charCodeAt(i), 0x01000193);
  return (hash ^ (hash >>> 15)) & (BUCKETS - 1);
}

/** The node with this source in `table`, if any. */
export function nodeIn(table: NodeTable, source: string): Node | undefined {
  return table[bucketOf(source)]?.[source];
}

/**
 * A writable copy of a bucket, without a prototype: keyed by sources (unique strings), a
 * bucket is a dictionary to V8, and a spread into a plain object walks a hidden class per key
 * (about 70 µs a bucket of 24, where this loop takes 9: a live batch copies one bucket per node).
 */
function copyOf(bucket: Readonly<Record<string, Node>> | undefined): Record<string, Node> {
  const copy = Object.create(null) as Record<string, Node>;
  if (bucket !== undefined) for (const source in bucket) copy[source] = bucket[source] as Node;
  return copy;
}

/**
 * `table` with `drop` removed, then `put` set (a node replaces the one of its source). Costs
 * the buckets it changes, not the table's size; answers `table` itself when nothing changes,
 * so selectors of an unchanged table keep their result.
 */
export function withNodes(table: NodeTable, put: readonly Node[], drop: readonly string[] = []): NodeTable {
  let next: (Readonly<Record<string, Node>> | undefined)[] | null = null;
  const copied = new Set<number>();
  const writable = (index: number): Record<string, Node> => {
    next ??= table.slice();
    if (!copied.has(index)) {
      copied.add(index);
      next[index] = copyOf(table[index]);
    }
    return next[index] as Record<string, Node>;
  };
  for (const source of drop) {
    const index = bucketOf(source);
    if ((next ?? table)[index]?.[source] !== undefined) delete writable(index)[source];
  }
  for (const node of put) {
    const index = bucketOf(node.source);
    if ((next ?? table)[index]?.[node.source] !== node) writable(index)[node.source] = node;
  }
  if (next === null) return table;
  const done: (Readonly<Record<string, Node>> | undefined)[] = next;
  for (const index of copied) Object.freeze(done[index]);
  return Object.freeze(done);
}

/** Every node of `table` (in no particular order). */
export function allNodes(table: NodeTable): Node[] {
  return table.flatMap((bucket) => (bucket === undefined ? [] : Object.values(bucket)));
}
