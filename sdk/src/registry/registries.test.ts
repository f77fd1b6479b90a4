import { describe, expect, it } from '@jest/globals';
import { aBreadcrumbAction, aColumn, aFileAction, aFileListAction, aFileListFilter, aNewMenuEntry, aNodeIndicator, aSettingsSection, aSidebarTab, aView, refusal } from '../entries/test-fixtures';
import { createRegistries } from './registries';

describe('createRegistries', () => {
  it('builds the registries, each of its own kind', () => {
    const registries = createRegistries();
    expect(Object.fromEntries(Object.entries(registries).map(([name, registry]) => [name, registry.kind]))).toEqual({
      views: 'view',
      columns: 'column',
      fileActions: 'file action',
      newMenuEntries: 'new menu entry',
      fileListFilters: 'file list filter',
      sidebarTabs: 'sidebar tab',
      settingsSections: 'settings section',
      fileListActions: 'file list action',
      nodeIndicators: 'node indicator',
      breadcrumbActions: 'breadcrumb action',
    });
  });

  it("refuses duplicates with the spec's message for each kind (product §8)", () => {
    const registries = createRegistries();
    const twice = <T>(register: (entry: T) => unknown, make: () => T): string => {
      register(make());
      return refusal(() => register(make())).message;
    };
    expect(twice((entry) => registries.views.register(entry), () => aView({ id: 'trash' }))).toBe('View id trash is already registered');
    expect(twice((entry) => registries.fileListFilters.register(entry), () => aFileListFilter('type'))).toBe('File list filter "type" already registered');
    expect(twice((entry) => registries.columns.register(entry), () => aColumn())).toBe('Duplicate entry');
    expect(twice((entry) => registries.fileActions.register(entry), () => aFileAction())).toBe('Duplicate entry');
    expect(twice((entry) => registries.newMenuEntries.register(entry), () => aNewMenuEntry())).toBe('Duplicate entry');
    expect(twice((entry) => registries.sidebarTabs.register(entry), () => aSidebarTab())).toBe('Duplicate entry');
    expect(twice((entry) => registries.settingsSections.register(entry), () => aSettingsSection())).toBe('Duplicate entry');
    expect(twice((entry) => registries.fileListActions.register(entry), () => aFileListAction())).toBe('Duplicate entry');
    expect(twice((entry) => registries.nodeIndicators.register(entry), () => aNodeIndicator())).toBe('Duplicate entry');
    expect(twice((entry) => registries.breadcrumbActions.register(entry), () => aBreadcrumbAction())).toBe('Duplicate entry');
  });

  it('keeps separate registries separate: the same id may exist in two kinds', () => {
    const registries = createRegistries();
    registries.views.register(aView({ id: 'sharing' }));
    registries.sidebarTabs.register(aSidebarTab({ id: 'sharing' }));
    expect(registries.views.has('sharing') && registries.sidebarTabs.has('sharing')).toBe(true);
  });

  it('gives each call fresh registries', () => {
    const first = createRegistries();
    first.views.register(aView());
    expect(createRegistries().views.getAll()).toEqual([]);
  });
});
