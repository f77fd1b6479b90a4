import { describe, it, expect } from '@jest/globals';
import { etagMatches, parseIfHeader, submittedTokens } from './conditions';
import { StorageError } from '../errors';

describe('If header', () => {
  const base = '/remote.php/dav/files/admin';

  it('parses untagged lists with tokens, etags and Not', () => {
    const lists = parseIfHeader('(<opaquelocktoken:abc> ["e1"]) (Not <DAV:no-lock>)', base);
    expect(lists).toEqual([
      { resource: null, conditions: [{ kind: 'token', value: 'opaquelocktoken:abc', not: false }, { kind: 'etag', value: '"e1"', not: false }] },
      { resource: null, conditions: [{ kind: 'token', value: 'DAV:no-lock', not: true }] },
    ]);
    expect([...submittedTokens(lists)]).toEqual(['opaquelocktoken:abc']);
  });

  it('maps tagged absolute URLs to paths in the tree', () => {
    const lists = parseIfHeader('<http://127.0.0.1:8080/remote.php/dav/files/admin/a%20b/> (<opaquelocktoken:x>)', base);
    expect(lists[0]?.resource).toBe('/a b');
    expect(parseIfHeader('<http://elsewhere/x> (<t>)', base)[0]?.resource).toBe('url:http://elsewhere/x');
  });

  it('refuses a malformed header with bad-request', () => {
    expect(() => parseIfHeader('(<unclosed', base)).toThrow(StorageError);
    expect(() => parseIfHeader('garbage', base)).toThrow(StorageError);
  });

  it('compares etags with or without quotes and weak prefix', () => {
    expect(etagMatches('"abc"', 'abc')).toBe(true);
    expect(etagMatches('W/"abc"', 'abc')).toBe(true);
    expect(etagMatches('"abd"', 'abc')).toBe(false);
  });
});
