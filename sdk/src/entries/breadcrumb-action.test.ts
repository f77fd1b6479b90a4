import { describe, expect, it } from '@jest/globals';
import { createRegistry } from '../registry/create-registry';
import { breadcrumbActionKind, validateBreadcrumbAction } from './breadcrumb-action';
import { aBreadcrumbAction } from './test-fixtures';

describe('validateBreadcrumbAction', () => {
  it('accepts an id, displayName, icon and exec, with optional title, enabled and order', () => {
    expect(validateBreadcrumbAction(aBreadcrumbAction())).toBeNull();
    expect(validateBreadcrumbAction(aBreadcrumbAction({ title: () => 'Share', enabled: () => true, order: -1 }))).toBeNull();
  });

  it('names what is wrong', () => {
    expect(validateBreadcrumbAction({ ...aBreadcrumbAction(), displayName: 'Share' })).toBe('displayName must be a function');
    expect(validateBreadcrumbAction({ ...aBreadcrumbAction(), iconSvgInline: undefined })).toBe('iconSvgInline must be a function');
    expect(validateBreadcrumbAction({ ...aBreadcrumbAction(), exec: undefined })).toBe('exec must be a function');
    expect(validateBreadcrumbAction({ ...aBreadcrumbAction(), enabled: true })).toBe('enabled must be a function');
    expect(validateBreadcrumbAction(undefined)).toBe('entry must be an object');
  });

  it("refuses a taken id with 'Duplicate entry' and keeps the first", () => {
    const registry = createRegistry(breadcrumbActionKind);
    registry.register(aBreadcrumbAction(), 'sharing');
    expect(() => registry.register(aBreadcrumbAction(), 'other')).toThrow('Duplicate entry');
    expect(registry.get('share')?.pluginId).toBe('sharing');
  });
});
