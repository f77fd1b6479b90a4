import { describe, expect, it } from '@jest/globals';
import { validateFileListAction } from './file-list-action';

describe('validateFileListAction', () => {
  const valid = { id: 'empty', displayName: () => 'Empty', exec: () => Promise.resolve(true) };

  it('accepts an id, a displayName and an exec, with optional icon, enabled and order', () => {
    expect(validateFileListAction(valid)).toBeNull();
    expect(validateFileListAction({ ...valid, iconSvgInline: () => '<svg/>', enabled: () => true, order: 3 })).toBeNull();
  });

  it('names what is wrong', () => {
    expect(validateFileListAction({ ...valid, id: '' })).toContain('id');
    expect(validateFileListAction({ ...valid, exec: 'no' })).toContain('exec');
    expect(validateFileListAction({ ...valid, enabled: true })).toContain('enabled');
    expect(validateFileListAction(null)).not.toBeNull();
  });
});
