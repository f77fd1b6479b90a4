import { resolve } from 'node:path';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config';
import { dialectOf, migrate, openDatabase } from '../db/connection';
import { openConfiguredDatabase } from '../db/open';
import { isPostgresUrl, openPostgres } from '../db/postgres';
import { CopyError, copyDatabase } from '../db/copy-database';
import { accountMigrations } from '../auth/migrations';
import { storageMigrations } from '../storage';
import { PluginHost, findPluginPackages, pluginMigrations } from '../plugin-host';
import { loadServerPlugins } from '../plugin-host/loader';
import type { Command } from './user-commands';
import { needPositional } from './user-commands';
import { println } from './io';

const ALL_MIGRATIONS = [...accountMigrations, ...storageMigrations, ...pluginMigrations];

/**
 * Gives `db` the tables of every installed plugin (enabled or not: a disabled plugin's tables
 * are copied too), by activating each server part on it once, as the server's start would,
 * then deactivating it. A plugin that fails is reported; the copy then names its missing tables.
 */
async function migratePluginTables(db: Kysely<unknown>, pluginsDir: string, warn: (line: string) => void): Promise<void> {
  const { packages } = await findPluginPackages(pluginsDir);
  const host = new PluginHost({ info: () => undefined, warn, error: warn }, { db, dialect: dialectOf(db) });
  for (const failure of await loadServerPlugins(host, packages, new Set())) warn(`The plugin "${failure.id}" could not create its tables: ${failure.message}`);
  for (const id of host.activeIds().reverse()) await host.deactivate(id);
}

async function openTarget(target: string): Promise<Kysely<unknown>> {
  return isPostgresUrl(target) ? openPostgres<unknown>(target) : openDatabase<unknown>(resolve(target));
}

/**
 * `cumulus db:copy <target>`: moves an installation's metadata between the embedded SQLite and
 * PostgreSQL, either way. Content stays where it is (the data dir).
 */
export const dbCommands: Record<string, Command> = {
  'db:copy': {
    usage: 'db:copy <postgres://…|FILE.sqlite>',
    summary:
      'Copy the metadata of this installation (CUMULUS_DATABASE_URL, else <data dir>/cumulus.sqlite) into an empty PostgreSQL database or SQLite file, then check every table\'s row count and checksum. Stop the servers first.',
    valued: [],
    flags: [],
    async run(args, io, config: ServerConfig) {
      const [target = ''] = needPositional(args, 1, this.usage);
      const source = await openConfiguredDatabase(config);
      try {
        await migrate(source, ALL_MIGRATIONS);
        const destination = await openTarget(target);
        try {
          await migrate(destination, ALL_MIGRATIONS);
          await migratePluginTables(destination, config.pluginsDir, (line) => println(io.stderr, line));
          const digests = await copyDatabase(source, destination);
          for (const [table, digest] of digests) println(io.stdout, `${table}: ${digest.rows} rows, sha256 ${digest.sha256}`);
          println(io.stdout, `Copied ${digests.size} tables; row counts and checksums match.`);
          return 0;
        } finally {
          await destination.destroy();
        }
      } catch (error) {
        if (error instanceof CopyError) {
          println(io.stderr, `Error: ${error.message}`);
          return 1;
        }
        throw error;
      } finally {
        await source.destroy();
      }
    },
  },
};
