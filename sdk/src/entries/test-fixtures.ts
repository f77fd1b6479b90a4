// Valid entries of every kind, for the tests of this folder and of
// registry/ and plugin/. Each call returns a fresh object so a test can
// change it freely.
import type { FolderNode } from '../node/types';
import { RegistryError } from '../registry/registry-error';
import type { BreadcrumbAction } from './breadcrumb-action';
import type { Column } from './column';
import { createFileListFilter } from './create-file-list-filter';
import type { FileAction } from './file-action';
import type { FileListAction } from './file-list-action';
import type { FileListFilter } from './file-list-filter';
import type { NewMenuEntry } from './new-menu-entry';
import type { NodeIndicator } from './node-indicator';
import type { SettingsSection } from './settings-section';
import type { SidebarTab } from './sidebar-tab';
import type { View } from './view';

/** A minimal valid SVG icon. */
export const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0h24v24H0z"/></svg>';

/** A folder node for contexts and contents. */
export const FOLDER: FolderNode = {
  fileid: 1,
  source: 'http://127.0.0.1/remote.php/dav/files/alice',
  path: '/',
  dirname: '/',
  basename: '',
  displayname: 'Home',
  extension: '',
  type: 'folder',
  permissions: 31,
  root: '/files/alice',
  owner: 'alice',
  mime: 'httpd/unix-directory',
  attributes: {},
};

/** A valid view (All files), with `fields` replacing its own. */
export const aView = (fields: Partial<View> = {}): View => ({
  id: 'files',
  name: 'All files',
  icon: ICON,
  getContents: async () => ({ folder: FOLDER, contents: [] }),
  ...fields,
});

/** A valid column (Tags), with `fields` replacing its own. */
export const aColumn = (fields: Partial<Column> = {}): Column => ({
  id: 'tags',
  title: 'Tags',
  render: () => ({}) as HTMLElement,
  ...fields,
});

/** A valid file action (delete), with `fields` replacing its own. */
export const aFileAction = (fields: Partial<FileAction> = {}): FileAction => ({
  id: 'delete',
  displayName: () => 'Delete',
  iconSvgInline: () => ICON,
  exec: async () => true,
  ...fields,
});

/** A valid new-menu entry (New folder), with `fields` replacing its own. */
export const aNewMenuEntry = (fields: Partial<NewMenuEntry> = {}): NewMenuEntry => ({
  id: 'newFolder',
  displayName: 'New folder',
  iconSvgInline: ICON,
  handler: () => undefined,
  ...fields,
});

/** A valid file-list filter made by `createFileListFilter`. */
export const aFileListFilter = (id = 'type', order?: number): FileListFilter => createFileListFilter(id, order);

/** A valid sidebar tab (Sharing), with `fields` replacing its own. */
export const aSidebarTab = (fields: Partial<SidebarTab> = {}): SidebarTab => ({
  id: 'sharing',
  name: 'Sharing',
  icon: ICON,
  mount: () => undefined,
  ...fields,
});

/** A valid settings section (Photos), with `fields` replacing its own. */
export const aSettingsSection = (fields: Partial<SettingsSection> = {}): SettingsSection => ({
  id: 'photos',
  name: 'Photos',
  mount: () => undefined,
  ...fields,
});

/** A valid file-list action (Empty), with `fields` replacing its own. */
export const aFileListAction = (fields: Partial<FileListAction> = {}): FileListAction => ({
  id: 'empty',
  displayName: () => 'Empty',
  exec: () => Promise.resolve(true),
  ...fields,
});

/** A valid node indicator (Shared), with `fields` replacing its own. */
export const aNodeIndicator = (fields: Partial<NodeIndicator> = {}): NodeIndicator => ({
  id: 'shared',
  badge: () => ({ label: 'Shared', iconSvgInline: ICON }),
  ...fields,
});

/** A valid breadcrumb action (Share), with `fields` replacing its own. */
export const aBreadcrumbAction = (fields: Partial<BreadcrumbAction> = {}): BreadcrumbAction => ({
  id: 'share',
  displayName: () => 'Share',
  iconSvgInline: () => ICON,
  exec: () => undefined,
  ...fields,
});

/** Runs `register` and returns the RegistryError it throws; fails when it throws nothing else. */
export function refusal(register: () => unknown): RegistryError {
  try {
    register();
  } catch (error) {
    if (error instanceof RegistryError) return error;
    throw error;
  }
  throw new Error('expected the registration to be refused');
}
