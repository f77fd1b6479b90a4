import { describe, expect, it } from '@jest/globals';
import { createNode, Permission, ShareType } from '@cumulus/sdk';
import type { NodeAttributes } from '@cumulus/sdk';
import { shareButtonLabel } from './shareLabels';

const node = (attributes: NodeAttributes) =>
  createNode({ source: 'https://cloud.example/remote.php/dav/files/alice/a', root: '/files/alice', type: 'folder', attributes, permissions: Permission.ALL });

describe('shareButtonLabel', () => {
  it("says 'Share' when there are no shares", () => {
    expect(shareButtonLabel(node({}))).toBe('Share');
    expect(shareButtonLabel(node({ 'share-types': [] }))).toBe('Share');
  });
  it("says 'Shared' for user and other non-link shares", () => {
    expect(shareButtonLabel(node({ 'share-types': [ShareType.USER] }))).toBe('Shared');
    expect(shareButtonLabel(node({ 'share-types': [ShareType.GROUP, ShareType.EMAIL] }))).toBe('Shared');
  });
  it("says 'Shared by link' when any share is a link share", () => {
    expect(shareButtonLabel(node({ 'share-types': [ShareType.USER, ShareType.LINK] }))).toBe('Shared by link');
  });
});
