import { describe, expect, it } from '@jest/globals';
import { createNode } from './create-node';
import { Permission } from './permissions';
import { canShare, ShareType, shareTypesOf } from './share-types';
import type { NodeAttributes } from './types';

const node = (attributes: NodeAttributes, permissions: number = Permission.ALL) =>
  createNode({ source: 'https://cloud.example/remote.php/dav/files/alice/a', root: '/files/alice', type: 'folder', attributes, permissions });

describe('ShareType', () => {
  it('uses the Nextcloud numbers', () => {
    expect(ShareType).toEqual({
      USER: 0, GROUP: 1, LINK: 3, EMAIL: 4, REMOTE: 6, CIRCLE: 7, TEAM: 7, GUEST: 8, REMOTE_GROUP: 9, ROOM: 10, DECK: 12, SCIENCEMESH: 15,
    });
  });
});

describe('shareTypesOf', () => {
  it('ignores a malformed share-types attribute', () => {
    expect(shareTypesOf(node({ 'share-types': 'oops' as unknown as number[] }))).toEqual([]);
  });
});

describe('canShare', () => {
  it('needs the share permission and the sharing app', () => {
    expect(canShare(node({}, Permission.SHARE), true)).toBe(true);
    expect(canShare(node({}, Permission.SHARE), false)).toBe(false);
    expect(canShare(node({}, Permission.ALL & ~Permission.SHARE), true)).toBe(false);
  });
});
