import { describe, expect, it } from '@jest/globals';
import type { Node } from '@cumulus/sdk';
import { sortNodes } from './sort-nodes';

/** A minimal node for sorting tests. */
function node(basename: string, extra: Partial<Node> & { favorite?: boolean } = {}): Node {
  const { favorite, ...rest } = extra;
  return {
    source: `https://cloud.example/remote.php/dav/files/alice/${basename}`,
    path: `/${basename}`,
    dirname: '/',
    basename,
    displayname: basename,
    extension: '',
    type: 'file',
    permissions: 31,
    root: '/files/alice',
    owner: 'alice',
    mime: 'text/plain',
    attributes: favorite ? { favorite: 1 } : {},
    ...rest,
  };
}

const names = (nodes: Node[]): string[] => nodes.map((n) => n.basename);
const plain = { sortFavoritesFirst: false, sortFoldersFirst: false, locale: 'en' } as const;

describe('sortNodes by name', () => {
  it('sorts natural-numerically: 2 before 10', () => {
    const sorted = sortNodes([node('file 10.txt'), node('file 2.txt'), node('file 1.txt')], plain);
    expect(names(sorted)).toEqual(['file 1.txt', 'file 2.txt', 'file 10.txt']);
  });

  it('is locale-aware: accents and case sort with their letters', () => {
    const sorted = sortNodes([node('zeta'), node('Émile'), node('alpha'), node('Beta')], plain);
    expect(names(sorted)).toEqual(['alpha', 'Beta', 'Émile', 'zeta']);
  });

  it('compares the name without its extension first', () => {
    const sorted = sortNodes([node('a b.txt'), node('a.txt')], plain);
    expect(names(sorted)).toEqual(['a.txt', 'a b.txt']);
  });

  it('reverses for desc', () => {
    const sorted = sortNodes([node('b'), node('c'), node('a')], { ...plain, sortingOrder: 'desc' });
    expect(names(sorted)).toEqual(['c', 'b', 'a']);
  });

  it('uses the display name when there is one', () => {
    const sorted = sortNodes([node('1', { displayname: 'Zed' }), node('2', { displayname: 'Amy' })], plain);
    expect(names(sorted)).toEqual(['2', '1']);
  });

  it('does not change the input array', () => {
    const input = [node('b'), node('a')];
    sortNodes(input, plain);
    expect(names(input)).toEqual(['b', 'a']);
  });
});

describe('sortNodes groups', () => {
  const nodes = [
    node('c.txt'),
    node('b-folder', { type: 'folder' }),
    node('a.txt'),
    node('z-favorite.txt', { favorite: true }),
    node('y-favorite-folder', { type: 'folder', favorite: true }),
  ];

  it('puts favorites first, then folders, by default', () => {
    expect(names(sortNodes(nodes, { locale: 'en' }))).toEqual([
      'y-favorite-folder',
      'z-favorite.txt',
      'b-folder',
      'a.txt',
      'c.txt',
    ]);
  });

  it('keeps the groups first when descending', () => {
    expect(names(sortNodes(nodes, { locale: 'en', sortingOrder: 'desc' }))).toEqual([
      'y-favorite-folder',
      'z-favorite.txt',
      'b-folder',
      'c.txt',
      'a.txt',
    ]);
  });

  it('can turn either grouping off', () => {
    expect(names(sortNodes(nodes, { locale: 'en', sortFavoritesFirst: false }))).toEqual([
      'b-folder',
      'y-favorite-folder',
      'a.txt',
      'c.txt',
      'z-favorite.txt',
    ]);
    expect(names(sortNodes(nodes, { locale: 'en', sortFoldersFirst: false }))).toEqual([
      'y-favorite-folder',
      'z-favorite.txt',
      'a.txt',
      'b-folder',
      'c.txt',
    ]);
  });

  it('applies the groups before the key', () => {
    const sorted = sortNodes(
      [node('big.bin', { size: 900 }), node('dir', { type: 'folder', size: 1 })],
      { locale: 'en', sortingMode: 'size', sortingOrder: 'desc' },
    );
    expect(names(sorted)).toEqual(['dir', 'big.bin']);
  });
});

describe('sortNodes by size and mtime', () => {
  it('sorts sizes ascending and descending, ties by name', () => {
    const nodes = [node('b', { size: 10 }), node('a', { size: 10 }), node('c', { size: 2 }), node('d', { size: 300 })];
    expect(names(sortNodes(nodes, { ...plain, sortingMode: 'size' }))).toEqual(['c', 'a', 'b', 'd']);
    expect(names(sortNodes(nodes, { ...plain, sortingMode: 'size', sortingOrder: 'desc' }))).toEqual(['d', 'b', 'a', 'c']);
  });

  it('sorts mtime newest first for asc, oldest first for desc', () => {
    const nodes = [node('old', { mtime: 1000 }), node('new', { mtime: 3000 }), node('mid', { mtime: 2000 })];
    expect(names(sortNodes(nodes, { ...plain, sortingMode: 'mtime' }))).toEqual(['new', 'mid', 'old']);
    expect(names(sortNodes(nodes, { ...plain, sortingMode: 'mtime', sortingOrder: 'desc' }))).toEqual(['old', 'mid', 'new']);
  });

  it('puts unknown sizes and times last in both directions', () => {
    const nodes = [node('pending', { size: -1 }), node('unknown'), node('one', { size: 1 }), node('two', { size: 2 })];
    expect(names(sortNodes(nodes, { ...plain, sortingMode: 'size' }))).toEqual(['one', 'two', 'pending', 'unknown']);
    expect(names(sortNodes(nodes, { ...plain, sortingMode: 'size', sortingOrder: 'desc' }))).toEqual(['two', 'one', 'unknown', 'pending']);
    const timed = [node('never'), node('then', { mtime: 5 })];
    expect(names(sortNodes(timed, { ...plain, sortingMode: 'mtime' }))).toEqual(['then', 'never']);
    expect(names(sortNodes(timed, { ...plain, sortingMode: 'mtime', sortingOrder: 'desc' }))).toEqual(['then', 'never']);
  });
});

describe('sortNodes by a custom column', () => {
  const tagged = (name: string, tag: number) => node(name, { attributes: { tag } });
  const byTag = {
    id: 'tag',
    sort: (a: Node, b: Node) => Number(a.attributes['tag']) - Number(b.attributes['tag']),
  };

  it("uses the column's sort alone, reversed for desc, as Nextcloud: ties keep their order", () => {
    const nodes = [tagged('b', 2), tagged('a', 2), tagged('c', 1)];
    expect(names(sortNodes(nodes, { ...plain, sortingMode: 'tag', columns: [byTag] }))).toEqual(['c', 'b', 'a']);
    expect(names(sortNodes(nodes, { ...plain, sortingMode: 'tag', sortingOrder: 'desc', columns: [byTag] }))).toEqual(['a', 'b', 'c']);
  });

  it('puts neither favorites nor folders first when a column sorts, even with both enabled', () => {
    const nodes = [node('fav', { attributes: { tag: 3, favorite: 1 } }), node('dir', { type: 'folder', attributes: { tag: 2 } }), tagged('plain', 1)];
    const options = { sortFavoritesFirst: true, sortFoldersFirst: true, sortingMode: 'tag', columns: [byTag] };
    expect(names(sortNodes(nodes, options))).toEqual(['plain', 'dir', 'fav']);
    expect(names(sortNodes(nodes, { ...options, sortingOrder: 'desc' }))).toEqual(['fav', 'dir', 'plain']);
  });

  it('falls back to the name for an unknown mode or a column without sort', () => {
    const nodes = [tagged('b', 1), tagged('a', 2)];
    expect(names(sortNodes(nodes, { ...plain, sortingMode: 'nope' }))).toEqual(['a', 'b']);
    expect(names(sortNodes(nodes, { ...plain, sortingMode: 'tag', columns: [{ id: 'tag' }] }))).toEqual(['a', 'b']);
  });
});

describe('sortNodes determinism', () => {
  it('breaks a full name tie by source', () => {
    const a = node('same', { source: 'https://cloud.example/a/same' });
    const b = node('same', { source: 'https://cloud.example/b/same' });
    expect(sortNodes([b, a], plain)).toEqual([a, b]);
    expect(sortNodes([a, b], plain)).toEqual([a, b]);
  });

  it('orders 100,000 nodes correctly', () => {
    const count = 100_000;
    const nodes: Node[] = [];
    for (let i = count - 1; i >= 0; i -= 1) {
      nodes.push(
        node(`file ${i}.txt`, {
          source: `https://cloud.example/f/${i}`,
          type: i % 10 === 0 ? 'folder' : 'file',
          size: i % 7,
          attributes: i % 1000 === 0 ? { favorite: 1 } : {},
        }),
      );
    }
    const sorted = sortNodes(nodes, { locale: 'en', sortingMode: 'size' });
    expect(sorted).toHaveLength(count);
    const rank = (n: Node) => (n.attributes.favorite === 1 ? 0 : 2) + (n.type === 'folder' ? 0 : 1);
    const index = (n: Node) => Number(n.basename.slice(5, -4));
    for (let i = 1; i < sorted.length; i += 1) {
      const previous = sorted[i - 1] as Node;
      const current = sorted[i] as Node;
      const inOrder =
        rank(previous) < rank(current) ||
        (rank(previous) === rank(current) &&
          ((previous.size ?? 0) < (current.size ?? 0) ||
            ((previous.size ?? 0) === (current.size ?? 0) && index(previous) < index(current))));
      if (!inOrder) {
        throw new Error(`out of order at ${i}: ${previous.basename} then ${current.basename}`);
      }
    }
  });
});
