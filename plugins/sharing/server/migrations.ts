import type { PluginMigration } from '@cumulus/server/plugin-api';

/** The sharing plugin's tables. Portable schema-builder calls only (SQLite and PostgreSQL). */
export const sharingMigrations: PluginMigration[] = [
  {
    name: 'sharing-001-shares',
    async up(db, dialect) {
      await db.schema
        .createTable('sharing_shares')
        .addColumn('id', dialect === 'postgres' ? 'bigint' : 'integer', (col) =>
          dialect === 'postgres' ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
        )
        .addColumn('share_type', 'integer', (col) => col.notNull())
        // The sharer (initiator) and the file's owner: the same unless this is a reshare.
        .addColumn('uid_owner', 'varchar(64)', (col) => col.notNull())
        .addColumn('uid_file_owner', 'varchar(64)', (col) => col.notNull())
        // The shared node: its file id in the file owner's tree.
        .addColumn('file_source', 'bigint', (col) => col.notNull())
        .addColumn('item_type', 'varchar(8)', (col) => col.notNull())
        // User shares: the recipient's uid.
        .addColumn('share_with', 'varchar(64)')
        .addColumn('permissions', 'integer', (col) => col.notNull())
        .addColumn('stime', 'bigint', (col) => col.notNull())
        // `YYYY-MM-DD`: the share works to the end of that day.
        .addColumn('expiration', 'varchar(10)')
        .addColumn('token', 'varchar(32)', (col) => col.unique())
        // Link shares: the argon2 hash of the password.
        .addColumn('password', 'text')
        .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('label', 'varchar(255)', (col) => col.notNull().defaultTo(''))
        .addColumn('hide_download', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('attributes', 'text')
        .addColumn('mail_send', 'integer', (col) => col.notNull().defaultTo(0))
        // User shares: where the node appears in the recipient's tree, e.g. `/Photos`.
        .addColumn('file_target', 'text')
        .execute();
      await db.schema.createIndex('sharing_shares_owner').on('sharing_shares').columns(['uid_owner']).execute();
      await db.schema.createIndex('sharing_shares_file').on('sharing_shares').columns(['uid_file_owner', 'file_source']).execute();
      await db.schema.createIndex('sharing_shares_with').on('sharing_shares').columns(['share_with']).execute();
    },
  },
];
