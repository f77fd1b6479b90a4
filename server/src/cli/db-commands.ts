import { resolve } from 'node:path';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config';
import { ConfigError } from '../config';
import { dialectOf, migrate, openDatabase } from '../db/connection';
import { openConfiguredDatabase } from '../db/open';
import { isPostgresUrl, openPostgres } from '../db/postgres';
import { CopyError, checkCopyTarget, copyDatabase } from '../db/copy-database';
import type { ContentPlace } from '../storage/content/objects/content-copy';
import { ContentCopyError, DirectoryPlace, ObjectPlace, checkUsablePlaces, copyContent } from '../storage/content/objects/content-copy';
import type { S3Config } from '../storage/content/objects/s3-config';
import { loadS3Config, testS3Config } from '../storage/content/objects/s3-config';
import { accountMigrations } from '../auth/migrations';
import { storageMigrations } from '../storage';
import { PluginHost, findPluginPackages, pluginMigrations } from '../plugin-host';
import { loadServerPlugins } from '../plugin-host/loader';
import type { Command } from './user-commands';
import { needPositional } from './user-commands';
import { println } from './io';
import type { ParsedArgs } from './args';
import { UsageError, optionValue } from './args';

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

/** A bucket as messages name it; two places with one label are one bucket. */
const bucketLabel = (s3: S3Config): string => `the bucket ${s3.bucket} at ${s3.endpoint ?? 'AWS'}`;

/**
 * Content in a bucket, through its own client (closed by the caller through {@link closePlace}).
 * S3's client is loaded here, by a copy that needs it: the help and the other commands do without.
 */
async function bucketPlace(s3: S3Config): Promise<ObjectPlace> {
  const { S3ObjectStore } = await import('../storage/content/objects/s3-object-store');
  return new ObjectPlace(new S3ObjectStore(s3), bucketLabel(s3));
}

function closePlace(place: ContentPlace | undefined): void {
  if (place instanceof ObjectPlace) place.store.destroy();
}

/**
 * Where `--content-to DIR` or `--content-to-s3 BUCKET` sends the content, or undefined
 * without either. The bucket's service and keys are the `CUMULUS_S3_*` settings (its name
 * replacing `CUMULUS_S3_BUCKET`), so the same variables serve both ways.
 */
async function contentTarget(args: ParsedArgs, env: NodeJS.ProcessEnv): Promise<ContentPlace | undefined> {
  const dir = optionValue(args, 'content-to');
  const bucket = optionValue(args, 'content-to-s3');
  if (dir !== undefined && bucket !== undefined) throw new UsageError('Give --content-to or --content-to-s3, not both.');
  if (dir !== undefined) return new DirectoryPlace(dir);
  if (bucket === undefined) return undefined;
  let s3: S3Config | null;
  try {
    s3 = loadS3Config({ ...env, CUMULUS_S3_BUCKET: bucket });
  } catch (error) {
    if (error instanceof ConfigError) throw new ConfigError(`--content-to-s3 ${bucket}: ${error.message}`);
    throw error;
  }
  if (!s3) throw new UsageError('--content-to-s3 needs a bucket name.');
  return bucketPlace(s3);
}

/**
 * `cumulus db:copy <target> [--content-to DIR|--content-to-s3 BUCKET]`: moves an installation's
 * metadata between the embedded SQLite and PostgreSQL, either way, and with an option its file
 * content between a data directory and S3 (objects keyed by file id), either way. The content
 * goes first (each write whole, so a copy cut short is run again), the metadata last in one
 * transaction: a target database with users means a finished copy, and is refused.
 */
export const dbCommands: Record<string, Command> = {
  'db:copy': {
    usage: 'db:copy <postgres://…|FILE.sqlite> [--content-to DIR|--content-to-s3 BUCKET]',
    summary:
      'Copy the metadata of this installation (CUMULUS_DATABASE_URL, else <data dir>/cumulus.sqlite) into an empty PostgreSQL database or SQLite file, then check every table\'s row count and checksum. ' +
      'With --content-to DIR (a new data directory) or --content-to-s3 BUCKET (on the service of CUMULUS_S3_ENDPOINT, CUMULUS_S3_ACCESS_KEY_ID, CUMULUS_S3_SECRET_ACCESS_KEY, CUMULUS_S3_REGION), ' +
      'also copy every file\'s content from where this installation keeps it (CUMULUS_S3_BUCKET, else the data directory) and check the count, sizes and SHA-256 of every file. ' +
      'Refuses, writing nothing, when a file lacks its content or the target holds another installation\'s; safe to run again after a failure. Stop the servers first.',
    valued: ['content-to', 'content-to-s3'],
    flags: [],
    async run(args, io, config: ServerConfig) {
      const [target = ''] = needPositional(args, 1, this.usage);
      const toContent = await contentTarget(args, io.env);
      const sourceS3 = config.s3 ?? testS3Config(config.dataDir);
      const fromContent = toContent && (sourceS3 ? await bucketPlace(sourceS3) : new DirectoryPlace(config.dataDir));
      try {
        // Before either database is opened: a bucket that is missing or not the keys' is refused with nothing written.
        if (fromContent && toContent) await checkUsablePlaces(fromContent, toContent);
      } catch (error) {
        closePlace(fromContent);
        closePlace(toContent);
        if (error instanceof ContentCopyError) {
          println(io.stderr, `Error: ${error.message}`);
          return 1;
        }
        throw error;
      }
      const source = await openConfiguredDatabase(config);
      try {
        await migrate(source, ALL_MIGRATIONS);
        const destination = await openTarget(target);
        try {
          await migrate(destination, ALL_MIGRATIONS);
          await migratePluginTables(destination, config.pluginsDir, (line) => println(io.stderr, line));
          await checkCopyTarget(source, destination);
          if (toContent && fromContent) {
            const content = await copyContent(source, fromContent, toContent);
            println(io.stdout, `content: ${content.files} files, ${content.bytes} bytes, sha256 ${content.sha256}, from ${fromContent.label} to ${toContent.label}; count, sizes and checksums match.`);
          }
          const digests = await copyDatabase(source, destination);
          for (const [table, digest] of digests) println(io.stdout, `${table}: ${digest.rows} rows, sha256 ${digest.sha256}`);
          println(io.stdout, `Copied ${digests.size} tables; row counts and checksums match.`);
          return 0;
        } finally {
          await destination.destroy();
        }
      } catch (error) {
        if (error instanceof CopyError || error instanceof ContentCopyError) {
          println(io.stderr, `Error: ${error.message}`);
          return 1;
        }
        throw error;
      } finally {
        await source.destroy();
        closePlace(fromContent);
        closePlace(toContent);
      }
    },
  },
};
