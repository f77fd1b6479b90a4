import { describe, expect, it } from '@jest/globals';
import { createNode } from '@cumulus/sdk';
import { isUnderFiles } from './under-files';

const node = (root: string) => createNode({ source: `https://cloud.example/remote.php/dav${root}/a`, root, type: 'file' });

describe('isUnderFiles', () => {
  it('holds only for roots under /files/', () => {
    expect(isUnderFiles(node('/files/alice'))).toBe(true);
    expect(isUnderFiles(node('/trashbin/alice'))).toBe(false);
    expect(isUnderFiles(node('/versions/alice'))).toBe(false);
    expect(isUnderFiles(node('/filesystem'))).toBe(false);
  });
});
