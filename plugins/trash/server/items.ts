import type { Kysely } from 'kysely';
import type { PluginMigration } from '@cumulus/server/plugin-api';

/**
 * One item in a user's trash: a node deleted from the user's tree, kept in the plugin's area
 * at `/<name>` (the node keeps its file id, content and dead properties there).
 */
export interface TrashItemRow {
  uid: string;
  /** The item's name in the trash, `<filename>.d<deleted_at>`. */
  name: string;
  /** The node's name before the delete. */
  filename: string;
  /** The node's path before the delete, relative to the user's root (`Docs/report.pdf`). */
  location: string;
  /** Unix seconds. */
  deleted_at: number;
  /** Who deleted it. */
  deleted_by: string;
}

interface TrashTables {
  trash_items: TrashItemRow;
}

/** The plugin's tables (portable schema-builder calls: SQLite and PostgreSQL). */
export const trashMigrations: PluginMigration[] = [
  {
    name: 'trash-001-items',
    async up(db) {
      await db.schema
        .createTable('trash_items')
        .addColumn('uid', 'varchar(64)', (c) => c.notNull())
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('filename', 'varchar(255)', (c) => c.notNull())
        .addColumn('location', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'bigint', (c) => c.notNull())
        .addColumn('deleted_by', 'varchar(64)', (c) => c.notNull())
        .addPrimaryKeyConstraint('trash_items_pk', ['uid', 'name'])
        .execute();
      await db.schema.createIndex('trash_items_by_age').on('trash_items').columns(['uid', 'deleted_at']).execute();
    },
  },
];

/** The `trash_items` table. */
export class TrashItems {
  private readonly db: Kysely<TrashTables>;

  constructor(db: Kysely<unknown>) {
    this.db = db as Kysely<TrashTables>;
  }

  /** Adds the item unless the user's trash has one of that name already; true when it was added. */
  async claim(row: TrashItemRow): Promise<boolean> {
    const result = await this.db
      .insertInto('trash_items')
      .values(row)
      .onConflict((conflict) => conflict.columns(['uid', 'name']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  async has(uid: string, name: string): Promise<boolean> {
    return (await this.get(uid, name)) !== null;
  }

  async get(uid: string, name: string): Promise<TrashItemRow | null> {
    return (await this.db.selectFrom('trash_items').selectAll().where('uid', '=', uid).where('name', '=', name).executeTakeFirst()) ?? null;
  }

  /** The user's items, oldest first. */
  async list(uid: string): Promise<TrashItemRow[]> {
    return this.db.selectFrom('trash_items').selectAll().where('uid', '=', uid).orderBy('deleted_at').orderBy('name').execute();
  }

  /** The users with something in the trash. */
  async owners(): Promise<string[]> {
    return (await this.db.selectFrom('trash_items').select('uid').distinct().execute()).map((row) => row.uid);
  }

  async remove(uid: string, name: string): Promise<void> {
    await this.db.deleteFrom('trash_items').where('uid', '=', uid).where('name', '=', name).execute();
  }

  async removeAll(uid: string): Promise<void> {
    await this.db.deleteFrom('trash_items').where('uid', '=', uid).execute();
  }
}
