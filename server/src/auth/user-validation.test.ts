import { describe, expect, it } from '@jest/globals';
import { formatQuota, formatSize, parseQuota, validateUid } from './user-validation';

describe('quota parsing', () => {
  it('reads sizes in binary units as Nextcloud does', () => {
    expect(parseQuota('500')).toBe(500);
    expect(parseQuota('5 GB')).toBe(5 * 1024 ** 3);
    expect(parseQuota('1.5GiB')).toBe(1.5 * 1024 ** 3);
    expect(parseQuota('10 mb')).toBe(10 * 1024 ** 2);
  });
  it('reads none, unlimited and -1 as unlimited (-1)', () => {
    for (const text of ['none', 'unlimited', '-1', ' None ']) expect(parseQuota(text)).toBe(-1);
  });
  it('refuses anything else with a message naming the input', () => {
    expect(() => parseQuota('lots')).toThrow('"lots" is not a quota.');
    expect(() => parseQuota('5 XB')).toThrow('is not a quota');
    expect(() => parseQuota('-5')).toThrow('is not a quota');
  });
  it('formats whole binary units and none', () => {
    expect(formatQuota(-1)).toBe('none');
    expect(formatQuota(5 * 1024 ** 3)).toBe('5 GB');
    expect(formatQuota(1500)).toBe('1500 B');
  });
  it('formats a used size to one decimal in the units of the quota', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(58)).toBe('58 B');
    expect(formatSize(1024)).toBe('1 KB');
    expect(formatSize(1500)).toBe('1.5 KB');
    expect(formatSize(3040870)).toBe('2.9 MB');
    expect(formatSize(1024 * 1024 - 1)).toBe('1 MB');
    expect(formatSize(5 * 1024 ** 3)).toBe(formatQuota(5 * 1024 ** 3));
  });
});

describe('user ids', () => {
  it('accepts letters, digits and _ . @ -', () => {
    expect(() => validateUid('alice.b-c_d@example')).not.toThrow();
  });
  it('refuses path-like, empty, long or dot-first ids', () => {
    for (const uid of ['', '..', '.hidden', 'a/b', 'a\\b', 'a b', 'x'.repeat(65), 'nul\u0000']) expect(() => validateUid(uid)).toThrow();
  });
});
