export { openDatabase, migrate, ping } from './connection';
export type { Migration } from './connection';
