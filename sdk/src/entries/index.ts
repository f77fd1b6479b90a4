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
export { isValidSvg } from './svg';
