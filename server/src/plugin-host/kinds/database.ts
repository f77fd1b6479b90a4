import type { Kysely } from 'kysely';
import type { PluginDatabase, PluginMigration } from '../../plugin-api';
import { ServerPluginError } from '../../plugin-api';
import type { SqlDialectName } from '../../db/connection';
import { migrate } from '../../db/connection';

/** The database the host gives plugins (`ctx.database`); absent only in tests that need none. */
export interface HostDatabase {
  db: Kysely<unknown>;
  dialect: SqlDialectName;
}

/** `ctx.database` of the plugin `id`: the server's database, migrations named for the plugin. */
export function pluginDatabase(id: string, database: HostDatabase | undefined): PluginDatabase {
  const missing = (): never => {
    throw new ServerPluginError(id, 'has no database here (the host was made without one)');
  };
  return Object.freeze({
    get db() {
      return database?.db ?? missing();
    },
    get dialect() {
      return database?.dialect ?? missing();
    },
    async migrate(migrations: readonly PluginMigration[]) {
      const wrong = migrations.find((migration) => typeof migration.name !== 'string' || !migration.name.startsWith(`${id}-`));
      if (wrong) throw new ServerPluginError(id, `the migration "${String(wrong.name)}" must be named "${id}-…"`);
      if (!database) return missing();
      await migrate(database.db, [...migrations], database.dialect);
    },
  });
}
