import type { Node } from '@cumulus/sdk';

/** Sort direction of a view (product §3 view config `sorting_direction`). */
export type SortingOrder = 'asc' | 'desc';

/**
 * What the list is sorted by (product §9 "Sort modes: basename, size, mtime,
 * plus custom columns"): a built-in key or the id of a custom column.
 */
// `string & {}` keeps the built-in names in editor completion.
export type SortingMode = 'basename' | 'size' | 'mtime' | (string & {});

/** A view's sorting: what the list is sorted by and in which direction. */
export interface Sorting {
  /** The sort key. */
  sortingMode: SortingMode;
  /** The direction. */
  sortingOrder: SortingOrder;
}

/** The part of a custom column that sorting needs (a `Column` fits). */
export interface SortableColumn {
  /** The column id, used as a sorting mode. */
  id: string;
  /** Compares two nodes for ascending order; a column without it cannot sort. */
  sort?(a: Node, b: Node): number;
}
