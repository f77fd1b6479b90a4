import { describe, expect, it } from '@jest/globals';
import { createNode } from './create-node';
import { isFile, isFolder } from './guards';

describe('isFolder / isFile', () => {
  const folder = createNode({ source: 'https://cloud.example/remote.php/dav/files/alice/Docs', root: '/files/alice', type: 'folder' });
  const file = createNode({ source: 'https://cloud.example/remote.php/dav/files/alice/a.txt', root: '/files/alice', type: 'file' });

  it('tells folders from files by the type field', () => {
    expect(isFolder(folder)).toBe(true);
    expect(isFile(folder)).toBe(false);
    expect(isFile(file)).toBe(true);
    expect(isFolder(file)).toBe(false);
  });
  it('works on plain copies (no instanceof) and on nothing', () => {
    expect(isFolder(JSON.parse(JSON.stringify(folder)))).toBe(true);
    expect(isFolder(undefined)).toBe(false);
    expect(isFile(null)).toBe(false);
  });
});
