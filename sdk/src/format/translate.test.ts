import { describe, expect, it } from '@jest/globals';
import { englishTranslate } from './translate';

describe('englishTranslate', () => {
  it('fills every {name} placeholder', () => {
    expect(englishTranslate('{used} of {quota} used', { used: '1 KB', quota: '2 KB' })).toBe('1 KB of 2 KB used');
  });
  it('returns the key unchanged without variables', () => {
    expect(englishTranslate('paused')).toBe('paused');
  });
  it('leaves a placeholder without a value in place', () => {
    expect(englishTranslate('{time} left', {})).toBe('{time} left');
  });
  it('does not read inherited properties as values', () => {
    expect(englishTranslate('{toString}', {})).toBe('{toString}');
  });
});
