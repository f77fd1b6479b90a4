import { describe, it, expect } from '@jest/globals';
import { MAX_LIKE_LENGTH, MAX_LIKE_WILDCARDS, compileLike } from './like';
import { StorageError } from '../errors';

const like = (pattern: string, value: string): boolean => compileLike(pattern)(value);

describe('compileLike', () => {
  it.each([
    ['abc', 'abc', true],
    ['abc', 'ABC', true],
    ['abc', 'abcd', false],
    ['a%', 'a', true],
    ['a%', 'abc', true],
    ['%c', 'abc', true],
    ['%b%', 'abc', true],
    ['%x%', 'abc', false],
    ['a_c', 'abc', true],
    ['a_c', 'ac', false],
    ['a__', 'abc', true],
    ['_', '', false],
    ['%', '', true],
    ['', '', true],
    ['', 'a', false],
    ['%a%b%c%', 'xaxbxcx', true],
    ['%a%b%c%', 'xcxbxax', false],
    ['a%%%b', 'ab', true],
    ['%.txt', 'notes.TXT', true],
    ['%.txt', 'notes.txt.bak', false],
    ['report-2026%', 'Report-2026 (1).pdf', true],
    // One character is one code point, also outside the BMP.
    ['_.png', '😀.png', true],
    ['ä_', 'ÄÖ', true],
    // Regular expression syntax means nothing.
    ['a.c', 'abc', false],
    ['(a|b)*', '(a|b)*', true],
    ['[ab]', 'a', false],
  ])('LIKE %j on %j is %s', (pattern, value, expected) => {
    expect(like(pattern, value)).toBe(expected);
  });

  it('takes \\ as an escape: \\%, \\_ and \\\\ are literal', () => {
    expect(like('100\\%', '100%')).toBe(true);
    expect(like('100\\%', '1000')).toBe(false);
    expect(like('a\\_b', 'a_b')).toBe(true);
    expect(like('a\\_b', 'axb')).toBe(false);
    expect(like('a\\\\b', 'a\\b')).toBe(true);
    // A lone \ at the end stands for itself.
    expect(like('a\\', 'a\\')).toBe(true);
  });

  it('matches many wildcards against a long name with no backtracking blow-up', () => {
    const name = 'a'.repeat(255);
    const patterns = [`${'%'.repeat(MAX_LIKE_WILDCARDS)}b`, `${'%a'.repeat(MAX_LIKE_WILDCARDS)}b`, `${'%_'.repeat(MAX_LIKE_WILDCARDS / 2)}b`];
    for (const pattern of patterns) expect(like(pattern, name)).toBe(false);
    expect(like(`${'%a'.repeat(MAX_LIKE_WILDCARDS - 1)}%`, name)).toBe(true);
  });

  it('refuses a pattern over the length or wildcard limit with bad-request', () => {
    expect(() => compileLike('a'.repeat(MAX_LIKE_LENGTH))).not.toThrow();
    expect(() => compileLike('_'.repeat(MAX_LIKE_WILDCARDS))).not.toThrow();
    // Escaped wildcards are characters, not wildcards.
    expect(() => compileLike('\\%'.repeat(MAX_LIKE_WILDCARDS + 1))).not.toThrow();
    for (const pattern of ['a'.repeat(MAX_LIKE_LENGTH + 1), '%'.repeat(MAX_LIKE_WILDCARDS + 1), '_'.repeat(MAX_LIKE_WILDCARDS + 1)]) {
      expect(() => compileLike(pattern)).toThrow(StorageError);
      try {
        compileLike(pattern);
      } catch (error) {
        expect((error as StorageError).kind).toBe('bad-request');
      }
    }
  });
});
