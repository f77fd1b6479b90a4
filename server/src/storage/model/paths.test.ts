import { describe, it, expect } from '@jest/globals';
import { MAX_NAME_BYTES, MAX_PATH_BYTES, decodeUrlPath, encodeHrefPath, normalizePath, parentPath, baseName, isWithin } from './paths';
import { StorageError } from '../../errors';

describe('paths', () => {
  it('decodes each segment once, so %25 stays a literal percent sign', () => {
    expect(decodeUrlPath('/a%20b/c%2525.txt')).toBe('/a b/c%25.txt');
    expect(decodeUrlPath('')).toBe('/');
    expect(decodeUrlPath('/folder/')).toBe('/folder');
  });

  it('refuses .., encoded %2e%2e, encoded slashes, backslashes and NUL', () => {
    for (const bad of ['/a/../b', '/%2e%2e/x', '/%2E%2E', '/a%2fb', '/a%5c..', '/a%00b', '/.', '/%E0%A4%A']) {
      expect(() => decodeUrlPath(bad)).toThrow(StorageError);
    }
    expect(() => normalizePath('/a/../../etc')).toThrow(StorageError);
  });

  it('encodes hrefs like Nextcloud (rawurlencode per segment)', () => {
    expect(encodeHrefPath('/remote.php/dav/files/admin/a b/#1 100%.txt')).toBe('/remote.php/dav/files/admin/a%20b/%231%20100%25.txt');
    expect(encodeHrefPath("/x/it's (1)!.txt")).toBe('/x/it%27s%20%281%29%21.txt');
    expect(encodeHrefPath('/ü')).toBe('/%C3%BC');
  });

  it('splits paths', () => {
    expect(parentPath('/a/b')).toBe('/a');
    expect(parentPath('/a')).toBe('/');
    expect(baseName('/a/b.txt')).toBe('b.txt');
    expect(isWithin('/a/b', '/a')).toBe(true);
    expect(isWithin('/ab', '/a')).toBe(false);
  });

  it(`refuses names over ${MAX_NAME_BYTES} bytes and paths over ${MAX_PATH_BYTES} bytes with invalid-path`, () => {
    const kindOf = (run: () => unknown): string | undefined => {
      try {
        run();
      } catch (error) {
        return (error as StorageError).kind;
      }
      return undefined;
    };
    expect(decodeUrlPath(`/${'a'.repeat(MAX_NAME_BYTES)}`)).toBe(`/${'a'.repeat(MAX_NAME_BYTES)}`);
    expect(kindOf(() => decodeUrlPath(`/${'a'.repeat(MAX_NAME_BYTES + 1)}`))).toBe('invalid-path');
    // Bytes, not characters: 128 × 'ä' is 256 bytes.
    expect(kindOf(() => decodeUrlPath(`/${encodeURIComponent('ä'.repeat(128))}`))).toBe('invalid-path');
    expect(kindOf(() => normalizePath(`/x/${'€'.repeat(86)}`))).toBe('invalid-path');
    const segment = 'b'.repeat(255);
    const fits = `/${Array.from({ length: 16 }, () => segment).join('/')}`;
    expect(Buffer.byteLength(fits)).toBeLessThanOrEqual(MAX_PATH_BYTES);
    expect(normalizePath(fits)).toBe(fits);
    expect(kindOf(() => normalizePath(`${fits}/${segment}`))).toBe('invalid-path');
    expect(kindOf(() => decodeUrlPath(`${fits}/${segment}`))).toBe('invalid-path');
  });
});
