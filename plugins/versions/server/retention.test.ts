import { describe, expect, it } from '@jest/globals';
import { expiredVersions, overBudget, parseRetention } from './retention';

const NOW = 1_800_000_000;
const DAY = 86400;
const at = (age: number, labelled = false, size = 1) => ({ version: NOW - age, labelled, size });
const ages = (list: readonly { version: number }[]) => list.map((version) => NOW - version.version).sort((a, b) => a - b);

describe('versions_retention_obligation', () => {
  it('reads the forms Nextcloud accepts', () => {
    expect(parseRetention('auto')).toEqual({ minDays: null, maxDays: null, auto: true });
    expect(parseRetention('5, auto')).toEqual({ minDays: 5, maxDays: null, auto: true });
    expect(parseRetention('auto, 30')).toEqual({ minDays: null, maxDays: 30, auto: true });
    expect(parseRetention(' 2 , 90 ')).toEqual({ minDays: 2, maxDays: 90, auto: false });
    expect(parseRetention('disabled')).toEqual({ minDays: null, maxDays: null, auto: false });
  });

  it.each(['', 'never', '5', '10, 2', 'auto, x', '1, 2, 3'])('refuses %p with the accepted forms', (setting) => {
    expect(() => parseRetention(setting)).toThrow(/versions_retention_obligation/);
  });
});

describe('the automatic schedule (on a simulated clock)', () => {
  const auto = parseRetention('auto');

  it('keeps every version of the last second', () => {
    expect(expiredVersions(auto, [at(0), at(0.2), at(0.5)], NOW)).toEqual([]);
  });

  it('keeps one version per 2 s in the first 10 s, per 10 s in the first minute, per minute in the first hour', () => {
    // Newest first: 3 s old is kept, 4 s is within 2 s of it and goes, 5 s is 2 s from 3 s and stays.
    expect(ages(expiredVersions(auto, [at(3), at(4), at(5)], NOW))).toEqual([4]);
    expect(ages(expiredVersions(auto, [at(20), at(25), at(31)], NOW))).toEqual([25]);
    expect(ages(expiredVersions(auto, [at(600), at(630), at(661)], NOW))).toEqual([630]);
  });

  it('keeps one per hour in the first day, one per day in the first 30 days, one per week after', () => {
    expect(ages(expiredVersions(auto, [at(2 * 3600), at(2 * 3600 + 1800), at(3 * 3600 + 1)], NOW))).toEqual([2 * 3600 + 1800]);
    expect(ages(expiredVersions(auto, [at(2 * DAY), at(2 * DAY + 3600), at(3 * DAY + 1)], NOW))).toEqual([2 * DAY + 3600]);
    expect(ages(expiredVersions(auto, [at(40 * DAY), at(43 * DAY), at(47 * DAY + 1)], NOW))).toEqual([43 * DAY]);
  });

  it('never expires a labelled version', () => {
    expect(expiredVersions(auto, [at(3), at(4, true), at(5)], NOW)).toEqual([]);
  });

  it('keeps everything younger than D with "D, auto" and deletes everything older than D with "auto, D"', () => {
    expect(expiredVersions(parseRetention('1, auto'), [at(3), at(4), at(5)], NOW)).toEqual([]);
    expect(ages(expiredVersions(parseRetention('auto, 30'), [at(31 * DAY)], NOW))).toEqual([31 * DAY]);
    expect(ages(expiredVersions(parseRetention('2, 10'), [at(1 * DAY), at(1 * DAY + 1), at(5 * DAY), at(11 * DAY), at(11 * DAY, true)], NOW))).toEqual([11 * DAY]);
  });
});

describe('the size budget', () => {
  it('lets the oldest go while the versions take more than half of the free space, labelled ones last', () => {
    const versions = [at(10, true, 40), at(20, false, 30), at(30, false, 30), at(5, false, 10)];
    // Quota 200, used 100: the budget is 50 of the 110 the versions take.
    expect(overBudget(versions, 100, 200).map((version) => version.size)).toEqual([30, 30]);
    expect(overBudget(versions, 180, 200).map((version) => NOW - version.version)).toEqual([30, 20, 5, 10]);
    expect(overBudget(versions, 100, -1)).toEqual([]);
  });
});
