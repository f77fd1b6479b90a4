import { describe, expect, it } from '@jest/globals';
import { DEFAULT_RETENTION, isExpired, parseRetention, spaceLeft } from './retention';

const DAY = 86400;
const now = 1_800_000_000;

describe('the retention rule', () => {
  it('parses Nextcloud’s forms', () => {
    expect(parseRetention('auto')).toEqual({ enabled: true, minDays: null, maxDays: null, purgeForSpace: true });
    expect(parseRetention('auto, 30')).toEqual({ enabled: true, minDays: null, maxDays: 30, purgeForSpace: true });
    expect(parseRetention('7, auto')).toEqual({ enabled: true, minDays: 7, maxDays: null, purgeForSpace: true });
    expect(parseRetention('10, 5')).toEqual({ enabled: true, minDays: 10, maxDays: 10, purgeForSpace: false });
    expect(parseRetention('15')).toEqual({ enabled: true, minDays: 15, maxDays: 30, purgeForSpace: false });
    expect(parseRetention('disabled').enabled).toBe(false);
    expect(() => parseRetention('30 days')).toThrow('is not valid');
    expect(() => parseRetention('1, 2, 3')).toThrow('is not valid');
  });

  it('by default keeps items 30 days and lets any go for space', () => {
    const rule = parseRetention(DEFAULT_RETENTION);
    expect(isExpired(rule, now - 29 * DAY, now, false)).toBe(false);
    expect(isExpired(rule, now - 31 * DAY, now, false)).toBe(true);
    expect(isExpired(rule, now - 60, now, true)).toBe(true);
  });

  it('with D1, D2 lets only items older than D1 go for space', () => {
    const rule = parseRetention('3, 10');
    expect(isExpired(rule, now - 2 * DAY, now, true)).toBe(false);
    expect(isExpired(rule, now - 4 * DAY, now, true)).toBe(true);
    expect(isExpired(rule, now - 4 * DAY, now, false)).toBe(false);
    expect(isExpired(rule, now - 11 * DAY, now, false)).toBe(true);
  });

  it('auto never expires by age; disabled never at all', () => {
    expect(isExpired(parseRetention('auto'), now - 999 * DAY, now, false)).toBe(false);
    expect(isExpired(parseRetention('disabled'), now - 999 * DAY, now, true)).toBe(false);
  });
});

describe('the trash’s share of the space', () => {
  it('is half of what the files leave free of the quota, minus what the trash holds', () => {
    expect(spaceLeft({ trashSize: 100, used: 400, quota: 1000, maxTrashSize: null })).toBe(200);
    expect(spaceLeft({ trashSize: 400, used: 400, quota: 1000, maxTrashSize: null })).toBe(-100);
  });

  it('is unlimited without quota, and trashbin_size overrides both', () => {
    expect(spaceLeft({ trashSize: 10 ** 12, used: 0, quota: -1, maxTrashSize: null })).toBeNull();
    expect(spaceLeft({ trashSize: 100, used: 0, quota: -1, maxTrashSize: 50 })).toBe(-50);
  });
});
