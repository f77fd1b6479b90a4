import { describe, expect, it } from '@jest/globals';
import { progressPercent } from './progress';

describe('progressPercent', () => {
  it('is a rounded percentage', () => {
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(67);
    expect(progressPercent(0, 10)).toBe(0);
  });
  it('is capped at 100', () => {
    expect(progressPercent(12, 10)).toBe(100);
  });
  it('counts an empty total as done and never goes negative', () => {
    expect(progressPercent(0, 0)).toBe(100);
    expect(progressPercent(-5, 10)).toBe(0);
    expect(progressPercent(Number.NaN, 10)).toBe(0);
  });
});
