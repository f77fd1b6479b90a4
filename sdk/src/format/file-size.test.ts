import { describe, expect, it } from '@jest/globals';
import { FILE_SIZE_UNITS, formatFileSize, isPendingSize, parseFileSize } from './file-size';

const KiB = 1024;
const MiB = KiB * 1024;
const GiB = MiB * 1024;
const PiB = GiB * 1024 * 1024;

describe('formatFileSize', () => {
  it('uses the units B to PB', () => {
    expect(FILE_SIZE_UNITS).toEqual(['B', 'KB', 'MB', 'GB', 'TB', 'PB']);
  });

  it('counts in base 1024 by default, labelled KB, MB, …', () => {
    expect(formatFileSize(0, { locale: 'en' })).toBe('0 B');
    expect(formatFileSize(1023, { locale: 'en' })).toBe('1023 B');
    expect(formatFileSize(1024, { locale: 'en' })).toBe('1 KB');
    expect(formatFileSize(MiB, { locale: 'en' })).toBe('1 MB');
    expect(formatFileSize(GiB, { locale: 'en' })).toBe('1 GB');
    expect(formatFileSize(GiB * 1024, { locale: 'en' })).toBe('1 TB');
    expect(formatFileSize(PiB, { locale: 'en' })).toBe('1 PB');
  });

  it('shows zero decimals below MB', () => {
    expect(formatFileSize(1500, { locale: 'en' })).toBe('1 KB');
    expect(formatFileSize(1800, { locale: 'en' })).toBe('2 KB');
    expect(formatFileSize(500 * KiB + 400, { locale: 'en' })).toBe('500 KB');
  });

  it('shows one decimal from MB up', () => {
    expect(formatFileSize(1.5 * MiB, { locale: 'en' })).toBe('1.5 MB');
    expect(formatFileSize(2.25 * GiB, { locale: 'en' })).toBe('2.3 GB');
    expect(formatFileSize(10.04 * MiB, { locale: 'en' })).toBe('10 MB');
  });

  it('moves to the next unit when rounding reaches it', () => {
    expect(formatFileSize(MiB - 1, { locale: 'en' })).toBe('1 MB');
    expect(formatFileSize(GiB - 1, { locale: 'en' })).toBe('1 GB');
  });

  it('stays in PB past the largest unit', () => {
    expect(formatFileSize(2048 * PiB, { locale: 'en' })).toBe('2048 PB');
  });

  it('uses the locale for the decimal separator', () => {
    expect(formatFileSize(1.5 * MiB, { locale: 'de' })).toBe('1,5 MB');
  });

  it('counts in base 1000 when asked', () => {
    expect(formatFileSize(1000, { binary: false, locale: 'en' })).toBe('1 KB');
    expect(formatFileSize(1_500_000, { binary: false, locale: 'en' })).toBe('1.5 MB');
    expect(formatFileSize(1024, { binary: false, locale: 'en' })).toBe('1 KB');
  });

  it('labels with IEC prefixes on request, only in base 1024', () => {
    expect(formatFileSize(1.5 * MiB, { binaryPrefixes: true, locale: 'en' })).toBe('1.5 MiB');
    expect(formatFileSize(1_500_000, { binary: false, binaryPrefixes: true, locale: 'en' })).toBe('1.5 MB');
  });

  it('can hide tiny sizes as Nextcloud\'s list does', () => {
    expect(formatFileSize(0, { skipSmallSizes: true })).toBe('0 KB');
    expect(formatFileSize(12, { skipSmallSizes: true })).toBe('< 1 KB');
    expect(formatFileSize(2048, { skipSmallSizes: true, locale: 'en' })).toBe('2 KB');
  });

  it('formats a negative or non-finite size as 0 B', () => {
    expect(formatFileSize(-1, { locale: 'en' })).toBe('0 B');
    expect(formatFileSize(Number.NaN, { locale: 'en' })).toBe('0 B');
  });
});

describe('isPendingSize', () => {
  it('is true for an unknown or negative size', () => {
    expect(isPendingSize(undefined)).toBe(true);
    expect(isPendingSize(null)).toBe(true);
    expect(isPendingSize(Number.NaN)).toBe(true);
    expect(isPendingSize(-1)).toBe(true);
  });
  it('is false for zero and positive sizes', () => {
    expect(isPendingSize(0)).toBe(false);
    expect(isPendingSize(42)).toBe(false);
  });
});

describe('parseFileSize', () => {
  it('reads plain bytes', () => {
    expect(parseFileSize('42')).toBe(42);
    expect(parseFileSize('42 B')).toBe(42);
    expect(parseFileSize('42b')).toBe(42);
  });
  it('reads KB, MB, … as base 1024 by default, so it reverses formatFileSize', () => {
    expect(parseFileSize('1 KB')).toBe(1024);
    expect(parseFileSize('1.5 MB')).toBe(1.5 * MiB);
    expect(parseFileSize(formatFileSize(3 * GiB, { locale: 'en' }))).toBe(3 * GiB);
  });
  it('reads base 1000 when asked, but IEC units always in base 1024', () => {
    expect(parseFileSize('1.5 MB', { binary: false })).toBe(1_500_000);
    expect(parseFileSize('2 KiB', { binary: false })).toBe(2048);
  });
  it('accepts a comma decimal separator, any case and spacing', () => {
    expect(parseFileSize(' 1,5 mb ')).toBe(1.5 * MiB);
    expect(parseFileSize('.5k')).toBe(512);
  });
  it('returns null for what is not a size', () => {
    expect(parseFileSize('')).toBeNull();
    expect(parseFileSize('.')).toBeNull();
    expect(parseFileSize('MB')).toBeNull();
    expect(parseFileSize('1 XB')).toBeNull();
    expect(parseFileSize('ib')).toBeNull();
    expect(parseFileSize('-1 MB')).toBeNull();
  });
});
