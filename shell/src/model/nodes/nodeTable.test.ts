import { describe, expect, it } from '@jest/globals';
import type { Node } from '@cumulus/sdk';
import { testNode } from '../../test-support/fakeServices';
import { seededRandom } from '../../test-support/seededRandom';
import { BUCKETS, EMPTY_TABLE, allNodes, bucketOf, nodeIn, withNodes } from './nodeTable';

describe('node table', () => {
  it('holds what a plain map holds through seeded random puts and drops', () => {
    for (const seed of [1, 7, 42]) {
      const next = seededRandom(seed);
      const model = new Map<string, Node>();
      let table = EMPTY_TABLE;
      for (let round = 0; round < 60; round += 1) {
        const put: Node[] = [];
        const drop: string[] = [];
        for (let k = Math.floor(next() * 80); k > 0; k -= 1) {
          const path = `/d/file ${Math.floor(next() * 400)}.txt`;
          if (next() < 0.3) drop.push(testNode(path).source);
          else put.push(testNode(path, { size: Math.floor(next() * 1000) }));
        }
        table = withNodes(table, put, drop);
        for (const source of drop) model.delete(source);
        for (const node of put) model.set(node.source, node);
        expect(new Map(allNodes(table).map((node) => [node.source, node]))).toEqual(model);
        for (const [source, node] of model) expect(nodeIn(table, source)).toBe(node);
      }
    }
  }, 60_000);

  it('copies only the buckets a change touches, and nothing when nothing changes', () => {
    const nodes = Array.from({ length: 20_000 }, (_, i) => testNode(`/big/f${i}.txt`));
    const before = withNodes(EMPTY_TABLE, nodes);
    const changed = [testNode('/big/f3.txt', { size: 9 }), testNode('/big/new.txt')];
    const after = withNodes(before, changed, [nodes[500]!.source]);
    const touched = new Set([...changed.map((node) => node.source), nodes[500]!.source].map(bucketOf));
    for (let index = 0; index < BUCKETS; index += 1) {
      if (touched.has(index)) expect(after[index]).not.toBe(before[index]);
      else expect(after[index]).toBe(before[index]);
    }
    expect(nodeIn(after, nodes[500]!.source)).toBeUndefined();
    expect(nodeIn(after, nodes[3]!.source)?.size).toBe(9);
    // The same nodes again, or a drop of what is not there: the same table (selectors keep their result).
    expect(withNodes(after, [nodes[7]!], ['https://cloud.test/nowhere'])).toBe(after);
    expect(Object.isFrozen(after)).toBe(true);
  });

  it('spreads the sources of one folder over the buckets', () => {
    const counts = new Array<number>(BUCKETS).fill(0);
    const prefix = testNode('/Photos').source;
    for (let i = 0; i < 100_000; i += 1) counts[bucketOf(`${prefix}/IMG_${String(i).padStart(5, '0')}.jpg`)]! += 1;
    // 24 a bucket on average: none holds more than a few times that.
    expect(Math.max(...counts)).toBeLessThan(100);
  });
});
