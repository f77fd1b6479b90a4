import { describe, expect, it } from '@jest/globals';
import { createRegistry } from '../registry/create-registry';
import { newMenuEntryKind } from './new-menu-entry';
import { aNewMenuEntry, refusal } from './test-fixtures';

describe('new-menu entry registration (product §5)', () => {
  it('accepts an SVG icon or an icon class', () => {
    const entries = createRegistry(newMenuEntryKind);
    entries.register(aNewMenuEntry({ id: 'svg' }));
    entries.register(aNewMenuEntry({ id: 'class', iconSvgInline: undefined, iconClass: 'icon-folder' }));
    expect(entries.getAll()).toHaveLength(2);
  });

  it.each([
    ['a missing id', { id: undefined }, 'id must be a non-empty string'],
    ['a missing displayName', { displayName: undefined }, 'displayName must be a non-empty string'],
    ['no icon at all', { iconSvgInline: undefined }, 'iconSvgInline or iconClass is required'],
    ['an icon that is not SVG', { iconSvgInline: 'folder.png' }, 'iconSvgInline must be a valid SVG string'],
    ['an empty icon class', { iconSvgInline: undefined, iconClass: ' ' }, 'iconClass must be a non-empty string'],
    ['a missing handler', { handler: undefined }, 'handler must be a function'],
    ['an unknown category', { category: 'misc' }, "category must be one of 'upload-from-device', 'create-new', 'other'"],
  ])('refuses %s with "Invalid entry"', (_case, fields, reason) => {
    const error = refusal(() => createRegistry(newMenuEntryKind).register({ ...aNewMenuEntry(), ...fields } as never));
    expect(error.message).toBe('Invalid entry');
    expect(error.kind).toBe('new menu entry');
    expect(error.reason).toBe(reason);
  });

  it("refuses a duplicate id with 'Duplicate entry' (product §4: unique ids)", () => {
    const entries = createRegistry(newMenuEntryKind);
    entries.register(aNewMenuEntry());
    expect(refusal(() => entries.register(aNewMenuEntry({ displayName: 'Other' }))).message).toBe('Duplicate entry');
  });

  it('groups upload-from-device, create-new, other, then sorts by order, then display name (product §2)', () => {
    const entries = createRegistry(newMenuEntryKind);
    entries.register(aNewMenuEntry({ id: 'template', displayName: 'Templates', category: 'other', order: -100 }));
    entries.register(aNewMenuEntry({ id: 'text', displayName: 'New text file', order: 5 }));
    entries.register(aNewMenuEntry({ id: 'folder', displayName: 'New folder', category: 'create-new', order: 5 }));
    entries.register(aNewMenuEntry({ id: 'upload-folders', displayName: 'Upload folders', category: 'upload-from-device' }));
    entries.register(aNewMenuEntry({ id: 'upload-files', displayName: 'Upload files', category: 'upload-from-device' }));
    entries.register(aNewMenuEntry({ id: 'first', displayName: 'Zzz', category: 'create-new', order: 0 }));
    expect(entries.getAll().map((entry) => entry.id)).toEqual(['upload-files', 'upload-folders', 'first', 'folder', 'text', 'template']);
  });
});
