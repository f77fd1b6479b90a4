import { describe, expect, it } from '@jest/globals';
import { FSI, PDI, isolate, splitIsolates } from './isolate';

describe('isolate', () => {
  it('wraps a name in first-strong and pop-directional isolates', () => {
    expect(isolate('.part')).toBe('\u2068.part\u2069');
    expect(isolate('')).toBe(`${FSI}${PDI}`);
  });

  it('splitIsolates cuts a text at its isolated runs, without the control characters', () => {
    expect(splitIsolates(`Renamed "${isolate('.part')}" to "${isolate('b')}"`)).toEqual([
      { text: 'Renamed "', isolated: false },
      { text: '.part', isolated: true },
      { text: '" to "', isolated: false },
      { text: 'b', isolated: true },
      { text: '"', isolated: false },
    ]);
    expect(splitIsolates('plain')).toEqual([{ text: 'plain', isolated: false }]);
    expect(splitIsolates('')).toEqual([{ text: '', isolated: false }]);
    expect(splitIsolates(isolate('x'))).toEqual([{ text: 'x', isolated: true }]);
  });
});
