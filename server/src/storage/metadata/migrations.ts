import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Migration, SqlDialectName } from '../../db/connection';
import { idColumn } from '../../db/connection';
import { foldName } from './name-folding';

/**
 * The storage area's schema: the file cache, dead properties, locks, upload sessions, the
 * operation journal and the change feed's log. Schema-builder calls only, and the dialect's own generated ids, so
 * PostgreSQL can follow (migrations.test.ts compiles them for it).
 */
export const storageMigrations: Migration[] = [
  {
    name: 'storage-001-filecache',
    async up(db: Kysely<unknown>, dialect: SqlDialectName) {
      await db.schema
        .createTable('filecache')
        .$call(idColumn('fileid', dialect))
        .addColumn('uid', 'varchar(64)', (col) => col.notNull())
        .addColumn('path', 'text', (col) => col.notNull())
        .addColumn('parent', 'bigint')
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('type', 'varchar(8)', (col) => col.notNull())
        .addColumn('size', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('mtime', 'bigint', (col) => col.notNull().defaultTo(0))
        // The on-disk mtime (µs) last seen, to notice changes made behind our back.
        .addColumn('disk_mtime', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('etag', 'varchar(40)', (col) => col.notNull())
        .addColumn('mime', 'varchar(255)', (col) => col.notNull())
        .addColumn('favorite', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('upload_time', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('creation_time', 'bigint', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('filecache_uid_path').unique().on('filecache').columns(['uid', 'path']).execute();
      await db.schema.createIndex('filecache_parent').on('filecache').columns(['parent']).execute();
      await db.schema.createIndex('filecache_uid_mtime').on('filecache').columns(['uid', 'mtime']).execute();
    },
  },
  {
    name: 'storage-002-properties',
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('properties')
        .addColumn('fileid', 'bigint', (col) => col.notNull().references('filecache.fileid').onDelete('cascade'))
        // Clark notation: `{namespace}local-name`.
        .addColumn('name', 'varchar(512)', (col) => col.notNull())
        // The property element serialised as self-contained XML.
        .addColumn('value', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('properties_pk', ['fileid', 'name'])
        .execute();
    },
  },
  {
    name: 'storage-003-locks',
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('locks')
        .addColumn('token', 'varchar(100)', (col) => col.primaryKey())
        .addColumn('uid', 'varchar(64)', (col) => col.notNull())
        .addColumn('path', 'text', (col) => col.notNull())
        .addColumn('scope', 'varchar(16)', (col) => col.notNull())
        .addColumn('depth', 'integer', (col) => col.notNull())
        .addColumn('owner', 'text', (col) => col.notNull())
        .addColumn('timeout', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('locks_uid').on('locks').columns(['uid']).execute();
    },
  },
  {
    name: 'storage-004-uploads',
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('uploads')
        .addColumn('uid', 'varchar(64)', (col) => col.notNull())
        .addColumn('id', 'varchar(255)', (col) => col.notNull())
        // Target path for v2 uploads; null for the older v1 style.
        .addColumn('destination', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('uploads_pk', ['uid', 'id'])
        .execute();
    },
  },
  {
    name: 'storage-005-upload-chunks',
    async up(db: Kysely<unknown>) {
      // The size of every chunk but the last of a v2 upload, known from its chunk 1.
      await db.schema.alterTable('uploads').addColumn('chunk_size', 'bigint').execute();
      // Chunks written straight into the upload's assembly file, at their offset.
      await db.schema
        .createTable('upload_chunks')
        .addColumn('uid', 'varchar(64)', (col) => col.notNull())
        .addColumn('id', 'varchar(255)', (col) => col.notNull())
        .addColumn('name', 'varchar(32)', (col) => col.notNull())
        .addColumn('offset', 'bigint', (col) => col.notNull())
        .addColumn('size', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('upload_chunks_pk', ['uid', 'id', 'name'])
        .execute();
    },
  },
  {
    name: 'storage-006-upload-activity',
    async up(db: Kysely<unknown>) {
      // Uploads are swept 24 h after their last chunk, not after their creation.
      await db.schema.alterTable('uploads').addColumn('last_activity', 'bigint', (col) => col.notNull().defaultTo(0)).execute();
      await sql`update uploads set last_activity = created_at`.execute(db);
    },
  },
  {
    name: 'storage-007-checksums',
    async up(db: Kysely<unknown>) {
      // The OC-Checksum of a file's upload (`SHA1:… MD5:…`), null when unknown.
      await db.schema.alterTable('filecache').addColumn('checksum', 'text').execute();
    },
  },
  {
    name: 'storage-008-operation-journal',
    async up(db: Kysely<unknown>, dialect: SqlDialectName) {
      // COPY and MOVE record what they are about to do before touching the disk, so a crash
      // half-way is finished or undone at start-up (operation-journal.ts).
      await db.schema
        .createTable('operation_journal')
        .$call(idColumn('id', dialect))
        .addColumn('uid', 'varchar(64)', (col) => col.notNull())
        .addColumn('kind', 'varchar(8)', (col) => col.notNull())
        .addColumn('source', 'text', (col) => col.notNull())
        .addColumn('destination', 'text', (col) => col.notNull())
        .addColumn('fileid', 'bigint')
        .addColumn('staged', 'varchar(64)')
        .addColumn('aside', 'varchar(64)')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
    },
  },
  {
    name: 'storage-009-node-changes',
    async up(db: Kysely<unknown>, dialect: SqlDialectName) {
      // The change feed (changes/): one row per change to a node a user can see, ids rising,
      // read by every server process (a poll by id), pruned to a bounded window.
      await db.schema
        .createTable('node_changes')
        .$call(idColumn('id', dialect))
        .addColumn('uid', 'varchar(64)', (col) => col.notNull())
        .addColumn('path', 'text', (col) => col.notNull())
        // The path the node was at before a move or rename; null otherwise.
        .addColumn('from_path', 'text')
        .addColumn('fileid', 'bigint', (col) => col.notNull())
        .addColumn('type', 'varchar(8)', (col) => col.notNull())
        // The node's new etag; null marks a deletion.
        .addColumn('etag', 'varchar(40)')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('node_changes_uid_id').on('node_changes').columns(['uid', 'id']).execute();
      await db.schema.createIndex('node_changes_created_at').on('node_changes').columns(['created_at']).execute();
    },
  },
  {
    name: 'storage-010-journal-instance',
    async up(db: Kysely<unknown>) {
      // Several server processes on one database: each settles only the interrupted operations
      // of processes no longer running, never one another process is in the middle of.
      await db.schema.alterTable('operation_journal').addColumn('instance', 'varchar(8)').execute();
    },
  },
  {
    name: 'storage-011-last-activity-index',
    async up(db: Kysely<unknown>) {
      // The Recent view's SEARCH orders a whole tree by nc:last_activity (the later of mtime
      // and upload time) and takes 100: with this index the database walks the newest rows of
      // the user and stops, instead of sorting every node. The expression is written exactly
      // as metadata-store.ts's LAST_ACTIVITY_SQL, or SQLite would not use the index.
      await db.schema
        .createIndex('filecache_uid_last_activity')
        .on('filecache')
        .expression(sql`uid, (case when mtime > upload_time then mtime else upload_time end), fileid`)
        .execute();
    },
  },
  {
    name: 'storage-012-user-favorites',
    async up(db: Kysely<unknown>, dialect: SqlDialectName) {
      // Favorites are each user's own marks (Nextcloud's private tag per user), not the node's:
      // a share's recipient marks what they see, and never sees the owner's marks.
      await db.schema
        .createTable('favorites')
        .addColumn('uid', 'varchar(64)', (col) => col.notNull())
        // A node deleted for good takes every user's mark along.
        .addColumn('fileid', 'bigint', (col) => col.notNull().references('filecache.fileid').onDelete('cascade'))
        .addPrimaryKeyConstraint('favorites_pk', ['uid', 'fileid'])
        .execute();
      await db.schema.createIndex('favorites_fileid').on('favorites').columns(['fileid']).execute();
      // The marks so far were the tree's user's: a node in one of the user's areas (`<uid>~trash`) is theirs too.
      const owner = dialect === 'postgres' ? sql`split_part(uid, '~', 1)` : sql`case when instr(uid, '~') > 0 then substr(uid, 1, instr(uid, '~') - 1) else uid end`;
      await sql`insert into favorites (uid, fileid) select ${owner}, fileid from filecache where favorite = 1`.execute(db);
      await db.schema.alterTable('filecache').dropColumn('favorite').execute();
    },
  },
  {
    name: 'storage-013-name-index',
    async up(db: Kysely<unknown>, dialect: SqlDialectName) {
      // The name index (search/): each name folded (name-folding.ts) into a column of its own,
      // written by the store with the name, so the index never lags the row.
      await db.schema.alterTable('filecache').addColumn('name_folded', 'text', (col) => col.notNull().defaultTo('')).execute();
      await foldExistingNames(db);
      if (dialect === 'postgres') {
        // pg_trgm's GIN index answers LIKE '%term%' for terms of 3 characters and more; the
        // pattern-ops b-tree answers the prefix LIKE of shorter terms.
        await sql`create extension if not exists pg_trgm`.execute(db);
        await sql`create index filecache_name_trgm on filecache using gin (name_folded gin_trgm_ops)`.execute(db);
        await sql`create index filecache_uid_name_folded on filecache (uid, name_folded text_pattern_ops)`.execute(db);
        return;
      }
      // SQLite: an FTS5 table with the trigram tokenizer over the folded names, its content the
      // file cache's (no second copy of the names), kept by triggers in the transaction of every
      // change to a row; the (uid, name_folded) index answers the prefix range of short terms.
      await sql`create virtual table filecache_names using fts5(name_folded, content='filecache', content_rowid='fileid', tokenize='trigram')`.execute(db);
      await sql`insert into filecache_names(filecache_names) values('rebuild')`.execute(db);
      await sql`create trigger filecache_names_insert after insert on filecache begin insert into filecache_names(rowid, name_folded) values (new.fileid, new.name_folded); end`.execute(db);
      await sql`create trigger filecache_names_delete after delete on filecache begin insert into filecache_names(filecache_names, rowid, name_folded) values ('delete', old.fileid, old.name_folded); end`.execute(db);
      await sql`create trigger filecache_names_update after update of name_folded on filecache begin insert into filecache_names(filecache_names, rowid, name_folded) values ('delete', old.fileid, old.name_folded); insert into filecache_names(rowid, name_folded) values (new.fileid, new.name_folded); end`.execute(db);
      await db.schema.createIndex('filecache_uid_name_folded').on('filecache').columns(['uid', 'name_folded']).execute();
    },
  },
  {
    name: 'storage-014-content-crc32',
    async up(db: Kysely<unknown>) {
      // The CRC-32 of a file's bytes, computed as they were written (null when unknown, or the
      // content changed since): a zip of the folder then need not read the file for it.
      await db.schema.alterTable('filecache').addColumn('crc32', 'bigint').execute();
    },
  },
  {
    name: 'storage-015-finished-operations',
    async up(db: Kysely<unknown>, dialect: SqlDialectName) {
      // A committed MOVE, COPY or DELETE, kept for a few minutes (CUMULUS_REPLAY_WINDOW) so that
      // a client sending it again after a lost answer gets its status, not 404 or 412
      // (finished-operations.ts). A table, so every server process on the database answers.
      await db.schema
        .createTable('finished_operations')
        .$call(idColumn('id', dialect))
        .addColumn('uid', 'varchar(64)', (col) => col.notNull())
        .addColumn('method', 'varchar(8)', (col) => col.notNull())
        .addColumn('source', 'text', (col) => col.notNull())
        .addColumn('destination', 'text', (col) => col.notNull())
        .addColumn('overwrite', 'integer', (col) => col.notNull())
        .addColumn('status', 'integer', (col) => col.notNull())
        .addColumn('fileid', 'bigint')
        .addColumn('etag', 'varchar(40)')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('finished_operations_uid_source').on('finished_operations').columns(['uid', 'source']).execute();
      await db.schema.createIndex('finished_operations_created_at').on('finished_operations').columns(['created_at']).execute();
    },
  },
];

/** Rows folded per statement batch when the column is filled (migration and `search:reindex`). */
const FOLD_BATCH = 2000;

/**
 * Writes every row's folded name (all rows, or one storage key's), a batch at a time in file id
 * order, calling `progress` with the rows done and the total.
 */
export async function foldExistingNames(db: Kysely<unknown>, uid?: string, progress?: (done: number, total: number) => void): Promise<number> {
  const typed = db as unknown as Kysely<{ filecache: { fileid: number; uid: string; name: string; name_folded: string } }>;
  let counted = typed.selectFrom('filecache').select((eb) => eb.fn.countAll<number>().as('n'));
  if (uid !== undefined) counted = counted.where('uid', '=', uid);
  const total = Number((await counted.executeTakeFirst())?.n ?? 0);
  let done = 0;
  let after = 0;
  for (;;) {
    let batch = typed.selectFrom('filecache').select(['fileid', 'name', 'name_folded']).where('fileid', '>', after).orderBy('fileid').limit(FOLD_BATCH);
    if (uid !== undefined) batch = batch.where('uid', '=', uid);
    const rows = await batch.execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const folded = foldName(row.name);
      if (folded !== row.name_folded) await typed.updateTable('filecache').set({ name_folded: folded }).where('fileid', '=', row.fileid).execute();
    }
    done += rows.length;
    after = Number(rows[rows.length - 1]?.fileid);
    progress?.(done, total);
  }
  return done;
}
