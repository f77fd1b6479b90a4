import { describe, expect, it, jest } from '@jest/globals';
import { QUOTA_WARNING_PERCENT, isQuotaWarning, isStorageFull, quotaBarValue, quotaLabel } from './quota';

const GiB = 1024 ** 3;

describe('quota progress bar', () => {
  it('shows its error style above 80 percent only', () => {
    expect(QUOTA_WARNING_PERCENT).toBe(80);
    expect(isQuotaWarning(80)).toBe(false);
    expect(isQuotaWarning(80.1)).toBe(true);
  });
  it('caps its value at 100', () => {
    expect(quotaBarValue(150)).toBe(100);
    expect(quotaBarValue(42.5)).toBe(42.5);
    expect(quotaBarValue(-3)).toBe(0);
    expect(quotaBarValue(Number.NaN)).toBe(0);
  });
});

describe('isStorageFull', () => {
  it('is true when free is 0 and the quota is above 0', () => {
    expect(isStorageFull({ free: 0, quota: GiB })).toBe(true);
  });
  it('is false with space left or without a quota', () => {
    expect(isStorageFull({ free: 1, quota: GiB })).toBe(false);
    expect(isStorageFull({ free: 0, quota: -3 })).toBe(false);
    expect(isStorageFull({ free: 0, quota: 0 })).toBe(false);
  });
});

describe('quotaLabel', () => {
  it("says '{used} of {quota} used' with a quota", () => {
    expect(quotaLabel({ used: 1.5 * GiB, quota: 10 * GiB }, { format: { locale: 'en' } })).toBe('1.5 GB of 10 GB used');
  });
  it("says '{used} used' when the quota is unlimited", () => {
    expect(quotaLabel({ used: 2 * GiB, quota: -3 }, { format: { locale: 'en' } })).toBe('2 GB used');
  });
  it('translates through the given function', () => {
    const t = jest.fn((key: string, _vars?: Record<string, string | number>) => key.toUpperCase());
    expect(quotaLabel({ used: 0, quota: -3 }, { t })).toBe('{USED} USED');
    expect(t).toHaveBeenCalledWith('{used} used', { used: '0 B' });
  });
});
