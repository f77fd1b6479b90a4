import type { Kysely } from 'kysely';
import type { StorageTables } from './tables';

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

  /** Sets and removes properties in one transaction (PROPPATCH is all or nothing). */
  async patch(fileid: number, set: [string, string][], remove: string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const name of remove) await trx.deleteFrom('properties').where('fileid', '=', fileid).where('name', '=', name).execute();
      for (const [name, value] of set) {
        await trx
          .insertInto('properties')
          .values({ fileid, name, value })
          .onConflict((conflict) => conflict.columns(['fileid', 'name']).doUpdateSet({ value }))
          .execute();
      }
    });
  }

  /** Copies one node's dead properties to another (COPY keeps them). */
  async copy(from: number, to: number): Promise<void> {
    const props = await this.get(from);
    await this.patch(to, [...props.entries()], []);
  }
}
