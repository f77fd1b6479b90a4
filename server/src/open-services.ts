import type { Kysely } from 'kysely';
import { mkdir } from 'node:fs/promises';
import type { ServerConfig } from './config';
import { migrate } from './db/connection';
import { openConfiguredDatabase } from './db/open';
import { FileService } from './storage/files/file-service';
import { localContent } from './storage/content/local/local-backend';
import { storageMigrations } from './storage/metadata/migrations';
import { testS3Config } from './storage/content/objects/s3-config';
import type { Accounts } from './auth/accounts';
import { createAccounts } from './auth/accounts';
import { accountMigrations } from './auth/migrations';
import { pluginMigrations } from './plugin-host/migrations';

/**
 * Opens the data dir and database, applying every migration; used by the server and the CLI.
 * Apart from the web server's modules (app.ts), and S3's client loaded only for content on S3,
 * so a CLI command that opens the data dir loads only what it needs.
 */
export async function openServices(config: Pick<ServerConfig, 'dataDir' | 'databaseUrl' | 'databasePoolSize' | 's3'> & Parameters<typeof createAccounts>[1]): Promise<{ db: Kysely<unknown>; files: FileService; accounts: Accounts }> {
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  const db = await openConfiguredDatabase(config);
  // File content on S3 when configured (the bucket is checked, and created when missing, before serving).
  const s3 = config.s3 ?? testS3Config(config.dataDir);
  const objects = s3 ? new (await import('./storage/content/objects/s3-object-store')).S3ObjectStore(s3) : undefined;
  try {
    await migrate(db, [...accountMigrations, ...storageMigrations, ...pluginMigrations]);
    await objects?.ensureReady().catch((error: unknown) => {
      throw new Error(`The object storage of CUMULUS_S3_BUCKET (bucket ${s3?.bucket ?? ''} at ${s3?.endpoint ?? 'AWS'}) does not answer: ${(error as Error).message}`, { cause: error });
    });
  } catch (error) {
    objects?.destroy();
    await db.destroy();
    throw error;
  }
  // The content backend, chosen here once: every file's bytes on S3, or plain files in the data dir.
  const backend = objects ? (await import('./storage/content/objects/object-backend')).objectContent(objects) : localContent();
  const files = new FileService({ db, dataDir: config.dataDir, backend });
  return { db, files, accounts: createAccounts(db, config) };
}
