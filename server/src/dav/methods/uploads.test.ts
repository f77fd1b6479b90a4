import { describe, it, expect } from '@jest/globals';
import { CHUNK_NAME_MESSAGE, LEGACY_CHUNK_NAME_MESSAGE, assemblyOrder, checkChunkName } from './uploads';
import { StorageError } from '../../errors';

describe('chunk rules', () => {
  it('accepts v2 chunk numbers 1 to 10000 only, with the message for the rest', () => {
    expect(() => checkChunkName('1', true)).not.toThrow();
    expect(() => checkChunkName('10000', true)).not.toThrow();
    for (const name of ['0', '10001', '1.5', 'a', '', '-3']) {
      expect(() => checkChunkName(name, true)).toThrow(new StorageError('bad-request', CHUNK_NAME_MESSAGE));
    }
    expect(CHUNK_NAME_MESSAGE).toBe('Chunk name must be a number between 1 and 10000');
  });

  it('accepts any number or start-end offsets in the older style, and nothing else', () => {
    expect(() => checkChunkName('0000000000000000', false)).not.toThrow();
    expect(() => checkChunkName('123456789012', false)).not.toThrow();
    expect(() => checkChunkName('000000000000000-000000010485759', false)).not.toThrow();
    for (const name of ['x1', '1-2-3', '1-', '-1', '']) {
      expect(() => checkChunkName(name, false)).toThrow(new StorageError('bad-request', LEGACY_CHUNK_NAME_MESSAGE));
    }
    expect(() => checkChunkName('1-5', true)).toThrow(new StorageError('bad-request', CHUNK_NAME_MESSAGE));
  });

  it('assembles in numeric order, not text order', () => {
    expect(assemblyOrder(['10', '9', '1', '100', '2'])).toEqual(['1', '2', '9', '10', '100']);
    expect(assemblyOrder(['0000000000000010', '0000000000000000', '0000000000000006'])).toEqual(['0000000000000000', '0000000000000006', '0000000000000010']);
  });
});
