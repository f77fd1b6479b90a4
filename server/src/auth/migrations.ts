import type { Kysely } from 'kysely';
import type { Migration } from '../db/connection';

/**
 * The account tables: users, browser sessions, app passwords, failed sign-ins, and the
 * per-user file list settings. Portable schema-builder calls only, so PostgreSQL can follow.
 * Times are whole seconds since the epoch.
 */
export const accountMigrations: Migration[] = [
  {
    name: 'accounts-001-users-sessions-app-passwords',
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('users')
        .addColumn('uid', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('display_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
        .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(-1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_login', 'bigint')
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('uid', 'varchar(64)', (c) => c.notNull().references('users.uid').onDelete('cascade'))
        .addColumn('request_token', 'varchar(128)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_uid').on('sessions').column('uid').execute();

      await db.schema
        .createTable('app_passwords')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('uid', 'varchar(64)', (c) => c.notNull().references('users.uid').onDelete('cascade'))
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used', 'bigint')
        .execute();
      await db.schema.createIndex('app_passwords_uid').on('app_passwords').column('uid').execute();

      await db.schema
        .createTable('login_attempts')
        .addColumn('ip', 'varchar(64)', (c) => c.notNull())
        .addColumn('uid', 'varchar(255)', (c) => c.notNull())
        .addColumn('attempted_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_attempts_ip_uid')
        .on('login_attempts')
        .columns(['ip', 'uid', 'attempted_at'])
        .execute();
    },
  },
  {
    name: 'accounts-002-user-and-view-config',
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('user_config')
        .addColumn('uid', 'varchar(64)', (c) => c.notNull().references('users.uid').onDelete('cascade'))
        .addColumn('key', 'varchar(64)', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_config_pk', ['uid', 'key'])
        .execute();
      await db.schema
        .createTable('view_config')
        .addColumn('uid', 'varchar(64)', (c) => c.notNull().references('users.uid').onDelete('cascade'))
        .addColumn('view', 'varchar(64)', (c) => c.notNull())
        .addColumn('key', 'varchar(64)', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('view_config_pk', ['uid', 'view', 'key'])
        .execute();
    },
  },
  {
    name: 'accounts-003-login-successes',
    async up(db: Kysely<unknown>): Promise<void> {
      // The last successful sign-in of a login from an address: such a login is not slowed or
      // refused because of other logins' failures from that address (see LoginThrottle).
      await db.schema
        .createTable('login_successes')
        .addColumn('ip', 'varchar(64)', (c) => c.notNull())
        .addColumn('uid', 'varchar(255)', (c) => c.notNull())
        .addColumn('succeeded_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('login_successes_pk', ['ip', 'uid'])
        .execute();
    },
  },
];
