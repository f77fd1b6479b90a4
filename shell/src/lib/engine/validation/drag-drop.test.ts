import { describe, expect, it } from '@jest/globals';
import { createNode } from '@cumulus/sdk';
import { Permission } from '@cumulus/sdk';
import type { NodeType } from '@cumulus/sdk';
import { canDrag, canDrop, dropOperation } from './drag-drop';

const node = (path: string, type: NodeType = 'file', permissions: number = Permission.ALL) =>
  createNode({ source: `https://cloud.example/remote.php/dav/files/alice${path}`, root: '/files/alice', type, permissions });

describe('canDrag', () => {
  it('needs update on every dragged node', () => {
    expect(canDrag([node('/a'), node('/b')])).toBe(true);
    expect(canDrag([node('/a'), node('/b', 'file', Permission.READ)])).toBe(false);
    expect(canDrag([])).toBe(false);
  });
});

describe('canDrop', () => {
  const target = node('/Folder', 'folder');
  const dragged = [node('/a').source];
  it('accepts the primary button on a folder with create permission', () => {
    expect(canDrop({ target, dragged, button: 0 })).toBe(true);
  });
  it('refuses other buttons', () => {
    expect(canDrop({ target, dragged, button: 2 })).toBe(false);
  });
  it('refuses files and folders without create permission', () => {
    expect(canDrop({ target: node('/b.txt'), dragged, button: 0 })).toBe(false);
    expect(canDrop({ target: node('/RO', 'folder', Permission.ALL & ~Permission.CREATE), dragged, button: 0 })).toBe(false);
  });
  it('refuses a target that is itself dragged', () => {
    expect(canDrop({ target, dragged: [...dragged, target.source], button: 0 })).toBe(false);
  });
});

describe('dropOperation', () => {
  it('copies with Ctrl, moves otherwise', () => {
    expect(dropOperation({ ctrlKey: true })).toBe('copy');
    expect(dropOperation({ ctrlKey: false })).toBe('move');
  });
});
