import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { testDatabaseUrl } from '../../server/src/db/open';

const run = promisify(execFile);

/** Debian's PostgreSQL binaries (package `postgresql`); `CUMULUS_PG_BIN` points elsewhere. */
export const PG_BIN = process.env['CUMULUS_PG_BIN'] ?? '/usr/lib/postgresql/15/bin';

/** A throwaway PostgreSQL cluster on 127.0.0.1. */
export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>`, no database name. */
  readonly url: string;
  readonly port: number;
  readonly dir: string;
  /** Stops the server (fast shutdown) and deletes its files. */
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (closed again before it is returned). */
export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/**
 * Creates a cluster in a new temporary folder with `initdb` and starts it on a free port of
 * 127.0.0.1, its unix socket inside that folder, trust authentication, durability off (a test
 * cluster loses nothing it needs). PostgreSQL refuses to run as root: as root, the cluster
 * belongs to the `postgres` user and runs as it (`runuser`).
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'cumulus-pg-'));
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const as = (command: string, args: string[]): Promise<unknown> =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(PG_BIN, command), ...args]) : run(join(PG_BIN, command), args);
  const data = join(dir, 'data');
  await as('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
  await as('pg_ctl', ['-D', data, '-l', join(data, 'server.log'), '-w', '-o', options, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}`,
    port,
    dir,
    async stop() {
      await as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * In the PostgreSQL test mode, gives `toDataDir` a copy of the database of `fromDataDir`
 * (`create database … template …`; nothing may be connected to the source), as copying a
 * data dir copies its SQLite file in the embedded mode. Does nothing in the embedded mode.
 */
export async function copyTestDatabase(fromDataDir: string, toDataDir: string): Promise<void> {
  const from = testDatabaseUrl(fromDataDir);
  const to = testDatabaseUrl(toDataDir);
  if (!from || !to) return;
  const admin = new URL(from);
  const name = (url: string): string => `"${decodeURIComponent(new URL(url).pathname.slice(1))}"`;
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`create database ${name(to)} template ${name(from)}`);
  } finally {
    await client.end();
  }
}
