import { describe, it, expect } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Migration } from './connection';
import { migrate, openDatabase, ping } from './connection';

describe('openDatabase and migrate', () => {
  it('applies each migration once, records it, and runs again as a no-op', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cumulus-db-'));
    const db = openDatabase<unknown>(join(dir, 'test.sqlite'));
    let runs = 0;
    const migrations: Migration[] = [
      {
        name: 'test-001',
        async up(trx) {
          runs += 1;
          await trx.schema.createTable('things').addColumn('id', 'integer', (c) => c.primaryKey()).execute();
        },
      },
    ];
    await migrate(db, migrations);
    await migrate(db, migrations);
    expect(runs).toBe(1);
    const applied = await sql<{ name: string }>`select name from migrations`.execute(db);
    expect(applied.rows.map((r) => r.name)).toEqual(['test-001']);
    expect(await ping(db)).toBe(true);
    const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    expect(journal.rows[0]?.journal_mode).toBe('wal');
    await expect(migrate(db, [...migrations, ...migrations])).rejects.toThrow('Duplicate migration name "test-001"');
    await db.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  it('rolls back a failing migration so it runs again next time', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cumulus-db-'));
    const db = openDatabase<unknown>(join(dir, 'test.sqlite'));
    const failing: Migration = {
      name: 'test-002',
      async up(trx) {
        await trx.schema.createTable('half').addColumn('id', 'integer').execute();
        throw new Error('boom');
      },
    };
    await expect(migrate(db, [failing])).rejects.toThrow('boom');
    const applied = await sql<{ name: string }>`select name from migrations`.execute(db);
    expect(applied.rows).toEqual([]);
    const tables = await sql<{ name: string }>`select name from sqlite_master where name = 'half'`.execute(db);
    expect(tables.rows).toEqual([]);
    await db.destroy();
    await rm(dir, { recursive: true, force: true });
  });
});
