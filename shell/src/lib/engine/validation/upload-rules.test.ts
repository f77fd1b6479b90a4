import { describe, expect, it } from '@jest/globals';
import { createNode } from '@cumulus/sdk';
import { Permission } from '@cumulus/sdk';
import type { NodeType } from '@cumulus/sdk';
import { assertDirectoryName, assertLoggedIn, assertUploadDestination, cannotUploadLabel, canUploadTo, isQuotaExceeded } from './upload-rules';

const node = (type: NodeType, permissions: number, quota?: number) =>
  createNode({
    source: 'https://cloud.example/remote.php/dav/files/alice/Folder',
    root: '/files/alice',
    type,
    permissions,
    attributes: quota === undefined ? {} : { 'quota-available-bytes': quota },
  });

describe('canUploadTo', () => {
  it('needs a folder with create permission and quota left', () => {
    expect(canUploadTo(node('folder', Permission.ALL))).toBe(true);
    expect(canUploadTo(node('folder', Permission.ALL, -3))).toBe(true);
    expect(canUploadTo(node('folder', Permission.ALL, 1))).toBe(true);
    expect(canUploadTo(node('folder', Permission.ALL, 0))).toBe(false);
    expect(canUploadTo(node('folder', Permission.READ))).toBe(false);
    expect(canUploadTo(node('file', Permission.ALL))).toBe(false);
    expect(canUploadTo(undefined)).toBe(false);
  });
  it('treats only exactly 0 available bytes as exceeded', () => {
    expect(isQuotaExceeded(node('folder', Permission.ALL, 0))).toBe(true);
    expect(isQuotaExceeded(node('folder', Permission.ALL))).toBe(false);
  });
});

describe('cannotUploadLabel', () => {
  it('gives the quota label first, then the permission label', () => {
    expect(cannotUploadLabel(node('folder', Permission.READ, 0))).toBe('Your have used your space quota and cannot upload files anymore');
    expect(cannotUploadLabel(node('folder', Permission.READ))).toBe('You don’t have permission to upload or create files here');
    expect(cannotUploadLabel(node('folder', Permission.ALL))).toBeNull();
  });
});

describe('upload assertions', () => {
  it("refuses a destination that is not a folder: 'Invalid destination folder'", () => {
    expect(() => assertUploadDestination(node('file', Permission.ALL))).toThrow(new Error('Invalid destination folder'));
    expect(() => assertUploadDestination(undefined)).toThrow('Invalid destination folder');
    expect(() => assertUploadDestination(node('folder', Permission.ALL))).not.toThrow();
  });
  it("needs a logged-in user unless public: 'User is not logged in'", () => {
    expect(() => assertLoggedIn(null, false)).toThrow(new Error('User is not logged in'));
    expect(() => assertLoggedIn(null, true)).not.toThrow();
    expect(() => assertLoggedIn('alice', false)).not.toThrow();
    expect(() => assertLoggedIn({ uid: 'alice' }, false)).not.toThrow();
  });
  it("needs a directory name: 'Can not create empty directory'", () => {
    expect(() => assertDirectoryName('')).toThrow(new Error('Can not create empty directory'));
    expect(() => assertDirectoryName('  ')).toThrow('Can not create empty directory');
    expect(() => assertDirectoryName('New folder')).not.toThrow();
  });
  it('translates the messages', () => {
    expect(() => assertLoggedIn(undefined, false, (key) => `T:${key}`)).toThrow('T:User is not logged in');
  });
});
