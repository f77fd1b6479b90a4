import { describe, expect, it } from '@jest/globals';
import { propValue } from './response-node';

describe('propValue', () => {
  it('makes numbers of plain integers, decimals, exponents and hex, and keeps other text', () => {
    const cases: [string, string | number | boolean][] = [
      ['0', 0], ['57', 57], ['-3', -3], ['+12', 12], ['-0', -0], ['10', 10], [' 42 ', 42], ['123456789012345', 123456789012345],
      ['1.5', 1.5], ['.5', 0.5], ['1e3', 1000], ['0x1f', 31], ['-0x1f', -31],
      ['0012', '0012'], ['00', '00'], ['-', '-'], ['+', '+'], ['+-1', '+-1'], ['12a', '12a'], ['1_0', '1_0'], ['٣', '٣'],
      ['1234567890123456', '1234567890123456'], ['', ''], ['true', true], ['false', false], ['RGDNVW', 'RGDNVW'],
    ];
    for (const [text, value] of cases) expect([text, propValue(text)]).toEqual([text, value]);
  });
});
