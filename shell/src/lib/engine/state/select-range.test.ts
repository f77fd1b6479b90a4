import { describe, expect, it } from '@jest/globals';
import { selectRange } from './select-range';

const order = ['a', 'b', 'c', 'd', 'e'];

describe('selectRange', () => {
  it('selects the range between the last selected index and the current one', () => {
    expect(selectRange(order, 1, 3, ['b'])).toEqual(['b', 'c', 'd']);
  });
  it('works upwards too', () => {
    expect(selectRange(order, 3, 0, ['d'])).toEqual(['d', 'a', 'b', 'c']);
  });
  it('keeps the rest of the selection, without duplicates', () => {
    expect(selectRange(order, 2, 3, ['e', 'c'])).toEqual(['e', 'c', 'd']);
  });
  it('adds only the clicked node without a last index', () => {
    expect(selectRange(order, null, 2, ['a'])).toEqual(['a', 'c']);
  });
  it('clamps indices outside the list', () => {
    expect(selectRange(order, 9, 3, [])).toEqual(['d', 'e']);
    expect(selectRange([], 0, 3, ['x'])).toEqual(['x']);
  });
});
