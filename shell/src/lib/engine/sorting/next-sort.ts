import type { Sorting, SortingMode } from './types';

/**
 * The sorting after a click on a column header (product §4 "Sort: clicking the
 * active column toggles direction; clicking another sets it as sorting
 * mode"): another column starts ascending.
 */
export function nextSort(current: Sorting, clickedKey: SortingMode): Sorting {
  if (current.sortingMode === clickedKey) {
    return { sortingMode: clickedKey, sortingOrder: current.sortingOrder === 'asc' ? 'desc' : 'asc' };
  }
  return { sortingMode: clickedKey, sortingOrder: 'asc' };
}
