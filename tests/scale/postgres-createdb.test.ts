import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ConfigError } from '../../server/src/config';
import { openPostgres } from '../../server/src/db/postgres';
import type { PostgresCluster } from './postgres-cluster';
import { startPostgresCluster } from './postgres-cluster';

/**
 * A `CUMULUS_DATABASE_URL` naming a database that does not exist, for a role without CREATEDB:
 * the server says which database and which role, and how to fix it, not
 * PostgreSQL's bare `permission denied to create database`.
 */
let cluster: PostgresCluster | undefined;
let base: string;
const role = `nocreate_${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  base = (process.env['CUMULUS_TEST_POSTGRES'] ?? (cluster = await startPostgresCluster()).url).replace(/\/+$/, '');
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  try {
    await admin.query(`create role ${role} login password 'secret'`);
  } finally {
    await admin.end();
  }
}, 60_000);
afterAll(async () => cluster?.stop());

describe('a database the role may not create', () => {
  it('is refused naming the database and the role', async () => {
    const url = new URL(`${base}/cumulus_missing`);
    url.username = role;
    url.password = 'secret';
    const failure = await openPostgres(url.toString()).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ConfigError);
    expect((failure as Error).message).toBe(
      `The database "cumulus_missing" does not exist and the role ${role} may not create it (permission denied to create database): ` +
        `create it as a superuser (createdb -O ${role} cumulus_missing), or give the role CREATEDB (alter role ${role} createdb).`,
    );
  }, 30_000);
});
