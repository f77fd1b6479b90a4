import { describe, expect, it } from '@jest/globals';
import { createNode } from '@cumulus/sdk';
import { Permission } from '@cumulus/sdk';
import type { NodeAttributes, NodeType } from '@cumulus/sdk';
import { canCopy, canMove, isMoveCopyEnabled, moveCopyLabel, validateMoveCopyTarget } from './move-copy';

const dav = 'https://cloud.example/remote.php/dav';
const node = (path: string, type: NodeType = 'file', permissions: number = Permission.ALL, attributes: NodeAttributes = {}, root = '/files/alice') =>
  createNode({ source: `${dav}${root}${path}`, root, type, permissions, attributes });
const noDownload: NodeAttributes = { 'share-attributes': [{ scope: 'permissions', key: 'download', value: false }] };
const readOnly = Permission.ALL & ~Permission.DELETE;

describe('canMove', () => {
  it('needs delete on every node', () => {
    expect(canMove([node('/a'), node('/b')])).toBe(true);
    expect(canMove([node('/a'), node('/b', 'file', readOnly)])).toBe(false);
    expect(canMove([])).toBe(false);
  });
});

describe('canCopy', () => {
  it('needs a destination folder with create permission', () => {
    expect(canCopy([node('/a')], node('/Dest', 'folder'))).toBe(true);
    expect(canCopy([node('/a')], node('/Dest', 'folder', Permission.READ))).toBe(false);
    expect(canCopy([node('/a')], node('/dest.txt', 'file'))).toBe(false);
  });
  it('needs create permission on all picked items', () => {
    expect(canCopy([node('/a')], [node('/X', 'folder'), node('/Y', 'folder', Permission.READ)])).toBe(false);
    expect(canCopy([node('/a')], [])).toBe(false);
    expect(canCopy([], node('/Dest', 'folder'))).toBe(false);
  });
});

describe('isMoveCopyEnabled', () => {
  it('only for nodes under /files/', () => {
    expect(isMoveCopyEnabled([node('/a')])).toBe(true);
    expect(isMoveCopyEnabled([node('/a'), node('/a.d1', 'file', Permission.ALL, {}, '/trashbin/alice')])).toBe(false);
    expect(isMoveCopyEnabled([])).toBe(false);
  });
});

describe('moveCopyLabel', () => {
  it("is 'Move or copy' when all are deletable and downloadable", () => {
    expect(moveCopyLabel([node('/a'), node('/b')])).toBe('Move or copy');
  });
  it("is 'Move' when all are deletable but one is not downloadable", () => {
    expect(moveCopyLabel([node('/a'), node('/b', 'file', Permission.ALL, noDownload)])).toBe('Move');
  });
  it("is 'Copy' when one is not deletable", () => {
    expect(moveCopyLabel([node('/a'), node('/b', 'file', readOnly)])).toBe('Copy');
  });
});

describe('validateMoveCopyTarget', () => {
  const file = node('/Docs/a.txt');
  const folder = node('/Docs/Sub', 'folder');

  it("refuses a destination that is not a folder: 'Destination is not a folder'", () => {
    expect(validateMoveCopyTarget([file], node('/b.txt'))).toEqual({ reason: 'not-a-folder', message: 'Destination is not a folder' });
  });
  it("refuses moving into the current folder: 'This file/folder is already in that directory'", () => {
    expect(validateMoveCopyTarget([file], node('/Docs', 'folder'))).toMatchObject({
      reason: 'same-directory',
      message: 'This file/folder is already in that directory',
    });
  });
  it('allows copying into the current folder', () => {
    expect(validateMoveCopyTarget([file], node('/Docs', 'folder'), 'copy')).toBeNull();
  });
  it('refuses a folder onto itself or into its own subfolder', () => {
    const message = 'You cannot move a file/folder onto itself or into a subfolder of itself';
    expect(validateMoveCopyTarget([folder], folder)).toMatchObject({ reason: 'into-itself', message });
    expect(validateMoveCopyTarget([folder], node('/Docs/Sub/Deep', 'folder'), 'copy')).toMatchObject({ reason: 'into-itself', message });
  });
  it('allows a sibling whose name starts with the same letters', () => {
    expect(validateMoveCopyTarget([folder], node('/Docs/Sub 2', 'folder'))).toBeNull();
    expect(validateMoveCopyTarget([file], node('/', 'folder'))).toBeNull();
  });
  it('reports the first node that cannot go there and translates', () => {
    const refusal = validateMoveCopyTarget([node('/x.txt'), file], node('/Docs', 'folder'), 'move', (key) => `T:${key}`);
    expect(refusal?.node?.path).toBe('/Docs/a.txt');
    expect(refusal?.message).toBe('T:This file/folder is already in that directory');
  });
});
