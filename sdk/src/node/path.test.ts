import { describe, expect, it } from '@jest/globals';
import { extensionOf, joinPath, lastSegment, parentPath, trimTrailingSlashes } from './path';

describe('path helpers', () => {
  it('trims trailing slashes but keeps the root', () => {
    expect(trimTrailingSlashes('/a/b//')).toBe('/a/b');
    expect(trimTrailingSlashes('/')).toBe('/');
  });
  it('takes the last segment and the parent', () => {
    expect(lastSegment('/a/b.txt')).toBe('b.txt');
    expect(lastSegment('/a/b/')).toBe('b');
    expect(lastSegment('/')).toBe('');
    expect(parentPath('/a/b.txt')).toBe('/a');
    expect(parentPath('/a')).toBe('/');
    expect(parentPath('/')).toBe('/');
  });
  it('joins with one slash', () => {
    expect(joinPath('/', 'a')).toBe('/a');
    expect(joinPath('/a/', 'b')).toBe('/a/b');
  });
  it('reads the extension after the last dot, never a leading dot', () => {
    expect(extensionOf('a.tar.gz')).toBe('.gz');
    expect(extensionOf('README')).toBe('');
    expect(extensionOf('.bashrc')).toBe('');
  });
});
