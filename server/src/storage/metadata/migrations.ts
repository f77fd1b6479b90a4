import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Migration, SqlDialectName } from '../../db/connection';
import { idColumn } from '../../db/connection';

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
    name: 'storage-013-finished-operations',
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
