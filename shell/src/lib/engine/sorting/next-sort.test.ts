import { describe, expect, it } from '@jest/globals';
import { nextSort } from './next-sort';

describe('nextSort', () => {
  it('toggles the direction when the active column is clicked', () => {
    expect(nextSort({ sortingMode: 'size', sortingOrder: 'asc' }, 'size')).toEqual({ sortingMode: 'size', sortingOrder: 'desc' });
    expect(nextSort({ sortingMode: 'size', sortingOrder: 'desc' }, 'size')).toEqual({ sortingMode: 'size', sortingOrder: 'asc' });
  });
  it('sets another column as sorting mode, ascending', () => {
    expect(nextSort({ sortingMode: 'basename', sortingOrder: 'desc' }, 'mtime')).toEqual({
      sortingMode: 'mtime',
      sortingOrder: 'asc',
    });
    expect(nextSort({ sortingMode: 'mtime', sortingOrder: 'asc' }, 'tags')).toEqual({ sortingMode: 'tags', sortingOrder: 'asc' });
  });
});
