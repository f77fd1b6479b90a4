import { describe, expect, it } from '@jest/globals';
import { createNode } from '@cumulus/sdk';
import { Permission } from '@cumulus/sdk';
import { canShowDetails } from './details';

const node = (permissions: number, root = '/files/alice') =>
  createNode({ source: `https://cloud.example/remote.php/dav${root}/a.txt`, root, type: 'file', permissions });

describe('canShowDetails', () => {
  it('is enabled for one node under /files/ with some permission and the sidebar available', () => {
    expect(canShowDetails([node(Permission.READ)], true)).toBe(true);
  });
  it('is disabled without the sidebar, for several or no nodes, for permission none, outside /files/', () => {
    expect(canShowDetails([node(Permission.READ)], false)).toBe(false);
    expect(canShowDetails([node(Permission.READ), node(Permission.READ)], true)).toBe(false);
    expect(canShowDetails([], true)).toBe(false);
    expect(canShowDetails([node(Permission.NONE)], true)).toBe(false);
    expect(canShowDetails([node(Permission.ALL, '/trashbin/alice')], true)).toBe(false);
  });
});
