import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { migrate } from '../../db/connection';
import { openConfiguredDatabase } from '../../db/open';
import { storageMigrations } from '../metadata/migrations';
import { FileService } from './file-service';

/** A file service on a throwaway data directory, for tests. */
export async function makeTestFiles(): Promise<{ files: FileService; db: Kysely<unknown>; dataDir: string; cleanup(): Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cumulus-storage-'));
  // SQLite in the data dir, or (test mode, CUMULUS_TEST_POSTGRES) a fresh PostgreSQL database.
  const db = await openConfiguredDatabase({ dataDir });
  await migrate(db, storageMigrations);
  const files = new FileService({ db, dataDir });
  return {
    files,
    db,
    dataDir,
    async cleanup() {
      await files.close();
      await db.destroy();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
