/** The kinds of entries plugins register, their types and their registration rules. */
export * from './view';
export * from './column';
export * from './file-action';
export * from './file-list-action';
export * from './new-menu-entry';
export * from './file-list-filter';
export * from './create-file-list-filter';
export * from './sidebar-tab';
export * from './settings-section';
export * from './node-indicator';
export * from './breadcrumb-action';
export type { ShellCommands } from './shell-commands';
export { entryContext } from './entry-context';
export type { EntryContext, EntryContextParts } from './entry-context';
export { isValidSvg } from './svg';
