import type { Node } from '@cumulus/sdk';

/*
 * Random listings and live batches for the tests of the list's incremental updates (the
 * order, its sources, the footer's totals): names that sort in tricky ways, folders,
 * favorites, unknown sizes and times.
 */

const WORDS = ['report', 'Report', 'Émile', 'zeta', 'file', 'file 10', 'file 2', 'a.b', '.hidden', '100', 'ärger', 'file 02'];

/** A random node of the folder `/d`, its source unique by `id`. */
export function randomNode(next: () => number, id: number): Node {
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

/** A live batch on a listing, as applyLiveBatch makes it: removals and replacements in place, arrivals at the end. */
export function randomBatch(next: () => number, listing: readonly Node[], nextId: () => number): Node[] {
  const changes = 1 + Math.floor(next() * 40);
  const result = [...listing];
  for (let c = 0; c < changes; c += 1) {
    const what = next();
    const at = Math.floor(next() * result.length);
    if (what < 0.3 && result.length > 0) result.splice(at, 1);
    else if (what < 0.6 && result.length > 0) result[at] = { ...randomNode(next, nextId()), source: (result[at] as Node).source };
    else result.push(randomNode(next, nextId()));
  }
  return result;
}
