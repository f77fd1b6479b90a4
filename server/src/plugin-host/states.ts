import type { Kysely } from 'kysely';

type PluginTables = {
  plugin_states: { id: string; enabled: number; changed_at: number };
};

/**
 * The operators' plugin switches, kept in the database; a plugin never switched is enabled,
 * but for the ones off by default (the example plugins), which stay off until switched on.
 */
export class PluginStates {
  private readonly db: Kysely<PluginTables>;

  constructor(db: Kysely<unknown>) {
    this.db = db as unknown as Kysely<PluginTables>;
  }

  /** The ids switched off, and those of `offByDefault` never switched on. */
  async disabledIds(offByDefault: Iterable<string> = []): Promise<Set<string>> {
    const rows = await this.db.selectFrom('plugin_states').select(['id', 'enabled']).execute();
    const switched = new Map(rows.map((row) => [row.id, row.enabled !== 0]));
    const disabled = new Set(rows.filter((row) => row.enabled === 0).map((row) => row.id));
    for (const id of offByDefault) if (switched.get(id) !== true) disabled.add(id);
    return disabled;
  }

  /** Whether the plugin is enabled (`offByDefault`: an example, off until switched on). */
  async isEnabled(id: string, offByDefault = false): Promise<boolean> {
    return !(await this.disabledIds(offByDefault ? [id] : [])).has(id);
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
