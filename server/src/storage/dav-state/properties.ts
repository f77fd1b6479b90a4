import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { StorageTables } from '../metadata/tables';

/**
 * Dead properties: whatever a client stores with PROPPATCH, kept per file id
 * as self-contained XML (so they follow renames and moves for free).
 */
export class PropertyStore {
  private readonly db: Kysely<StorageTables>;

  /** @param db the shared database handle */
  constructor(db: Kysely<unknown>) {
    this.db = db as unknown as Kysely<StorageTables>;
  }

  /** The dead properties of one node, Clark name → serialised element. */
  async get(fileid: number): Promise<Map<string, string>> {
    const rows = await this.db.selectFrom('properties').select(['name', 'value']).where('fileid', '=', fileid).execute();
    return new Map(rows.map((row) => [row.name, row.value]));
  }

  /** The dead properties of every child of a folder, in one query. */
  async getForChildren(parent: number): Promise<Map<number, Map<string, string>>> {
    const rows = await this.db
      .selectFrom('properties')
      .innerJoin('filecache', 'filecache.fileid', 'properties.fileid')
      .select(['properties.fileid', 'properties.name', 'properties.value'])
      .where('filecache.parent', '=', parent)
      .execute();
    const result = new Map<number, Map<string, string>>();
    for (const row of rows) {
      let map = result.get(row.fileid);
      if (!map) result.set(row.fileid, (map = new Map()));
      map.set(row.name, row.value);
    }
    return result;
  }

  /**
   * Sets and removes properties in one transaction (PROPPATCH is all or nothing). With `db`
   * (a transaction the caller runs) they change inside that transaction instead.
   */
  async patch(fileid: number, set: [string, string][], remove: string[], db?: Kysely<unknown>): Promise<void> {
    if (db) return applyPatch(db as unknown as Kysely<StorageTables>, fileid, set, remove);
    await this.db.transaction().execute((trx) => applyPatch(trx, fileid, set, remove));
  }

  /**
   * Copies the dead properties of the node at `from` to the node at `to` (COPY keeps them);
   * with `tree`, those of every node below `from` too, each to the node at the same place
   * below `to` (matched by path, so the copied tree must be in the file cache already).
   */
  async copy(uid: string, from: string, to: string, tree: boolean): Promise<void> {
    await this.db
      .insertInto('properties')
      .columns(['fileid', 'name', 'value'])
      .expression((eb) =>
        eb
          .selectFrom('properties as p')
          .innerJoin('filecache as s', 's.fileid', 'p.fileid')
          .innerJoin('filecache as d', (join) =>
            join.onRef('d.uid', '=', 's.uid').on('d.path', '=', sql<string>`${to} || substr(s.path, ${from.length + 1})`),
          )
          .select(['d.fileid', 'p.name', 'p.value'])
          .where('s.uid', '=', uid)
          .where((w) => (tree ? w.or([w('s.path', '=', from), w(sql<string>`substr(s.path, 1, ${from.length + 1})`, '=', `${from}/`)]) : w('s.path', '=', from))),
      )
      .onConflict((conflict) => conflict.columns(['fileid', 'name']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
      .execute();
  }
}

async function applyPatch(db: Kysely<StorageTables>, fileid: number, set: [string, string][], remove: string[]): Promise<void> {
  for (const name of remove) await db.deleteFrom('properties').where('fileid', '=', fileid).where('name', '=', name).execute();
  for (const [name, value] of set) {
    await db
      .insertInto('properties')
      .values({ fileid, name, value })
      .onConflict((conflict) => conflict.columns(['fileid', 'name']).doUpdateSet({ value }))
      .execute();
  }
}
