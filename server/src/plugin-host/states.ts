import type { Kysely } from 'kysely';

type PluginTables = {
  plugin_states: { id: string; enabled: number; changed_at: number };
};

/** The operators' plugin switches, kept in the database; a plugin never switched is enabled. */
export class PluginStates {
  private readonly db: Kysely<PluginTables>;

  constructor(db: Kysely<unknown>) {
    this.db = db as unknown as Kysely<PluginTables>;
  }

  /** The ids switched off. */
  async disabledIds(): Promise<Set<string>> {
    const rows = await this.db.selectFrom('plugin_states').select('id').where('enabled', '=', 0).execute();
    return new Set(rows.map((row) => row.id));
  }

  /** Whether the plugin is enabled. */
  async isEnabled(id: string): Promise<boolean> {
    return !(await this.disabledIds()).has(id);
  }

  /** Switches a plugin on or off (takes effect at the next page load / server start). */
  async setEnabled(id: string, enabled: boolean): Promise<void> {
    const changedAt = Math.floor(Date.now() / 1000);
    await this.db
      .insertInto('plugin_states')
      .values({ id, enabled: enabled ? 1 : 0, changed_at: changedAt })
      .onConflict((conflict) => conflict.column('id').doUpdateSet({ enabled: enabled ? 1 : 0, changed_at: changedAt }))
      .execute();
  }
}
