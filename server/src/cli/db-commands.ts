import { resolve } from 'node:path';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config';
import { migrate, openDatabase } from '../db/connection';
import { openConfiguredDatabase } from '../db/open';
import { isPostgresUrl, openPostgres } from '../db/postgres';
import { CopyError, copyDatabase } from '../db/copy-database';
import { accountMigrations } from '../auth/migrations';
import { storageMigrations } from '../storage';
import { pluginMigrations } from '../plugin-host';
import type { Command } from './user-commands';
import { needPositional } from './user-commands';
import { println } from './io';

const ALL_MIGRATIONS = [...accountMigrations, ...storageMigrations, ...pluginMigrations];

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
