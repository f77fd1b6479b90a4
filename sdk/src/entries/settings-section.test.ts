import { describe, expect, it } from '@jest/globals';
import { createRegistry } from '../registry/create-registry';
import { settingsSectionKind } from './settings-section';
import { aSettingsSection, refusal } from './test-fixtures';

describe('settings section registration', () => {
  it('accepts a section with id, name and mount', () => {
    const sections = createRegistry(settingsSectionKind);
    sections.register(aSettingsSection());
    expect(sections.has('photos')).toBe(true);
  });

  it.each([
    ['a missing id', { id: undefined }, 'id must be a non-empty string'],
    ['a missing name', { name: undefined }, 'name must be a non-empty string'],
    ['a missing mount', { mount: undefined }, 'mount must be a function'],
  ])('refuses %s with "Invalid entry"', (_case, fields, reason) => {
    const error = refusal(() => createRegistry(settingsSectionKind).register({ ...aSettingsSection(), ...fields } as never));
    expect(error.message).toBe('Invalid entry');
    expect(error.kind).toBe('settings section');
    expect(error.reason).toBe(reason);
  });

  it("refuses a duplicate registration with 'Duplicate entry' (product §2)", () => {
    const sections = createRegistry(settingsSectionKind);
    sections.register(aSettingsSection());
    expect(refusal(() => sections.register(aSettingsSection({ name: 'Other' }))).message).toBe('Duplicate entry');
  });

  it("refuses a second section with the same name, whatever its id, with 'Duplicate entry' (product §2)", () => {
    const sections = createRegistry(settingsSectionKind);
    const undo = sections.register(aSettingsSection({ id: 'photos', name: 'Photos' }));
    const error = refusal(() => sections.register(aSettingsSection({ id: 'other-photos', name: 'Photos' })));
    expect(error.message).toBe('Duplicate entry');
    expect(error.code).toBe('duplicate');
    expect(error.entryId).toBe('other-photos');
    expect(sections.has('other-photos')).toBe(false);
    // Once the first is gone, its name is free again.
    undo();
    expect(() => sections.register(aSettingsSection({ id: 'other-photos', name: 'Photos' }))).not.toThrow();
  });

  it('sorts sections by order, then name', () => {
    const sections = createRegistry(settingsSectionKind);
    sections.register(aSettingsSection({ id: 'b', name: 'Photos' }));
    sections.register(aSettingsSection({ id: 'a', name: 'Files' }));
    expect(sections.getAll().map((section) => section.name)).toEqual(['Files', 'Photos']);
  });
});
