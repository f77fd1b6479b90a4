import { describe, expect, it } from '@jest/globals';
import { Permission, hasPermission } from './permissions';

describe('permission bits', () => {
  it('uses the Nextcloud values and ALL holds every bit', () => {
    expect([Permission.NONE, Permission.READ, Permission.UPDATE, Permission.CREATE, Permission.DELETE, Permission.SHARE]).toEqual([0, 1, 2, 4, 8, 16]);
    expect(Permission.ALL).toBe(31);
  });
  it('hasPermission needs every wanted bit', () => {
    expect(hasPermission(Permission.READ | Permission.CREATE, Permission.CREATE)).toBe(true);
    expect(hasPermission(Permission.READ, Permission.CREATE | Permission.READ)).toBe(false);
  });
});
