import type { Kysely } from 'kysely';
import type { PluginMigration } from '@cumulus/server/plugin-api';

/**
 * One version of a file: the content the file had before an overwrite, kept in the plugin's
 * area of the file's owner as `/<fileid>.v<version>` (a file of its own there).
 */
export interface VersionRow {
  /** The file's owner. */
  uid: string;
  /** The current file's id (versions follow it: renames, moves, the trash). */
  fileid: number;
  /** Its timestamp (seconds): the version's name, unique per file. */
  version: number;
  /** The content's modification time (seconds), size, etag, mime type and checksum as they were. */
  mtime: number;
  size: number;
  etag: string;
  mime: string;
  checksum: string;
  /** Where the content is in the owner's area, e.g. `/12.v1735689600`. */
  content: string;
  /** Who wrote this content: a uid, '' when unknown or a public link's visitor. */
  author: string;
  /** The user's name for it; '' when none (a labelled version is never expired by the rule). */
  label: string;
}

interface VersionTables {
  versions_versions: VersionRow;
}

export const versionMigrations: PluginMigration[] = [
  {
    name: 'versions-001-versions',
    async up(db) {
      await db.schema
        .createTable('versions_versions')
        .addColumn('uid', 'varchar(64)', (c) => c.notNull())
        .addColumn('fileid', 'bigint', (c) => c.notNull())
        .addColumn('version', 'bigint', (c) => c.notNull())
        .addColumn('mtime', 'bigint', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('etag', 'varchar(64)', (c) => c.notNull())
        .addColumn('mime', 'varchar(255)', (c) => c.notNull())
        .addColumn('checksum', 'varchar(255)', (c) => c.notNull())
        .addColumn('content', 'varchar(255)', (c) => c.notNull())
        .addColumn('author', 'varchar(64)', (c) => c.notNull())
        .addColumn('label', 'varchar(255)', (c) => c.notNull())
        .addPrimaryKeyConstraint('versions_versions_pk', ['uid', 'fileid', 'version'])
        .execute();
    },
  },
];

/** The area name of a version's content. */
export function contentName(fileid: number, version: number): string {
  return `/${fileid}.v${version}`;
}

function row(raw: VersionRow): VersionRow {
  // bigint columns come back as strings on PostgreSQL.
  return { ...raw, fileid: Number(raw.fileid), version: Number(raw.version), mtime: Number(raw.mtime), size: Number(raw.size) };
}

/** The `versions_versions` table. */
export class VersionRecords {
  private readonly db: Kysely<VersionTables>;

  constructor(db: Kysely<unknown>) {
    this.db = db as Kysely<VersionTables>;
  }

  /** Adds the version unless the file has one of that timestamp; true when added. */
  async claim(version: VersionRow): Promise<boolean> {
    const result = await this.db
      .insertInto('versions_versions')
      .values(version)
      .onConflict((conflict) => conflict.columns(['uid', 'fileid', 'version']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  /** The file's versions, newest first. */
  async list(uid: string, fileid: number): Promise<VersionRow[]> {
    const rows = await this.db.selectFrom('versions_versions').selectAll().where('uid', '=', uid).where('fileid', '=', fileid).orderBy('version', 'desc').execute();
    return rows.map(row);
  }

  /** The file's newest version's timestamp, or null. */
  async newest(uid: string, fileid: number): Promise<number | null> {
    const found = await this.db.selectFrom('versions_versions').select((eb) => eb.fn.max('version').as('newest')).where('uid', '=', uid).where('fileid', '=', fileid).executeTakeFirst();
    return found?.newest === null || found?.newest === undefined ? null : Number(found.newest);
  }

  async get(uid: string, fileid: number, version: number): Promise<VersionRow | null> {
    const found = await this.db.selectFrom('versions_versions').selectAll().where('uid', '=', uid).where('fileid', '=', fileid).where('version', '=', version).executeTakeFirst();
    return found ? row(found) : null;
  }

  /** All the user's versions. */
  async ofUser(uid: string): Promise<VersionRow[]> {
    return (await this.db.selectFrom('versions_versions').selectAll().where('uid', '=', uid).execute()).map(row);
  }

  /** The users with versions. */
  async owners(): Promise<string[]> {
    return (await this.db.selectFrom('versions_versions').select('uid').distinct().execute()).map((found) => found.uid);
  }

  async setLabel(uid: string, fileid: number, version: number, label: string): Promise<void> {
    await this.db.updateTable('versions_versions').set({ label }).where('uid', '=', uid).where('fileid', '=', fileid).where('version', '=', version).execute();
  }

  /** Moves the versions of `from` to the file `to` (a COPY/MOVE put a node with another id in its place). */
  async rekey(uid: string, from: number, to: number): Promise<void> {
    await this.db.updateTable('versions_versions').set({ fileid: to }).where('uid', '=', uid).where('fileid', '=', from).execute();
  }

  async remove(uid: string, fileid: number, version: number): Promise<void> {
    await this.db.deleteFrom('versions_versions').where('uid', '=', uid).where('fileid', '=', fileid).where('version', '=', version).execute();
  }
}

interface AuthorTables {
  versions_authors: { uid: string; fileid: number; author: string };
}

export const authorMigration: PluginMigration = {
  name: 'versions-002-authors',
  async up(db) {
    await db.schema
      .createTable('versions_authors')
      .addColumn('uid', 'varchar(64)', (c) => c.notNull())
      .addColumn('fileid', 'bigint', (c) => c.notNull())
      .addColumn('author', 'varchar(64)', (c) => c.notNull())
      .addPrimaryKeyConstraint('versions_authors_pk', ['uid', 'fileid'])
      .execute();
  },
};
versionMigrations.push(authorMigration);

/** Who wrote each file's current content (the author its version gets when it is replaced). */
export class VersionAuthors {
  private readonly db: Kysely<AuthorTables>;

  constructor(db: Kysely<unknown>) {
    this.db = db as Kysely<AuthorTables>;
  }

  async get(uid: string, fileid: number): Promise<string | null> {
    return (await this.db.selectFrom('versions_authors').select('author').where('uid', '=', uid).where('fileid', '=', fileid).executeTakeFirst())?.author ?? null;
  }

  async set(uid: string, fileid: number, author: string): Promise<void> {
    await this.db
      .insertInto('versions_authors')
      .values({ uid, fileid, author })
      .onConflict((conflict) => conflict.columns(['uid', 'fileid']).doUpdateSet({ author }))
      .execute();
  }

  async remove(uid: string, fileid: number): Promise<void> {
    await this.db.deleteFrom('versions_authors').where('uid', '=', uid).where('fileid', '=', fileid).execute();
  }
}
