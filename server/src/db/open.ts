import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { openDatabase } from './connection';
import { openPostgres } from './postgres';

/** The name of the SQLite metadata database inside the data dir (the embedded default). */
export const DATABASE_FILE = 'cumulus.sqlite';

/** Where the metadata lives: PostgreSQL when a URL is given, else SQLite in the data dir. */
export interface DatabaseSettings {
  dataDir: string;
  /** `postgres://…` (`CUMULUS_DATABASE_URL`); unset: `<dataDir>/cumulus.sqlite`. */
  databaseUrl?: string;
  /** Connections per process to PostgreSQL. */
  databasePoolSize?: number;
}

/**
 * The test mode on PostgreSQL: with `CUMULUS_TEST_POSTGRES` set to a throwaway cluster's URL
 * (no database name; `npm run test:pg` starts one), every data directory without a configured
 * database gets its own database there, named after the directory, so each test's server, its
 * restarts and its CLI runs meet the same metadata, and tests never see each other's.
 */
export function testDatabaseUrl(dataDir: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const base = env.CUMULUS_TEST_POSTGRES?.trim();
  if (!base) return undefined;
  const name = `cumulus_test_${createHash('sha256').update(dataDir).digest('hex').slice(0, 24)}`;
  return `${base.replace(/\/+$/, '')}/${name}`;
}

/** Opens the configured metadata database (creating a missing PostgreSQL database). */
export async function openConfiguredDatabase(settings: DatabaseSettings): Promise<Kysely<unknown>> {
  const url = settings.databaseUrl ?? testDatabaseUrl(settings.dataDir);
  if (url) return openPostgres<unknown>(url, settings.databasePoolSize !== undefined ? { poolSize: settings.databasePoolSize } : {});
  return openDatabase<unknown>(join(settings.dataDir, DATABASE_FILE));
}

/** True when the metadata database is configured (PostgreSQL) or already exists (SQLite). */
export function hasDatabase(settings: DatabaseSettings): boolean {
  return (settings.databaseUrl ?? testDatabaseUrl(settings.dataDir)) !== undefined || existsSync(join(settings.dataDir, DATABASE_FILE));
}
