import type { Generated, Kysely } from 'kysely';

/** A share as stored. */
export interface ShareRow {
  id: number;
  share_type: number;
  uid_owner: string;
  uid_file_owner: string;
  file_source: number;
  item_type: 'file' | 'folder';
  share_with: string | null;
  permissions: number;
  stime: number;
  expiration: string | null;
  token: string | null;
  password: string | null;
  note: string;
  label: string;
  hide_download: number;
  attributes: string | null;
  mail_send: number;
  file_target: string | null;
}

// A type alias (not an interface): kysely's table maps need an index signature.
type SharingTables = {
  sharing_shares: Omit<ShareRow, 'id'> & { id: Generated<number> };
};

/** Numbers come back as strings from some drivers (PostgreSQL bigint): make them numbers. */
function normalise(row: ShareRow): ShareRow {
  return { ...row, id: Number(row.id), file_source: Number(row.file_source), stime: Number(row.stime), permissions: Number(row.permissions), share_type: Number(row.share_type), hide_download: Number(row.hide_download), mail_send: Number(row.mail_send) };
}

/**
 * The `sharing_shares` table, and the share types of every shared node kept in memory for
 * `oc:share-types` (a live property is read synchronously for every node of a listing). The
 * memory follows this process's changes; {@link refreshTypesIfChanged} notices those of other
 * processes sharing the database, {@link refreshTypes} reloads it.
 */
export class ShareStore {
  private readonly db: Kysely<SharingTables>;
  /** By file id, the share types each sharer made of the node. */
  private types = new Map<number, Map<string, number[]>>();
  /**
   * The rows the memory was loaded from, as the row count and the highest id: ids are never
   * reused (SQLite AUTOINCREMENT, PostgreSQL identity) and a share's node and type never
   * change, so an insert moves the highest id and a delete the count.
   */
  private loaded = '';

  constructor(db: Kysely<unknown>) {
    this.db = db.withTables<SharingTables>();
  }

  /** The distinct share types of the shares `uid` made of the node with this file id, ascending. */
  typesOf(fileid: number, uid: string): readonly number[] {
    return this.types.get(fileid)?.get(uid) ?? [];
  }

  /** Reloads the share types of every node from the table. */
  async refreshTypes(): Promise<void> {
    const rows = await this.db.selectFrom('sharing_shares').select(['id', 'file_source', 'share_type', 'uid_owner']).execute();
    const types = new Map<number, Map<string, number[]>>();
    let top = 0;
    for (const row of rows) {
      let bySharer = types.get(Number(row.file_source));
      if (!bySharer) types.set(Number(row.file_source), (bySharer = new Map()));
      const list = bySharer.get(row.uid_owner) ?? [];
      if (!list.includes(Number(row.share_type))) list.push(Number(row.share_type));
      bySharer.set(row.uid_owner, list.sort((a, b) => a - b));
      top = Math.max(top, Number(row.id));
    }
    this.types = types;
    this.loaded = `${rows.length}:${top}`;
  }

  /** Reloads the share types when the table's rows are not those the memory was loaded from. */
  async refreshTypesIfChanged(): Promise<void> {
    const { count, top } = await this.db
      .selectFrom('sharing_shares')
      .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.max('id').as('top')])
      .executeTakeFirstOrThrow();
    if (`${Number(count)}:${Number(top ?? 0)}` !== this.loaded) await this.refreshTypes();
  }

  async insert(share: Omit<ShareRow, 'id'>): Promise<ShareRow> {
    const inserted = await this.db.insertInto('sharing_shares').values(share).returning('id').executeTakeFirstOrThrow();
    await this.refreshTypes();
    return { ...share, id: Number(inserted.id) };
  }

  async get(id: number): Promise<ShareRow | null> {
    if (!Number.isSafeInteger(id)) return null;
    const row = await this.db.selectFrom('sharing_shares').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? normalise(row) : null;
  }

  async byToken(token: string): Promise<ShareRow | null> {
    const row = await this.db.selectFrom('sharing_shares').selectAll().where('token', '=', token).executeTakeFirst();
    return row ? normalise(row) : null;
  }

  /** Shares the user created (as sharer). */
  async createdBy(uid: string): Promise<ShareRow[]> {
    return (await this.db.selectFrom('sharing_shares').selectAll().where('uid_owner', '=', uid).orderBy('id').execute()).map(normalise);
  }

  /** User shares the user received. */
  async receivedBy(uid: string): Promise<ShareRow[]> {
    return (await this.db.selectFrom('sharing_shares').selectAll().where('share_with', '=', uid).where('share_type', '=', 0).orderBy('id').execute()).map(normalise);
  }

  /** Shares of the given nodes of one file owner. */
  async ofNodes(fileOwner: string, fileids: readonly number[]): Promise<ShareRow[]> {
    if (fileids.length === 0) return [];
    return (await this.db.selectFrom('sharing_shares').selectAll().where('uid_file_owner', '=', fileOwner).where('file_source', 'in', [...fileids]).orderBy('id').execute()).map(normalise);
  }

  /** Every share of nodes the user owns. */
  async ofFileOwner(fileOwner: string): Promise<ShareRow[]> {
    return (await this.db.selectFrom('sharing_shares').selectAll().where('uid_file_owner', '=', fileOwner).orderBy('id').execute()).map(normalise);
  }

  async update(id: number, changes: Partial<Omit<ShareRow, 'id'>>): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    await this.db.updateTable('sharing_shares').set(changes).where('id', '=', id).execute();
  }

  async delete(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('sharing_shares').where('id', 'in', [...ids]).execute();
    await this.refreshTypes();
  }
}
