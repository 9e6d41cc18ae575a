import { DEFAULT_MIGRATION_TABLE, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dbKinds, emptyTestDb } from '../testing/test-db.js';
import {
  migrateToLatest,
  migrationStatus,
  pendingMigrations,
  withSchemaChangeLock,
} from './migrate.js';
import { migrations } from './migrations/index.js';

const names = Object.keys(migrations).sort();

describe.each(dbKinds)('migration status on %s', (kind) => {
  it('reads what ran from the bookkeeping table: all pending, then none, and names a newer one', async () => {
    const db = await emptyTestDb(kind);
    try {
      expect(await pendingMigrations(db)).toBe(names.length);
      expect(await migrationStatus(db)).toEqual({
        migrations: names.map((name) => ({ name })),
        unknown: [],
      });
      await migrateToLatest(db.db, db.schema);
      expect(await pendingMigrations(db)).toBe(0);
      await sql`insert into ${sql.table(DEFAULT_MIGRATION_TABLE)} (name, timestamp)
          values ('9999-from-a-newer-version', ${new Date().toISOString()})`.execute(db.db);
      const status = await migrationStatus(db);
      expect(status.migrations.map((m) => m.name)).toEqual(names);
      expect(status.migrations.every((m) => m.executedAt instanceof Date)).toBe(true);
      expect(status.unknown).toEqual(['9999-from-a-newer-version']);
    } finally {
      await db.close();
    }
  });
});

describe.runIf(dbKinds.includes('postgres'))('withSchemaChangeLock', () => {
  it('lets one schema change run at a time across connections and schemas', async () => {
    const [a, b] = [await emptyTestDb('postgres'), await emptyTestDb('postgres')];
    const steps: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      const first = withSchemaChangeLock(a.db, async () => {
        steps.push('first starts');
        await held;
        steps.push('first ends');
      });
      // Let the first take the lock before the second asks for it.
      while (steps.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      const second = withSchemaChangeLock(b.db, async () => {
        steps.push('second runs');
      });
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(steps).toEqual(['first starts']);
      release();
      await Promise.all([first, second]);
      expect(steps).toEqual(['first starts', 'first ends', 'second runs']);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
