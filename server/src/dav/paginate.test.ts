import { describe, expect, it } from '@jest/globals';
import type { FileEntry } from '../storage/model/types';
import type { PropRequest } from './prop-request';
import { PaginateCache, SNAPSHOT_TTL_MS } from './paginate';

const request: PropRequest = { kind: 'allprop', include: [] };
const entries = (count: number): FileEntry[] => Array.from({ length: count }, (_, i) => ({ fileid: i, path: `/f${i}`, name: `f${i}` }) as FileEntry);

describe('PaginateCache', () => {
  it("gives a snapshot only to its user and URL, with tokens of Nextcloud's length", () => {
    const cache = new PaginateCache();
    const token = cache.store('alice', '/Docs', request, entries(3), 1);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(cache.get(token, 'alice', '/Docs')?.entries).toHaveLength(3);
    expect(cache.get(token, 'bob', '/Docs')).toBeUndefined();
    expect(cache.get(token, 'alice', '/Other')).toBeUndefined();
  });

  it('forgets a snapshot an hour after its last use', () => {
    let now = 0;
    const cache = new PaginateCache(() => now);
    const token = cache.store('alice', '/Docs', request, entries(1), undefined);
    now = SNAPSHOT_TTL_MS - 1;
    expect(cache.get(token, 'alice', '/Docs')).toBeDefined();
    now += SNAPSHOT_TTL_MS - 1;
    expect(cache.get(token, 'alice', '/Docs')).toBeDefined();
    now += SNAPSHOT_TTL_MS;
    expect(cache.get(token, 'alice', '/Docs')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps eight snapshots a user, dropping the least recently used, and never touches another user', () => {
    const cache = new PaginateCache();
    const bobs = cache.store('bob', '/Docs', request, entries(1), undefined);
    const tokens = Array.from({ length: 8 }, () => cache.store('alice', '/Docs', request, entries(1), undefined));
    // The first one used again: the second becomes the oldest.
    expect(cache.get(tokens[0] as string, 'alice', '/Docs')).toBeDefined();
    cache.store('alice', '/Docs', request, entries(1), undefined);
    expect(cache.get(tokens[0] as string, 'alice', '/Docs')).toBeDefined();
    expect(cache.get(tokens[1] as string, 'alice', '/Docs')).toBeUndefined();
    expect(cache.get(bobs, 'bob', '/Docs')).toBeDefined();
    cache.forgetUser('alice');
    expect(cache.size).toBe(1);
  });
});
