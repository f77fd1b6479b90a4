import { describe, expect, it } from '@jest/globals';
import { testFolder, testNode } from '../../test-support/fakeServices';
import { firstShown, lastOrder, rememberOrder, rememberedOrder } from './shownOrders';

const big = testFolder('/Big');
const other = testFolder('/Other');
const contents = Array.from({ length: 6 }, (_, i) => testNode(`/Big/f${i}.txt`));
/** The list's options as useVisibleNodes gives them (the parts these functions read). */
const optionsOf = (folder: string, more: Record<string, unknown> = {}) => ({ folder, query: '', filters: [], sortingOrder: 'desc', ...more });

describe('shownOrders (the orders the list showed last)', () => {
  it("gives a folder's first shown rows, in the list's order, for the listing it was sorted from", () => {
    rememberOrder({ contents, options: optionsOf(big.source), shown: [...contents].reverse() });
    rememberOrder({ contents: contents.slice(0, 2), options: optionsOf(other.source), shown: contents.slice(0, 2) });
    expect(firstShown(big.source, contents.length, 3)).toEqual([contents[5], contents[4], contents[3]]);
    // Another listing of the folder (another number of children): not this order.
    expect(firstShown(big.source, contents.length + 1, 3)).toBeUndefined();
    expect(firstShown(testFolder('/Never').source, contents.length, 3)).toBeUndefined();
    expect(lastOrder()?.options['folder']).toBe(other.source);
  });

  it('gives no first rows of a filtered list: its top is not the folder\'s', () => {
    rememberOrder({ contents, options: optionsOf(big.source, { query: 'f5' }), shown: [contents[5] as (typeof contents)[number]] });
    rememberOrder({ contents, options: optionsOf(big.source, { filters: [{ id: 'tags' }] }), shown: [contents[4] as (typeof contents)[number]] });
    // The unfiltered order remembered before them still answers.
    expect(firstShown(big.source, contents.length, 2)).toEqual([contents[5], contents[4]]);
  });

  it('finds an order again by the same options and the same nodes, and forgets the oldest beyond four', () => {
    const options = optionsOf(big.source, { sortingOrder: 'asc' });
    rememberOrder({ contents, options, shown: contents });
    expect(rememberedOrder({ ...options }, [...contents])?.shown).toBe(contents);
    expect(rememberedOrder({ ...options, sortingOrder: 'desc' }, contents)).toBeUndefined();
    for (let i = 0; i < 4; i += 1) rememberOrder({ contents: [], options: optionsOf(other.source), shown: [] });
    expect(rememberedOrder(options, contents)).toBeUndefined();
    expect(firstShown(big.source, contents.length, 1)).toBeUndefined();
  });
});
