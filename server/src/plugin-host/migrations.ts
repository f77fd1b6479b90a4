import type { Kysely } from 'kysely';
import type { Migration } from '../db/connection';

/** The plugin tables: each plugin's operator switch. Portable schema-builder calls only. */
export const pluginMigrations: Migration[] = [
  {
    name: 'plugins-001-plugin-states',
    async up(db: Kysely<unknown>): Promise<void> {
      // A plugin without a row is enabled (as a freshly installed first-party plugin is).
      await db.schema
        .createTable('plugin_states')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('changed_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
];
