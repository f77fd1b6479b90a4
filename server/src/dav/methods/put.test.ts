import { describe, it, expect } from '@jest/globals';
import { parseMtimeHeader } from './put';
import { StorageError } from '../../errors';

function refusal(value: string): string {
  try {
    parseMtimeHeader(value);
  } catch (error) {
    expect(error).toBeInstanceOf(StorageError);
    expect((error as StorageError).kind).toBe('bad-request');
    return (error as StorageError).message;
  }
  throw new Error(`"${value}" was accepted`);
}

describe('parseMtimeHeader (X-OC-MTime, after Nextcloud’s MtimeSanitizer)', () => {
  it('takes the integer part of a number as PHP reads one', () => {
    expect(parseMtimeHeader('')).toBeUndefined();
    expect(parseMtimeHeader('1600000000')).toBe(1600000000);
    expect(parseMtimeHeader('987654321')).toBe(987654321);
    expect(parseMtimeHeader('1600000000.9')).toBe(1600000000);
    expect(parseMtimeHeader(' 1600000000 ')).toBe(1600000000);
    expect(parseMtimeHeader('1.6e9')).toBe(1600000000);
    expect(parseMtimeHeader('86401')).toBe(86401);
    expect(parseMtimeHeader('253402300799')).toBe(253402300799);
  });

  it('refuses what is not a number, hex included', () => {
    for (const value of ['abcdef', 'yesterday', '0x5F5E1000', 'Infinity', 'NaN', '1_600_000_000', '0b101', '16e', '--1']) {
      expect(refusal(value)).toBe(`X-OC-MTime header must be a valid integer (unix timestamp), got "${value}".`);
    }
  });

  it('refuses times up to one day after the epoch, negative ones included', () => {
    for (const value of ['-1337', '0', '12321', String(24 * 60 * 60 - 1), String(24 * 60 * 60), '-99999999999999999999']) {
      expect(refusal(value)).toBe(`X-OC-MTime header must be a valid positive unix timestamp greater than one day, got "${value}".`);
    }
  });

  it('refuses times after the year 9999 rather than fail on them later', () => {
    for (const value of ['99999999999999999999', '253402300800', '1e300', '1e400']) {
      expect(refusal(value)).toBe(`X-OC-MTime header must be a unix timestamp no later than the year 9999, got "${value}".`);
    }
  });
});
