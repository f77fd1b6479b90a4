import { describe, expect, it } from '@jest/globals';
import { nodeComparator, sortNodes } from '@cumulus/sdk';
import type { Node, SortNodesOptions } from '@cumulus/sdk';
import { seededRandom as random } from '../../test-support/seededRandom';
import { listingDiff, updateOrder } from './incrementalOrder';


const WORDS = ['report', 'Report', 'Émile', 'zeta', 'file', 'file 10', 'file 2', 'a.b', '.hidden', '100', 'ärger', 'file 02'];

function node(next: () => number, id: number): Node {
  const basename = `${WORDS[Math.floor(next() * WORDS.length)]}${next() < 0.5 ? ` ${Math.floor(next() * 20)}` : ''}${next() < 0.6 ? '.txt' : ''}`;
  return {
    source: `https://cloud.example/remote.php/dav/files/alice/d/${id}-${encodeURIComponent(basename)}`,
    path: `/d/${basename}`,
    dirname: '/d',
    basename,
    displayname: next() < 0.1 ? `${WORDS[Math.floor(next() * WORDS.length)]}` : basename,
    extension: '',
    type: next() < 0.2 ? 'folder' : 'file',
    size: next() < 0.1 ? undefined : Math.floor(next() * 50),
    mtime: next() < 0.1 ? undefined : 1_700_000_000_000 + Math.floor(next() * 50) * 1000,
    permissions: 31,
    root: '/files/alice',
    owner: 'alice',
    mime: 'text/plain',
    attributes: next() < 0.1 ? { favorite: 1 } : {},
  };
}

const ORDERS: SortNodesOptions[] = [
  { sortingMode: 'basename', sortingOrder: 'asc' },
  { sortingMode: 'basename', sortingOrder: 'desc' },
  { sortingMode: 'size', sortingOrder: 'asc' },
  { sortingMode: 'size', sortingOrder: 'desc', sortFoldersFirst: false },
  { sortingMode: 'mtime', sortingOrder: 'asc', sortFavoritesFirst: false },
  { sortingMode: 'mtime', sortingOrder: 'desc' },
  { sortingMode: 'basename', sortingOrder: 'asc', sortFavoritesFirst: false, sortFoldersFirst: false },
];

/** A live batch on a listing, as applyLiveBatch makes it: removals and replacements in place, arrivals at the end. */
function batch(next: () => number, listing: readonly Node[], nextId: () => number): Node[] {
  const changes = 1 + Math.floor(next() * 40);
  const result = [...listing];
  for (let c = 0; c < changes; c += 1) {
    const what = next();
    const at = Math.floor(next() * result.length);
    if (what < 0.3 && result.length > 0) result.splice(at, 1);
    else if (what < 0.6 && result.length > 0) result[at] = { ...node(next, nextId()), source: (result[at] as Node).source };
    else result.push(node(next, nextId()));
  }
  return result;
}

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
      let listing = Array.from({ length: 600 }, () => node(next, nextId()));
      let shown = sortNodes(listing.filter(shows), sortOptions);
      for (let round = 0; round < 40; round += 1) {
        const after = batch(next, listing, nextId);
        const change = listingDiff(listing, after);
        expect(change).toBeDefined();
        const updated = updateOrder(shown, change as NonNullable<typeof change>, shows, compare);
        expect(updated).toBeDefined();
        // Fresh copies: the full sort computes every name again, owing nothing to the kept order.
        const full = sortNodes(after.filter(shows).map((item) => ({ ...item })), sortOptions);
        expect(sources(updated as Node[])).toEqual(sources(full));
        listing = after;
        shown = updated as Node[];
      }
    }
  });

  it('finds exactly the nodes that left and came', () => {
    const next = random(5);
    const listing = Array.from({ length: 200 }, (_, i) => node(next, i));
    const added = node(next, 1000);
    const replaced = node(next, 1001);
    const after = [...listing.slice(0, 10), ...listing.slice(30, 120), replaced, ...listing.slice(121), added];
    const change = listingDiff(listing, after);
    expect(change && [...change.came]).toEqual([replaced, added]);
    expect(change && change.left.size).toBe(21);
    expect(change?.left.has(listing[120] as Node)).toBe(true);
    expect(change?.left.has(listing[9] as Node)).toBe(false);
  });

  it('gives up on a listing that changed too much to update (another folder)', () => {
    const next = random(9);
    const one = Array.from({ length: 1000 }, (_, i) => node(next, i));
    const other = Array.from({ length: 1000 }, (_, i) => node(next, 5000 + i));
    expect(listingDiff(one, other)).toBeUndefined();
  });

  it('gives up when a node that left is not where the comparator puts it', () => {
    const next = random(3);
    const listing = Array.from({ length: 50 }, (_, i) => node(next, i));
    const compare = nodeComparator({ locale: 'en' }) as (a: Node, b: Node) => number;
    const wrongOrder = [...listing].reverse().sort((a, b) => (a.source < b.source ? 1 : -1));
    const gone = wrongOrder[25] as Node;
    expect(updateOrder(wrongOrder, { left: new Set([gone]), came: new Set() }, () => true, compare)).toBeUndefined();
  });

  it('has no comparator for a custom column, whose order only a full sort gives', () => {
    expect(nodeComparator({ sortingMode: 'tags', columns: [{ id: 'tags', sort: () => 0 }] })).toBeUndefined();
  });
});
