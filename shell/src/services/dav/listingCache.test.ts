import { describe, expect, it } from '@jest/globals';
import type { DavResponse } from '@cumulus/sdk';
import { CompactListingReader } from './compactListing';
import { HEAD_ROWS, headOf, keptIndex, listingCacheName } from './listingCache';

const FOLDER = '/remote.php/dav/files/alice/Big/';
const PROPS = JSON.stringify({ props: ['{DAV:}getetag', '{DAV:}displayname'], total: 0 });

/** A compact listing's text: the property line, the folder's row, `children` rows, then whatever `tail` says. */
function listingText(children: number, tail: unknown[] = [{ done: true, count: children + 1 }]): string {
  const rows = Array.from({ length: children }, (_, i) => JSON.stringify([`file ${i}.txt`, `&quot;e${i}&quot;`, `file ${i}.txt`]));
  return [PROPS, JSON.stringify(['', '&quot;folder&quot;', 'Big']), ...rows, ...tail.map((line) => JSON.stringify(line))].join('\n') + '\n';
}

/** Every response of a compact text, read strictly (a cut-off or miscounted text throws). */
function responsesOf(text: string): DavResponse[] {
  const responses: DavResponse[] = [];
  const reader = new CompactListingReader(FOLDER, { onResponse: (response) => responses.push(response), onReset: () => (responses.length = 0) });
  reader.write(text);
  reader.end();
  return responses;
}

describe('headOf (the first rows of a big kept listing)', () => {
  it('is a complete listing of the folder and the first HEAD_ROWS children, as the whole text has them', () => {
    const whole = listingText(HEAD_ROWS + 50);
    const head = headOf(whole);
    expect(head).toBeDefined();
    const fromHead = responsesOf(head ?? '');
    expect(fromHead).toHaveLength(HEAD_ROWS + 1);
    expect(fromHead).toEqual(responsesOf(whole).slice(0, HEAD_ROWS + 1));
    expect(fromHead[0]?.props['getetag']).toBe('"folder"');
    expect(fromHead[HEAD_ROWS]?.href).toBe(`${FOLDER}file%20${HEAD_ROWS - 1}.txt`);
  });

  it('is none for a folder of HEAD_ROWS children or fewer: its whole copy is as small', () => {
    expect(headOf(listingText(HEAD_ROWS))).toBeUndefined();
    expect(headOf(listingText(3))).toBeUndefined();
    expect(headOf(listingText(HEAD_ROWS + 1))).toBeDefined();
  });

  it('with the rows the list showed first, holds those children, in that order, read as the whole text reads them', () => {
    const whole = listingText(HEAD_ROWS + 50);
    const first = [HEAD_ROWS + 49, 0, 7, HEAD_ROWS + 10];
    const fromHead = responsesOf(headOf(whole, first) ?? '');
    const fromWhole = responsesOf(whole);
    expect(fromHead).toEqual([fromWhole[0], ...first.map((child) => fromWhole[child + 1])]);
  });

  it('with rows the text lacks, or a reset anywhere, or a small folder, holds no chosen rows', () => {
    const whole = listingText(HEAD_ROWS + 50);
    expect(headOf(whole, [0, HEAD_ROWS + 50])).toBeUndefined();
    expect(headOf(whole, [-1])).toBeUndefined();
    expect(headOf(whole, [])).toBeUndefined();
    expect(headOf(whole, Array.from({ length: HEAD_ROWS + 1 }, (_, i) => i))).toBeUndefined();
    // The reset comes after the first rows: the first-rows head reads them, a chosen head would read void rows.
    const withLateReset = listingText(HEAD_ROWS + 10, [{ reset: true, total: HEAD_ROWS + 12 }]) + listingText(HEAD_ROWS + 11).split('\n').slice(1).join('\n');
    expect(headOf(withLateReset, [HEAD_ROWS + 5])).toBeUndefined();
    expect(headOf(listingText(HEAD_ROWS), [3, 2])).toBeUndefined();
    // A text cut off before its done line.
    expect(headOf(whole.slice(0, whole.lastIndexOf('{')), [1])).toBeUndefined();
  });

  it('is none when a reset line voids rows among the first ones', () => {
    const withReset = listingText(10, [{ reset: true, total: HEAD_ROWS + 10 }]) + listingText(HEAD_ROWS + 10).split('\n').slice(1).join('\n');
    expect(responsesOf(withReset)).toHaveLength(HEAD_ROWS + 11);
    expect(headOf(withReset)).toBeUndefined();
  });
});

/** A `Storage` in memory; `full` makes every write throw as a full quota does. */
function memoryStorage(): Storage & { full: boolean } {
  const items = new Map<string, string>();
  return {
    full: false,
    get length() {
      return items.size;
    },
    key: (index: number) => [...items.keys()][index] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    setItem(key: string, value: string) {
      if (this.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      items.set(key, String(value));
    },
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
  };
}

describe('keptIndex (which folders are kept, in localStorage)', () => {
  const kept = (path: string, etag: string) => ({ path, etag, text: 'whole', savedAt: 1 });

  it('says a folder is surely not kept until its listing is, and gives its head back with its ETag', () => {
    const storage = memoryStorage();
    const index = keptIndex('alice', storage);
    expect(index.mayHold('/files/alice/Big')).toBe(false);
    index.kept(kept('/files/alice/Big', '"e1"'), 'head text');
    expect(index.mayHold('/files/alice/Big')).toBe(true);
    expect(index.mayHold('/files/alice/Other')).toBe(false);
    expect(index.head('/files/alice/Big')).toEqual({ path: '/files/alice/Big', etag: '"e1"', text: 'head text', savedAt: 0 });
    // Another user's index is another key: nothing of alice's shows for bob.
    expect(keptIndex('bob', storage).mayHold('/files/alice/Big')).toBe(false);
  });

  it('drops the head of a folder kept again without one, and forgets folders', () => {
    const storage = memoryStorage();
    const index = keptIndex('alice', storage);
    index.kept(kept('/files/alice/Big', '"e1"'), 'head text');
    index.kept(kept('/files/alice/Big', '"e2"'), undefined);
    expect(index.head('/files/alice/Big')).toBeUndefined();
    expect(index.mayHold('/files/alice/Big')).toBe(true);
    index.forget(['/files/alice/Big']);
    expect(index.mayHold('/files/alice/Big')).toBe(false);
    expect(storage.length).toBe(1);
  });

  it('a storage that refuses writes keeps no index: folders are listed from the server, never shown from it', () => {
    const storage = memoryStorage();
    const index = keptIndex('alice', storage);
    index.kept(kept('/files/alice/Old', '"e0"'), 'old head');
    storage.full = true;
    index.kept(kept('/files/alice/Big', '"e1"'), 'head text');
    // The index could not be written: it claims nothing, not even what it named before.
    expect(index.mayHold('/files/alice/Big')).toBe(false);
    expect(index.mayHold('/files/alice/Old')).toBe(false);
    expect(index.head('/files/alice/Big')).toBeUndefined();
    expect(storage.length).toBe(0);
  });

  it('an unreadable index claims everything may be kept, and the next listing kept replaces it', () => {
    const storage = memoryStorage();
    const index = keptIndex('alice', storage);
    storage.setItem(listingCacheName('alice'), '{not json');
    expect(index.mayHold('/files/alice/Anything')).toBe(true);
    index.kept(kept('/files/alice/Big', '"e1"'), undefined);
    expect(index.mayHold('/files/alice/Big')).toBe(true);
    expect(index.mayHold('/files/alice/Anything')).toBe(false);
    // Without storage at all, nothing is known: every folder may be kept.
    expect(keptIndex('alice', undefined).mayHold('/files/alice/Big')).toBe(true);
  });
});
