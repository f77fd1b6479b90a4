export { openDatabase, migrate, ping, idColumn } from './connection';
export type { Migration, SqlDialectName } from './connection';
