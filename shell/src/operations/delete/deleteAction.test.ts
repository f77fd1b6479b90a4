import { describe, expect, it } from '@jest/globals';
import { Permission, createNode } from '@cumulus/sdk';
import type { Node, Permissions, View } from '@cumulus/sdk';
import { deleteAction } from './deleteAction';

const t = (key: string): string => key;
const view = { id: 'files' } as View;

function node(name: string, attributes: Node['attributes'] = {}, permissions: Permissions = Permission.ALL): Node {
  return createNode({ type: 'folder', source: `http://cloud/remote.php/dav/files/bob/${name}`, root: '/files/bob', permissions, attributes });
}

describe('the delete action', () => {
  // A server whose trash catches deletes: 'Delete' is the name until a received share makes it 'Leave this share'.
  const action = deleteAction({ api: { getCapabilities: () => Promise.resolve({ undelete: true }) } } as unknown as Parameters<typeof deleteAction>[0], t);
  const received = node('Team', { 'mount-type': 'shared', 'is-mount-root': true }, Permission.READ | Permission.UPDATE | Permission.DELETE);

  it('is "Leave this share" on received shares (mount roots): they go from the recipient alone', () => {
    expect(action.displayName([received], view)).toBe('Leave this share');
    expect(action.enabled?.([received], view)).toBe(true);
  });

  it('is "Delete" on own nodes, inside a share, and on a mix with a received share', () => {
    expect(action.displayName([node('Own')], view)).toBe('Delete');
    expect(action.displayName([node('Team/inside', { 'mount-type': 'shared', 'is-mount-root': false })], view)).toBe('Delete');
    expect(action.displayName([received, node('Own')], view)).toBe('Delete');
  });
});
