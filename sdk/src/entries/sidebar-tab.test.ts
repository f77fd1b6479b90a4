import { describe, expect, it } from '@jest/globals';
import { createRegistry } from '../registry/create-registry';
import { sidebarTabKind } from './sidebar-tab';
import { aSidebarTab, refusal } from './test-fixtures';

describe('sidebar tab registration', () => {
  it('accepts a tab with id, name, a valid SVG icon and mount', () => {
    const tabs = createRegistry(sidebarTabKind);
    tabs.register(aSidebarTab());
    expect(tabs.get('sharing')?.name).toBe('Sharing');
  });

  it.each([
    ['a missing id', { id: undefined }, 'id must be a non-empty string'],
    ['a missing name', { name: undefined }, 'name must be a non-empty string'],
    ['an icon that is not SVG', { icon: 'icon-share' }, 'icon must be a valid SVG string'],
    ['a missing mount', { mount: undefined }, 'mount must be a function'],
    ['an enabled that is not a function', { enabled: false }, 'enabled must be a function'],
  ])('refuses %s with "Invalid entry"', (_case, fields, reason) => {
    const error = refusal(() => createRegistry(sidebarTabKind).register({ ...aSidebarTab(), ...fields } as never));
    expect(error.message).toBe('Invalid entry');
    expect(error.kind).toBe('sidebar tab');
    expect(error.reason).toBe(reason);
  });

  it("refuses a duplicate id with 'Duplicate entry'", () => {
    const tabs = createRegistry(sidebarTabKind);
    tabs.register(aSidebarTab());
    expect(refusal(() => tabs.register(aSidebarTab())).message).toBe('Duplicate entry');
  });

  it('sorts tabs by order, then name', () => {
    const tabs = createRegistry(sidebarTabKind);
    tabs.register(aSidebarTab({ id: 'versions', name: 'Versions' }));
    tabs.register(aSidebarTab({ id: 'activity', name: 'Activity' }));
    tabs.register(aSidebarTab({ id: 'sharing', name: 'Sharing', order: -10 }));
    expect(tabs.getAll().map((tab) => tab.id)).toEqual(['sharing', 'activity', 'versions']);
  });
});
