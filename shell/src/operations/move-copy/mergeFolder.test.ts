import { describe, expect, it } from '@jest/globals';
import { createFakeServices, testFolder, testNode } from '../../test-support/fakeServices';
import { mergeFolder } from './mergeFolder';

describe('merging a kept incoming folder into the existing one', () => {
  it('moves each child over (overwriting a taken file name), merges sub-folders on both sides, then deletes the emptied source', async () => {
    const { services } = await createFakeServices({
      folders: {
        '/Photos': [testNode('/Photos/a.jpg'), testNode('/Photos/new.jpg'), testFolder('/Photos/2026')],
        '/Docs/Photos': [testNode('/Docs/Photos/a.jpg'), testFolder('/Docs/Photos/2026'), testNode('/Docs/Photos/keep.jpg')],
        '/Photos/2026': [testNode('/Photos/2026/x.jpg')],
        '/Docs/Photos/2026': [],
      },
    });
    const ops: string[] = [];
    services.dav.move = (node, dir, options) => {
      ops.push(`move ${node.path} -> ${dir}${options?.overwrite ? ' (overwrite)' : ''}`);
      return Promise.resolve();
    };
    services.dav.remove = (node) => {
      ops.push(`delete ${node.path}`);
      return Promise.resolve();
    };
    await mergeFolder(services.dav, testFolder('/Photos'), '/Docs/Photos');
    expect(ops).toEqual([
      'move /Photos/a.jpg -> /Docs/Photos (overwrite)',
      'move /Photos/new.jpg -> /Docs/Photos',
      'move /Photos/2026/x.jpg -> /Docs/Photos/2026',
      'delete /Photos/2026',
      'delete /Photos',
    ]);
  });
});
