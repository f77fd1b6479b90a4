import { describe, expect, it } from '@jest/globals';
import { batchResultSelection } from './batch-result';

const selected = ['a', 'b', 'c'];

describe('batchResultSelection', () => {
  it('clears the selection when all results are null', () => {
    expect(batchResultSelection(selected, [null, null, null])).toEqual([]);
  });
  it('keeps only the failed nodes selected when some failed', () => {
    expect(batchResultSelection(selected, [true, false, false])).toEqual(['b', 'c']);
    expect(batchResultSelection(selected, [null, false, true])).toEqual(['b']);
  });
  it('clears the selection when all succeeded', () => {
    expect(batchResultSelection(selected, [true, true, true])).toEqual([]);
    expect(batchResultSelection(selected, [true, null, true])).toEqual([]);
  });
});
