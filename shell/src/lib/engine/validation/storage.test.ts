import { describe, expect, it } from '@jest/globals';
import { STORAGE_FULL_MESSAGE, storageBecameFull } from './storage';

describe('storage full', () => {
  it('has the spec message', () => {
    expect(STORAGE_FULL_MESSAGE).toBe('Your storage is full, files can not be updated or synced anymore!');
  });
  it('warns when free becomes 0 while the quota is above 0', () => {
    expect(storageBecameFull({ free: 10, quota: 100 }, { free: 0, quota: 100 })).toBe(true);
    expect(storageBecameFull(undefined, { free: 0, quota: 100 })).toBe(true);
  });
  it('does not warn again while it stays full, nor without a quota', () => {
    expect(storageBecameFull({ free: 0, quota: 100 }, { free: 0, quota: 100 })).toBe(false);
    expect(storageBecameFull({ free: 10, quota: -3 }, { free: 0, quota: -3 })).toBe(false);
    expect(storageBecameFull({ free: 10, quota: 0 }, { free: 0, quota: 0 })).toBe(false);
    expect(storageBecameFull({ free: 10, quota: 100 }, { free: 5, quota: 100 })).toBe(false);
  });
});
