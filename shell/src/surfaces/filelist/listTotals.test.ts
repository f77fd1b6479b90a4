import { describe, expect, it } from '@jest/globals';
import { isFolder, isPendingSize } from '@cumulus/sdk';
import { nodeComparator, sortNodes } from '../../lib/engine';
import type { Node } from '@cumulus/sdk';
import { randomBatch, randomNode } from '../../test-support/randomNodes';
import { seededRandom } from '../../test-support/seededRandom';
import { listingDiff, orderChange, updateOrder } from './incrementalOrder';
import { listTotals } from './listTotals';

/** The reference: every node counted. */
function counted(nodes: readonly Node[]): { files: number; folders: number; size: number } {
  const folders = nodes.filter((node) => isFolder(node)).length;
  const size = nodes.reduce((sum, node) => sum + (isPendingSize(node.size) ? 0 : (node.size as number)), 0);
  return { files: nodes.length - folders, folders, size };
}

describe('the footer totals of the shown list', () => {
  it('after every seeded random batch equal a full count, taken from the totals before', () => {
    for (const seed of [3, 21, 77]) {
      const next = seededRandom(seed);
      let id = 0;
      const nextId = (): number => (id += 1);
      const compare = nodeComparator({ locale: 'en' }) as (a: Node, b: Node) => number;
      const shows = (node: Node): boolean => !node.basename.startsWith('.');
      let listing = Array.from({ length: 500 }, () => randomNode(next, nextId()));
      let shown = sortNodes(listing.filter(shows), { locale: 'en' });
      expect(listTotals(shown)).toEqual(counted(shown));
      for (let round = 0; round < 60; round += 1) {
        const after = randomBatch(next, listing, nextId);
        const updated = updateOrder(shown, listingDiff(listing, after) as NonNullable<ReturnType<typeof listingDiff>>, shows, compare) as Node[];
        expect(orderChange(updated)?.base).toBe(shown);
        expect(listTotals(updated)).toEqual(counted(updated));
        listing = after;
        shown = updated;
      }
    }
  });

  it('counts a list it knows nothing about in full, once', () => {
    const next = seededRandom(8);
    const nodes = Array.from({ length: 50 }, (_, i) => randomNode(next, i));
    const totals = listTotals(nodes);
    expect(totals).toEqual(counted(nodes));
    expect(listTotals(nodes)).toBe(totals);
  });
});
