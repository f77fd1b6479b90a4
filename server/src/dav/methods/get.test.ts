import { describe, expect, it } from '@jest/globals';
import { resolveRange, wantedRange } from './get';

describe('Range of a GET: read before the size is known, then resolved against it', () => {
  it('reads a single range as the client asked for it', () => {
    expect(wantedRange('bytes=10-19')).toEqual({ start: 10, end: 19 });
    expect(wantedRange('bytes=10-')).toEqual({ start: 10 });
    expect(wantedRange('bytes=-500')).toEqual({ suffix: 500 });
    expect(wantedRange(' BYTES= 0 - 0 ')).toEqual({ start: 0, end: 0 });
  });

  it('sends everything for several ranges, another unit or a malformed header', () => {
    for (const value of ['bytes=0-1,5-6', 'items=0-1', 'bytes=-', 'bytes=a-b', 'bytes=1-2-3', '']) expect(wantedRange(value)).toBeNull();
  });

  it('finds ranges that no size can satisfy without the size', () => {
    expect(wantedRange('bytes=-0')).toBe('unsatisfiable');
    expect(wantedRange('bytes=20-10')).toBe('unsatisfiable');
  });

  it('resolves against the size: ends past the end are cut, starts past it are unsatisfiable', () => {
    expect(resolveRange({ start: 10, end: 19 }, 100)).toEqual({ start: 10, end: 19 });
    expect(resolveRange({ start: 90, end: 200 }, 100)).toEqual({ start: 90, end: 99 });
    expect(resolveRange({ start: 10 }, 100)).toEqual({ start: 10, end: 99 });
    expect(resolveRange({ suffix: 30 }, 100)).toEqual({ start: 70, end: 99 });
    expect(resolveRange({ suffix: 300 }, 100)).toEqual({ start: 0, end: 99 });
    expect(resolveRange({ start: 100 }, 100)).toBe('unsatisfiable');
    expect(resolveRange({ start: 0, end: 5 }, 0)).toBe('unsatisfiable');
  });
});
