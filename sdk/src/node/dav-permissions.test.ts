import { describe, expect, it } from '@jest/globals';
import { parsePermissions } from './dav-permissions';
import { Permission } from './permissions';

describe('parsePermissions', () => {
  it('reads a full folder string as every permission', () => {
    expect(parsePermissions('SRMGDNVCK')).toBe(Permission.ALL);
  });
  it('reads a full file string as every permission', () => {
    expect(parsePermissions('RGDNVW')).toBe(Permission.ALL);
  });
  it('maps each letter to its bit', () => {
    expect(parsePermissions('G')).toBe(Permission.READ);
    expect(parsePermissions('N')).toBe(Permission.UPDATE);
    expect(parsePermissions('V')).toBe(Permission.UPDATE);
    expect(parsePermissions('W')).toBe(Permission.CREATE);
    expect(parsePermissions('C')).toBe(Permission.CREATE);
    expect(parsePermissions('K')).toBe(Permission.CREATE);
    expect(parsePermissions('D')).toBe(Permission.DELETE);
    expect(parsePermissions('R')).toBe(Permission.SHARE);
  });
  it('gives S and M no bit', () => {
    expect(parsePermissions('SM')).toBe(Permission.NONE);
  });
  it('does not assume READ without G', () => {
    expect(parsePermissions('RDNVW')).toBe(Permission.UPDATE | Permission.CREATE | Permission.DELETE | Permission.SHARE);
  });
  it('does not depend on the order of the letters', () => {
    expect(parsePermissions('VN')).toBe(Permission.UPDATE);
    expect(parsePermissions('KC')).toBe(Permission.CREATE);
  });
  it('gives NONE for an empty or missing string', () => {
    expect(parsePermissions('')).toBe(Permission.NONE);
    expect(parsePermissions(undefined)).toBe(Permission.NONE);
    expect(parsePermissions(null)).toBe(Permission.NONE);
  });

  describe('with the node type (W on files, C or K on folders)', () => {
    it('gives a file CREATE from W only', () => {
      expect(parsePermissions('RGDNVW', 'file')).toBe(Permission.ALL);
      expect(parsePermissions('W', 'file')).toBe(Permission.CREATE);
      expect(parsePermissions('GCK', 'file')).toBe(Permission.READ);
    });

    it('gives a folder CREATE from C or K only', () => {
      expect(parsePermissions('SRMGDNVCK', 'folder')).toBe(Permission.ALL);
      expect(parsePermissions('C', 'folder')).toBe(Permission.CREATE);
      expect(parsePermissions('K', 'folder')).toBe(Permission.CREATE);
      expect(parsePermissions('GW', 'folder')).toBe(Permission.READ);
    });

    it('reads the other letters the same for both types', () => {
      for (const type of ['file', 'folder'] as const) {
        expect(parsePermissions('GNVDR', type)).toBe(Permission.READ | Permission.UPDATE | Permission.DELETE | Permission.SHARE);
        expect(parsePermissions('', type)).toBe(Permission.NONE);
      }
    });
  });
});
