import { describe, expect, it } from '@jest/globals';
import { nodeComparator, sortNodes } from '../../lib/engine';
import type { Node } from '@cumulus/sdk';
import type { SortNodesOptions } from '../../lib/engine';
import { seededRandom as random } from '../../test-support/seededRandom';
import { randomBatch, randomNode } from '../../test-support/randomNodes';
import { listingDiff, orderChange, updateOrder } from './incrementalOrder';
import { knownSources, sourcesOf } from './shownSources';

const ORDERS: SortNodesOptions[] = [
  { sortingMode: 'basename', sortingOrder: 'asc' },
  { sortingMode: 'basename', sortingOrder: 'desc' },
  { sortingMode: 'size', sortingOrder: 'asc' },
  { sortingMode: 'size', sortingOrder: 'desc', sortFoldersFirst: false },
  { sortingMode: 'mtime', sortingOrder: 'asc', sortFavoritesFirst: false },
  { sortingMode: 'mtime', sortingOrder: 'desc' },
  { sortingMode: 'basename', sortingOrder: 'asc', sortFavoritesFirst: false, sortFoldersFirst: false },
];

const sources = (list: readonly Node[]): string[] => list.map((item) => item.source);
const shows = (item: Node): boolean => !item.basename.startsWith('.');

describe('the shown order updated by a batch', () => {
  it('equals a full sortNodes after every random batch, for every sort option', () => {
    for (const [o, options] of ORDERS.entries()) {
      const next = random(17 + o);
      let id = 0;
      const nextId = (): number => (id += 1);
      const sortOptions = { locale: 'en', ...options };
      const compare = nodeComparator(sortOptions);
      if (compare === undefined) throw new Error('a comparator for every non-column order');
      let listing = Array.from({ length: 600 }, () => randomNode(next, nextId()));
      let shown = sortNodes(listing.filter(shows), sortOptions);
      sourcesOf(shown);
      for (let round = 0; round < 40; round += 1) {
        const after = randomBatch(next, listing, nextId);
        const change = listingDiff(listing, after);
        expect(change).toBeDefined();
        const updated = updateOrder(shown, change as NonNullable<typeof change>, shows, compare);
        expect(updated).toBeDefined();
        // Fresh copies: the full sort computes every name again, owing nothing to the kept order.
        const full = sortNodes(after.filter(shows).map((item) => ({ ...item })), sortOptions);
        expect(sources(updated as Node[])).toEqual(sources(full));
        // The sources came along (nothing to walk), and what was dropped and inserted is told.
        expect(knownSources(updated as Node[])).toEqual(sources(full));
        const told = orderChange(updated as Node[]);
        expect(told?.base).toBe(shown);
        expect(new Set(told?.left)).toEqual(new Set(shown.filter((item) => !(updated as Node[]).includes(item))));
        expect(new Set(told?.came)).toEqual(new Set((updated as Node[]).filter((item) => !shown.includes(item))));
        listing = after;
        shown = updated as Node[];
      }
    }
  });

  it('finds exactly the nodes that left and came', () => {
    const next = random(5);
    const listing = Array.from({ length: 200 }, (_, i) => randomNode(next, i));
    const added = randomNode(next, 1000);
    const replaced = randomNode(next, 1001);
    const after = [...listing.slice(0, 10), ...listing.slice(30, 120), replaced, ...listing.slice(121), added];
    const change = listingDiff(listing, after);
    expect(change && [...change.came]).toEqual([replaced, added]);
    expect(change && change.left.size).toBe(21);
    expect(change?.left.has(listing[120] as Node)).toBe(true);
    expect(change?.left.has(listing[9] as Node)).toBe(false);
  });

  it('gives up on a listing that changed too much to update (another folder)', () => {
    const next = random(9);
    const one = Array.from({ length: 1000 }, (_, i) => randomNode(next, i));
    const other = Array.from({ length: 1000 }, (_, i) => randomNode(next, 5000 + i));
    expect(listingDiff(one, other)).toBeUndefined();
  });

  it('gives up when a node that left is not where the comparator puts it', () => {
    const next = random(3);
    const listing = Array.from({ length: 50 }, (_, i) => randomNode(next, i));
    const compare = nodeComparator({ locale: 'en' }) as (a: Node, b: Node) => number;
    const wrongOrder = [...listing].reverse().sort((a, b) => (a.source < b.source ? 1 : -1));
    const gone = wrongOrder[25] as Node;
    expect(updateOrder(wrongOrder, { left: new Set([gone]), came: new Set() }, () => true, compare)).toBeUndefined();
  });

  it('has no comparator for a custom column, whose order only a full sort gives', () => {
    expect(nodeComparator({ sortingMode: 'tags', columns: [{ id: 'tags', sort: () => 0 }] })).toBeUndefined();
  });
});
