import type { BreadcrumbAction } from '../entries/breadcrumb-action';
import { breadcrumbActionKind } from '../entries/breadcrumb-action';
import type { Column } from '../entries/column';
import { columnKind } from '../entries/column';
import type { FileAction } from '../entries/file-action';
import { fileActionKind } from '../entries/file-action';
import type { FileListAction } from '../entries/file-list-action';
import { fileListActionKind } from '../entries/file-list-action';
import type { FileListFilter } from '../entries/file-list-filter';
import { fileListFilterKind } from '../entries/file-list-filter';
import type { NodeIndicator } from '../entries/node-indicator';
import { nodeIndicatorKind } from '../entries/node-indicator';
import type { NewMenuEntry } from '../entries/new-menu-entry';
import { newMenuEntryKind } from '../entries/new-menu-entry';
import type { SettingsSection } from '../entries/settings-section';
import { settingsSectionKind } from '../entries/settings-section';
import type { SidebarTab } from '../entries/sidebar-tab';
import { sidebarTabKind } from '../entries/sidebar-tab';
import type { View } from '../entries/view';
import { viewKind } from '../entries/view';
import { createRegistry } from './create-registry';
import type { Registry, RegistryOptions } from './types';

/** Every registry of the app, one per kind of entry. */
export interface Registries {
  /** Views of the left navigation. */
  views: Registry<View>;
  /** Custom columns of the file list. */
  columns: Registry<Column>;
  /** File actions. */
  fileActions: Registry<FileAction>;
  /** Entries of the New menu. */
  newMenuEntries: Registry<NewMenuEntry>;
  /** File-list filters. */
  fileListFilters: Registry<FileListFilter>;
  /** Tabs of the details sidebar. */
  sidebarTabs: Registry<SidebarTab>;
  /** Sections of the settings dialog. */
  settingsSections: Registry<SettingsSection>;
  /** Actions on a view's whole list (its header). */
  fileListActions: Registry<FileListAction>;
  /** Status icons next to a node's name in the file list (sharing's 'Shared'). */
  nodeIndicators: Registry<NodeIndicator>;
  /** Buttons of the breadcrumb bar on the folder on screen (sharing's share button). */
  breadcrumbActions: Registry<BreadcrumbAction>;
}

/** The name of one registry in `Registries`. */
export type RegistryName = keyof Registries;

/**
 * Builds the app's registries, all from the one `createRegistry`.
 *
 * @param options passed to every registry (where listener errors go)
 */
export function createRegistries(options: RegistryOptions = {}): Registries {
  return {
    views: createRegistry(viewKind, options),
    columns: createRegistry(columnKind, options),
    fileActions: createRegistry(fileActionKind, options),
    newMenuEntries: createRegistry(newMenuEntryKind, options),
    fileListFilters: createRegistry(fileListFilterKind, options),
    sidebarTabs: createRegistry(sidebarTabKind, options),
    settingsSections: createRegistry(settingsSectionKind, options),
    fileListActions: createRegistry(fileListActionKind, options),
    nodeIndicators: createRegistry(nodeIndicatorKind, options),
    breadcrumbActions: createRegistry(breadcrumbActionKind, options),
  };
}
