import { describe, expect, it } from '@jest/globals';
import { shownDirection } from './FileListHeader';

describe('shownDirection', () => {
  it('names what the rows show: a column that puts the largest first is descending in its first order', () => {
    expect(shownDirection({ sortingMode: 'basename', sortingOrder: 'asc' }, false)).toBe('ascending');
    expect(shownDirection({ sortingMode: 'basename', sortingOrder: 'desc' }, false)).toBe('descending');
    expect(shownDirection({ sortingMode: 'mtime', sortingOrder: 'asc' }, true)).toBe('descending');
    expect(shownDirection({ sortingMode: 'mtime', sortingOrder: 'desc' }, true)).toBe('ascending');
  });
});
