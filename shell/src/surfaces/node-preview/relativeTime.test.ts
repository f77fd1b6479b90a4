import { describe, expect, it } from '@jest/globals';
import { formatRelativeTime } from './relativeTime';

describe('formatRelativeTime', () => {
  const now = Date.UTC(2026, 10, 22, 12);
  it('says how long ago in the largest whole unit', () => {
    expect(formatRelativeTime(now - 3 * 24 * 3600e3, now, 'en')).toBe('3 days ago');
    expect(formatRelativeTime(now - 2 * 3600e3, now, 'en')).toBe('2 hours ago');
    expect(formatRelativeTime(now - 5 * 60e3, now, 'en')).toBe('5 minutes ago');
    expect(formatRelativeTime(now - 400 * 24 * 3600e3, now, 'en')).toBe('last year');
  });
  it('reads now under a minute', () => {
    expect(formatRelativeTime(now - 10e3, now, 'en')).toBe('now');
  });
  it('writes in the locale it is given, not the runtime default', () => {
    expect(formatRelativeTime(now - 2 * 3600e3, now, 'de')).toBe('vor 2 Stunden');
  });
});
