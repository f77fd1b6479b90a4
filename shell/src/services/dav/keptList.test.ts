/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { createDavService } from './davService';
import type { DavListing } from './davService';
import { HEAD_ROWS, headOf } from './listingCache';
import type { KeptListing, ListingCache } from './listingCache';

const ORIGIN = 'http://127.0.0.1:18999';
const PATH = '/files/alice/Big';
const PROPS = JSON.stringify({ props: ['{DAV:}getetag', '{DAV:}displayname', '{DAV:}resourcetype'], total: 0 });

/** A kept compact listing of /Big with `children` files. */
function keptText(children: number): string {
  const rows = Array.from({ length: children }, (_, i) => JSON.stringify([`f${i}.txt`, `&quot;e${i}&quot;`, `f${i}.txt`, '']));
  return [PROPS, JSON.stringify(['', '&quot;big&quot;', 'Big', '<d:collection/>']), ...rows, JSON.stringify({ done: true, count: children + 1 })].join('\n') + '\n';
}

/**
 * A listing cache holding one big folder, counting its reads; the whole copy is handed back only
 * when `releaseWhole` is called. With `indexed`, its index (localStorage) holds the head too.
 */
function fakeCache(children: number, indexed = false) {
  const text = keptText(children);
  const reads = { head: [] as string[], whole: [] as string[], index: [] as string[] };
  let releaseWhole: () => void = () => undefined;
  const wholeReleased = new Promise<void>((resolve) => (releaseWhole = resolve));
  const cache: ListingCache = {
    mayHold: () => true,
    async head(path) {
      reads.head.push(path);
      const head = headOf(text);
      return path === PATH && head !== undefined ? { path, etag: 'big', text: head, savedAt: 0 } : undefined;
    },
    keptHead(path) {
      reads.index.push(path);
      const head = headOf(text);
      return indexed && path === PATH && head !== undefined ? { path, etag: 'big', text: head, savedAt: 0 } : undefined;
    },
    async get(path) {
      reads.whole.push(path);
      await wholeReleased;
      return path === PATH ? ({ path, etag: 'big', text, savedAt: 0 } satisfies KeptListing) : undefined;
    },
    put: async () => undefined,
    delete: async () => undefined,
  };
  return { cache, reads, releaseWhole };
}

describe('DavService.keptList', () => {
  it("shows a big folder's first rows from the kept head before the whole copy is read", async () => {
    const { cache, reads, releaseWhole } = fakeCache(HEAD_ROWS + 300);
    const dav = createDavService({ origin: ORIGIN, uid: 'alice', listingCache: cache });
    let first: DavListing | undefined;
    let shown: () => void = () => undefined;
    const shownFirst = new Promise<void>((resolve) => (shown = resolve));
    const listed = dav.keptList('/Big', { onFirstRows: (partial) => ((first = partial), shown()) });
    // The whole copy is still held back: the first rows came from the head.
    await shownFirst;
    expect(first?.folder.attributes.etag).toBe('big');
    expect(first?.contents).toHaveLength(HEAD_ROWS);
    expect(first?.contents[0]?.basename).toBe('f0.txt');
    releaseWhole();
    const whole = await listed;
    expect(whole?.contents).toHaveLength(HEAD_ROWS + 300);
    expect(whole?.contents.slice(0, HEAD_ROWS)).toEqual(first?.contents);
    expect(reads).toEqual({ head: [PATH], whole: [PATH], index: [PATH] });
  });

  it('takes the reads begun ahead for the folder it lists first, and only for that one', async () => {
    const { cache, reads, releaseWhole } = fakeCache(HEAD_ROWS + 1);
    releaseWhole();
    const dav = createDavService({ origin: ORIGIN, uid: 'alice', listingCache: cache });
    dav.readKeptAhead('/Big');
    expect(reads).toEqual({ head: [PATH], whole: [PATH], index: [PATH] });
    const kept = await dav.keptList('/Big', { onFirstRows: () => undefined });
    expect(kept?.contents).toHaveLength(HEAD_ROWS + 1);
    // Taken: nothing was read again.
    expect(reads).toEqual({ head: [PATH], whole: [PATH], index: [PATH] });
    // Read ahead for another folder: not taken, the folder asked for is read.
    dav.readKeptAhead('/Other');
    await dav.keptList('/Big');
    expect(reads.whole).toEqual([PATH, '/files/alice/Other', PATH]);
  });

  it('hands on the rows of a head the index holds within the call itself, so they join the listing\'s start in one render', async () => {
    for (const ahead of [false, true]) {
      const { cache, reads, releaseWhole } = fakeCache(HEAD_ROWS + 300, true);
      const dav = createDavService({ origin: ORIGIN, uid: 'alice', listingCache: cache });
      if (ahead) dav.readKeptAhead('/Big');
      let first: DavListing | undefined;
      const listed = dav.keptList('/Big', { onFirstRows: (partial) => (first = partial) });
      // Synchronously: no promise has settled since the call.
      expect(first?.contents).toHaveLength(HEAD_ROWS);
      expect(first?.contents[HEAD_ROWS - 1]?.basename).toBe(`f${HEAD_ROWS - 1}.txt`);
      // The database's copy of the head was not read.
      expect(reads.head).toEqual([]);
      releaseWhole();
      await expect(listed).resolves.toMatchObject({ contents: { length: HEAD_ROWS + 300 } });
      expect(reads.index).toEqual([PATH]);
    }
  });
});
