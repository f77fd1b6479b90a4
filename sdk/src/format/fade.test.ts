import { describe, expect, it } from '@jest/globals';
import { MTIME_FADE_WINDOW_MS, SIZE_FADE_MAX_BYTES, mtimeOpacity, sizeOpacity } from './fade';

const NOW = Date.UTC(2026, 10, 1);
const DAY = 24 * 60 * 60 * 1000;

describe('mtimeOpacity', () => {
  it('uses the 26784e5 ms window, which is 31 days', () => {
    expect(MTIME_FADE_WINDOW_MS).toBe(26784e5);
    expect(MTIME_FADE_WINDOW_MS).toBe(31 * DAY);
  });
  it('is 100 for a node changed now, and for one in the future', () => {
    expect(mtimeOpacity(NOW, NOW)).toBe(100);
    expect(mtimeOpacity(NOW + DAY, NOW)).toBe(100);
  });
  it('falls linearly over the window', () => {
    expect(mtimeOpacity(NOW - MTIME_FADE_WINDOW_MS / 2, NOW)).toBe(50);
    expect(mtimeOpacity(NOW - MTIME_FADE_WINDOW_MS, NOW)).toBe(0);
  });
  it('is null past the window or without a time', () => {
    expect(mtimeOpacity(NOW - 32 * DAY, NOW)).toBeNull();
    expect(mtimeOpacity(undefined, NOW)).toBeNull();
    expect(mtimeOpacity(0, NOW)).toBeNull();
  });
});

describe('sizeOpacity', () => {
  it('scales up to 10 MiB', () => {
    expect(SIZE_FADE_MAX_BYTES).toBe(10485760);
    expect(sizeOpacity(SIZE_FADE_MAX_BYTES)).toBe(100);
    expect(sizeOpacity(SIZE_FADE_MAX_BYTES * 4)).toBe(100);
  });
  it('grows with the square of the share of 10 MiB', () => {
    expect(sizeOpacity(SIZE_FADE_MAX_BYTES / 2)).toBe(25);
    expect(sizeOpacity(1024)).toBe(0);
  });
  it('is null for an empty or unknown size', () => {
    expect(sizeOpacity(0)).toBeNull();
    expect(sizeOpacity(-1)).toBeNull();
    expect(sizeOpacity(undefined)).toBeNull();
  });
});
