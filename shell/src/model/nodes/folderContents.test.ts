import { describe, expect, it } from '@jest/globals';
import type { Node } from '@cumulus/sdk';
import { testFolder, testNode } from '../../test-support/fakeServices';
import { seededRandom } from '../../test-support/seededRandom';
import { contentsChange, folderContents, noteChildrenDelta } from './folderContents';
import { EMPTY_TABLE, nodeIn, withNodes } from './nodeTable';
import type { NodeTable } from './nodeTable';

/** The reference: every child looked up. */
const lookedUp = (children: readonly string[], table: NodeTable): Node[] => children.map((source) => nodeIn(table, source)).filter((node): node is Node => node !== undefined);

describe('folderContents', () => {
  it('equals a full look-up through seeded random changes of nodes, renames, additions, removals and new listings', () => {
    for (const seed of [5, 17, 99]) {
      const next = seededRandom(seed);
      let fresh = 0;
      const make = (folder: string) => testNode(`${folder}/n ${fresh++}.txt`, { size: Math.floor(next() * 100) });
      const first = Array.from({ length: 400 }, () => make('/d'));
      let children: readonly string[] = first.map((node) => node.source);
      let table = withNodes(EMPTY_TABLE, [...first, ...Array.from({ length: 100 }, () => make('/other'))]);
      let before = folderContents(children, table);
      let told = 0;
      for (let step = 0; step < 300; step += 1) {
        const roll = next();
        const pick = () => children[Math.floor(next() * children.length)] as string;
        /** A child whose node the table holds. */
        const known = (): Node => {
          for (;;) {
            const node = nodeIn(table, pick());
            if (node !== undefined) return node;
          }
        };
        if (roll < 0.35) {
          // Nodes changed under their source (a write, a status), here and elsewhere.
          const put = Array.from({ length: 1 + Math.floor(next() * 20) }, () => ({ ...known(), size: Math.floor(next() * 1000) }));
          table = withNodes(table, [...put, make('/other')]);
        } else if (roll < 0.7) {
          // Live changes: renames in place and additions at the end.
          const renamed = new Map<string, string>();
          const moved: Node[] = [];
          for (let k = Math.floor(next() * 5); k > 0; k -= 1) {
            const from = known();
            if (renamed.has(from.source)) continue;
            const to = { ...from, source: make('/d').source };
            renamed.set(from.source, to.source);
            moved.push(to);
          }
          const added = Array.from({ length: Math.floor(next() * 30) }, () => make('/d'));
          const made = [...children.map((source) => renamed.get(source) ?? source), ...added.map((node) => node.source)];
          // The folder's own node changes with its children, as applyLiveBatch makes it.
          table = withNodes(table, [...moved, ...added, testFolder('/d', { _children: made })], [...renamed.keys()]);
          noteChildrenDelta(made, { base: children, renamed, added: added.map((node) => node.source) });
          children = made;
        } else if (roll < 0.85) {
          // A node gone from the table (deleted): left out; and once its folder is listed again, not a child.
          const gone = pick();
          table = withNodes(table, [], [gone]);
          expect(folderContents(children, table)).toEqual(lookedUp(children, table));
          children = children.filter((source) => source !== gone);
        } else if (roll < 0.95) {
          // A new listing: children made without a delta.
          children = children.filter(() => next() < 0.9);
        } else {
          // Nothing changed: the same array.
          const before = folderContents(children, table);
          expect(folderContents(children, table)).toBe(before);
        }
        const contents = folderContents(children, table);
        expect(contents).toEqual(lookedUp(children, table));
        // What left and came, when told, is exactly the difference of the two arrays.
        const change = contentsChange(contents, before);
        if (change !== undefined) {
          told += 1;
          const inBefore = new Set(before);
          const inContents = new Set(contents);
          expect(change.left).toEqual(new Set(before.filter((node) => !inContents.has(node))));
          expect(change.came).toEqual(new Set(contents.filter((node) => !inBefore.has(node))));
        }
        before = contents;
      }
      expect(told).toBeGreaterThan(100);
    }
  }, 60_000);
});
