import { PassThrough } from 'node:stream';
import type { Kysely } from 'kysely';
import { main } from '../../server/src/cli';
import { digestTable, tableNames } from '../../server/src/db/copy-database';

/** Runs `cumulus <args>` in this process over `dataDir`, with `env` as its whole environment besides it. */
export async function runCli(dataDir: string, args: string[], env: Record<string, string>): Promise<{ code: number; out: string; err: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await main(args, { stdout, stderr, stdin: new PassThrough(), env: { CUMULUS_DATA_DIR: dataDir, ...env } });
  return { code, out, err };
}

/** Every table's row count and checksum (`<rows> <sha256>`), by name, of the database `open` opens. */
export async function tableDigests(open: () => Promise<Kysely<unknown>>): Promise<Record<string, string>> {
  const db = await open();
  try {
    const result: Record<string, string> = {};
    for (const table of await tableNames(db)) {
      const digest = await digestTable(db, table);
      result[table] = `${digest.rows} ${digest.sha256}`;
    }
    return result;
  } finally {
    await db.destroy();
  }
}
