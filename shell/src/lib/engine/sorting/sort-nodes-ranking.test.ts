import { describe, expect, it } from '@jest/globals';
import type { Node } from '@cumulus/sdk';
import { nodeComparator, roughKey, sortNodes } from './sort-nodes';
import type { SortNodesOptions } from './sort-nodes';

/** A node for sorting tests; `n` makes names, sizes and times vary without order. */
function node(basename: string, n: number, extra: Partial<Node> = {}): Node {
  return {
    source: `https://cloud.example/remote.php/dav/files/alice/${encodeURIComponent(basename)}`,
    path: `/${basename}`,
    dirname: '/',
    basename,
    displayname: basename,
    extension: basename.includes('.') ? basename.slice(basename.lastIndexOf('.')) : '',
    type: n % 7 === 0 ? 'folder' : 'file',
    size: (n * 7919) % 1000,
    mtime: 1_700_000_000_000 + ((n * 104_729) % 100_000) * 1000,
    permissions: 31,
    root: '/files/alice',
    owner: 'alice',
    mime: 'text/plain',
    attributes: n % 11 === 0 ? { favorite: 1 } : {},
    ...extra,
  };
}

const WORDS = ['report', 'Report', 'Émile', 'zeta', 'file', 'file 10', 'file 2', 'a.b', '.hidden', '100'];
const nodes = Array.from({ length: 300 }, (_, i) => node(`${WORDS[i % WORDS.length]} ${(i * 31) % 17}${i % 3 ? '.txt' : '.md'}`, i));

const ORDERS: SortNodesOptions[] = [
  { sortingMode: 'basename', sortingOrder: 'asc' },
  { sortingMode: 'basename', sortingOrder: 'desc' },
  { sortingMode: 'size', sortingOrder: 'asc' },
  { sortingMode: 'size', sortingOrder: 'desc', sortFoldersFirst: false },
  { sortingMode: 'mtime', sortingOrder: 'asc', sortFavoritesFirst: false },
  { sortingMode: 'mtime', sortingOrder: 'desc' },
];

/** The order sortNodes gives when it has to compute every name from scratch (fresh node objects). */
function fresh(list: readonly Node[], options: SortNodesOptions): string[] {
  const copies = list.map((item) => ({ ...item }));
  return sortNodes(copies, { locale: 'en', ...options }).map((item) => item.source);
}

const sources = (list: readonly Node[]) => list.map((item) => item.source);

describe('sortNodes keeps the name order between sorts', () => {
  it('gives the same order when re-sorting the same nodes by every column and direction', () => {
    sortNodes(nodes, { locale: 'en' });
    for (const options of ORDERS) expect(sources(sortNodes(nodes, { locale: 'en', ...options }))).toEqual(fresh(nodes, options));
  });

  it('sorts a filtered part of the nodes with the kept order, and a new node correctly', () => {
    sortNodes(nodes, { locale: 'en' });
    const some = nodes.filter((_, i) => i % 4 === 0);
    expect(sources(sortNodes(some, { locale: 'en', sortingOrder: 'desc' }))).toEqual(fresh(some, { sortingOrder: 'desc' }));
    const added = [...nodes, node('file 3.txt', 1000)];
    expect(sources(sortNodes(added, { locale: 'en' }))).toEqual(fresh(added, {}));
  });

  it('notices a name that changed in place', () => {
    const list = [node('b.txt', 1), node('c.txt', 2), node('a.txt', 3)];
    expect(sortNodes(list, { locale: 'en' }).map((item) => item.basename)).toEqual(['a.txt', 'b.txt', 'c.txt']);
    const renamed = list[2] as Node;
    renamed.displayname = 'd.txt';
    expect(sortNodes(list, { locale: 'en' }).map((item) => item.displayname)).toEqual(['b.txt', 'c.txt', 'd.txt']);
  });

  it('sorts with another locale from scratch', () => {
    const list = [node('ä', 1), node('z', 2), node('a', 3)];
    expect(sortNodes(list, { locale: 'de', sortFoldersFirst: false }).map((item) => item.basename)).toEqual(['a', 'ä', 'z']);
    expect(sortNodes(list, { locale: 'sv', sortFoldersFirst: false }).map((item) => item.basename)).toEqual(['a', 'z', 'ä']);
  });

  it('keeps one place for a node listed twice', () => {
    const one = node('x.txt', 1);
    const list = [one, node('y.txt', 2), one];
    expect(sortNodes(list, { locale: 'en' }).map((item) => item.basename)).toEqual(['x.txt', 'x.txt', 'y.txt']);
  });
});

describe('sortNodes on a big folder (a rough order first, by groups of the first two characters, then the collator)', () => {
  it('orders thousands of names exactly as the collator does, whatever their case, accents, scripts, numbers and punctuation', () => {
    const parts = ['report', 'Report', 'REPORT', 'Émile', 'emile', 'Ångström', 'angstrom', 'zeta', 'Zeta', '日本語', 'ünïcode', 'file 10', 'file 2', 'file 02', 'a.b', '.hidden', '_x', '-y', '100', '9', 'ß', 'ss', 'Ørsted', 'été', 'x1y20', 'x1y3'];
    const big = Array.from({ length: 6000 }, (_, i) => node(`${parts[i % parts.length]} ${(i * 7919) % 1009}${i % 5 === 0 ? '' : i % 2 ? '.txt' : '.MD'}`, i));
    // Names of one character, alone or before an extension: the rough order groups keys by their first two.
    big.push(...['a', 'B', 'é', '7', 'a.txt', 'b.md', '日', 'Z'].map((name, i) => node(name, 6000 + i)));
    const collator = new Intl.Collator('en', { numeric: true, usage: 'sort' });
    const stem = (item: Node): string => {
      const name = item.displayname || item.basename;
      const dot = name.lastIndexOf('.');
      return dot > 0 ? name.slice(0, dot) : name;
    };
    const expected = [...big]
      .sort((a, b) => collator.compare(stem(a), stem(b)) || collator.compare(a.basename, b.basename) || (a.source < b.source ? -1 : a.source > b.source ? 1 : 0))
      .map((item) => item.source);
    const options: SortNodesOptions = { locale: 'en', sortingMode: 'basename', sortFoldersFirst: false, sortFavoritesFirst: false };
    expect(fresh(big, options)).toEqual(expected);
    expect(fresh(big, { ...options, sortingOrder: 'desc' })).toEqual([...expected].reverse());
  });
});

describe('sortNodes by name places nodes by their rank (no comparison sort)', () => {
  const byName: SortNodesOptions[] = [
    { sortingMode: 'basename', sortingOrder: 'asc' },
    { sortingMode: 'basename', sortingOrder: 'desc' },
    { sortingMode: 'basename', sortingOrder: 'desc', sortFoldersFirst: false },
    { sortingMode: 'basename', sortingOrder: 'asc', sortFavoritesFirst: false },
  ];

  it('gives the order of the comparison of two nodes, favorites and folders first, in both directions', () => {
    for (const options of byName) {
      const compare = nodeComparator({ locale: 'en', ...options });
      expect(sources(sortNodes(nodes, { locale: 'en', ...options }))).toEqual(sources([...nodes].sort(compare)));
    }
  });

  it('keeps a node listed twice together, in the order it came, whichever the direction, and a filtered part in order', () => {
    const one = node('m.txt', 1);
    const list = [node('z.txt', 2), one, node('a.txt', 3), node('Folder', 7), one, node('b.txt', 11)];
    const names = (options: SortNodesOptions) => sortNodes(list, { locale: 'en', ...options }).map((item) => item.basename);
    // 'b.txt' (n 11) is a favorite, 'Folder' (n 7) a folder.
    expect(names({ sortingOrder: 'asc' })).toEqual(['b.txt', 'Folder', 'a.txt', 'm.txt', 'm.txt', 'z.txt']);
    expect(names({ sortingOrder: 'desc' })).toEqual(['b.txt', 'Folder', 'z.txt', 'm.txt', 'm.txt', 'a.txt']);
    // Ranks kept from the six: a part of them is placed by those ranks.
    const part = sortNodes([list[0] as Node, list[2] as Node], { locale: 'en', sortingOrder: 'desc' });
    expect(part.map((item) => item.basename)).toEqual(['z.txt', 'a.txt']);
  });
});

describe('roughKey', () => {
  it('lower-cases and pads every run of ASCII digits to 16, as the regular expression /\\d+/g with padStart did', () => {
    const names = ['', 'report', 'Report 7', 'file 10', 'file 02', 'x1y20z333', '2024-11-25 12.00.05', '12345678901234567890 long', '٣ arabic digit', 'Ångström 9', 'a9', '9a', '007'];
    for (const name of names) {
      const lower = name.toLowerCase();
      expect(roughKey(name)).toBe(lower.replace(/\d+/g, (digits) => digits.padStart(16, '0')));
    }
    expect(roughKey('File 2') < roughKey('file 10')).toBe(true);
  });
});
